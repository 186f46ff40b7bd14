import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AutoRestart } from '../../../main/engine/wiring/auto-restart.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import { silentLogger } from '../../../main/engine/platform/log.ts';
import type { ClaudeSessionContext } from '../../../main/engine/claude-signals/session-directory.ts';
import type { PaneState } from '../../../main/engine/sessions/pane-state.ts';

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

function session(file: string): ClaudeSessionContext {
  return {
    sessionId: 's',
    host: null,
    pane: 'S:/x|%1',
    transcriptPath: file,
    cwd: '/tmp',
    lastEvent: 'Stop',
    lastSignal: null,
    lastAt: 0,
    lastAssistantMessage: null,
    ended: false,
  };
}

function setup(file: string, state: PaneState['state'], threshold: number) {
  const restarts: string[] = [];
  const clock = new ManualClock(1_000_000);
  const auto = new AutoRestart({
    clock,
    logger: silentLogger,
    threshold: () => threshold,
    sessions: () => [session(file)],
    stateOf: () => ({ state }) as PaneState,
    restart: async (pane) => {
      restarts.push(pane);
      return { outcome: 'confirmed', message: 'ok' };
    },
  });
  return { auto, restarts, clock };
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
