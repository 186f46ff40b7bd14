/**
 * The real path of hook context through a running engine: large hooks posted to its loopback
 * endpoint, as the forwarder posts them, from sessions in no watched pane (kept as context only).
 * The engine keeps each field bounded (hooks/hook-bounds.test.ts has the exact bounds); here the
 * retained heap is measured roughly: before the bounds, 200 hooks of 0.9 MB held about 180 MB.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineHarness } from '../../support/engine-harness.ts';
import { startEngineHarness } from '../../support/engine-harness.ts';
import { postHook } from './support.ts';

let h: EngineHarness | null = null;
afterEach(async () => {
  await h?.dispose();
  h = null;
});

const MB = 1024 * 1024;

describe('hooks integration: memory', () => {
  it('200 hooks of 0.9 MB (the endpoint takes 1 MiB a body) leave the engine holding a few MB', { timeout: 180_000 }, async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    h = await startEngineHarness({ api: true });
    const text = 'w'.repeat(0.9 * MB);
    // One hook first: whatever the first request loads or caches is not counted.
    await postHook(h.engine, { hook_event_name: 'Stop', session_id: 'warm-up', last_assistant_message: 'hi' }, null);
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let n = 0; n < 200; n++) {
      const payload =
        n % 2 === 0
          ? { hook_event_name: 'Stop', session_id: `big-${n}`, last_assistant_message: text }
          : { hook_event_name: 'PermissionRequest', session_id: `big-${n}`, tool_name: 'Bash', tool_input: { command: text } };
      const answer = await postHook(h.engine, payload, null);
      expect(answer.status).toBe(202);
    }
    // Each delivery is handed on as its answer is written, so all 200 have landed by now.
    gc();
    const retainedMb = (process.memoryUsage().heapUsed - before) / MB;
    console.log(`200 × 0.9 MB hooks through the engine: ${retainedMb.toFixed(1)} MB retained`);
    expect(retainedMb).toBeLessThan(48);
  });
});
