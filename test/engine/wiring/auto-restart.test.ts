import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PaneState } from '../../../main/engine/sessions/pane-state.ts';
import { autoRestartOver, claudeSession } from './support/auto-restart-fixture.ts';

function transcript(inputTokens: number): string {
  const dir = mkdtempSync(join(tmpdir(), 'tb-auto-'));
  const file = join(dir, 't.jsonl');
  const line = {
    type: 'assistant',
    isSidechain: false,
    message: {
      role: 'assistant',
      content: [{ type: 'text', text: 'done' }],
      usage: { input_tokens: inputTokens, cache_read_input_tokens: 0, cache_creation_input_tokens: 0, output_tokens: 10 },
    },
  };
  writeFileSync(file, JSON.stringify(line) + '\n');
  return file;
}

function setup(file: string, state: PaneState['state'], threshold: number) {
  return autoRestartOver(claudeSession(file), state, threshold);
}

describe('AutoRestart', () => {
  it('restarts an idle agent whose context use passed the threshold, once per cool-down', async () => {
    const { auto, restarts, clock } = setup(transcript(190_000), 'idle', 80);
    await auto.check();
    await auto.check();
    expect(restarts).toEqual(['S:/x|%1']);
    clock.advance(10 * 60_000);
    await auto.check();
    expect(restarts).toHaveLength(2);
  });

  it('keeps a cool-down through the pane-gone its own restart causes', async () => {
    const { auto, restarts } = setup(transcript(190_000), 'idle', 80);
    await auto.check();
    // The restarted agent's process exits: the observer reports the pane gone, then seen again.
    auto.forget('S:/x|%1');
    await auto.check();
    expect(restarts).toEqual(['S:/x|%1']);
  });

  it('keeps no cool-down that ran out', async () => {
    const file = transcript(190_000);
    const { auto, restarts, clock } = setup(file, 'idle', 80);
    await auto.check();
    expect(auto.sizes().lastAttempt).toBe(1);
    // The restarted session starts small: nothing is due when the cool-down has run out.
    writeFileSync(file, readFileSync(transcript(20_000)));
    clock.advance(10 * 60_000);
    await auto.check();
    expect(restarts).toHaveLength(1);
    expect(auto.sizes().lastAttempt).toBe(0);
  });

  it('forgets that it left a remote pane alone once that pane went', async () => {
    const { auto } = autoRestartOver(claudeSession('/nonexistent', { host: 'gpu', pane: '@gpu:default|%1' }));
    await auto.check();
    expect(auto.sizes().remoteSkipped).toBe(1);
    auto.forget('@gpu:default|%1');
    expect(auto.sizes().remoteSkipped).toBe(0);
  });

  it('leaves agents under the threshold, busy agents, and everything when off', async () => {
    expect((await run(transcript(20_000), 'idle', 80)).restarts).toEqual([]);
    expect((await run(transcript(190_000), 'working', 80)).restarts).toEqual([]);
    expect((await run(transcript(190_000), 'permission', 80)).restarts).toEqual([]);
    expect((await run(transcript(190_000), 'idle', 0)).restarts).toEqual([]);
  });
});

async function run(file: string, state: PaneState['state'], threshold: number) {
  const s = setup(file, state, threshold);
  await s.auto.check();
  return s;
}
