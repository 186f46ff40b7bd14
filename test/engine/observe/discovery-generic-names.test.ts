/**
 * Discovery on the real path (a private tmux server, /proc, the observer over a control-mode client):
 * an agent whose process name says nothing is found by its arguments — Amazon Q's `q chat` as Kiro —
 * and the agent a wrapper script with a name of its own runs in the foreground is found too.
 */
import { chmodSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TmuxClient } from '../../../main/engine/tmux/types.ts';
import { namedSleeper } from '../../support/fake-agent-binary.ts';
import { poll } from '../../support/poll.ts';
import { realObserver } from '../../support/real-observer.ts';
import { startPrivateTmux } from '../../support/tmux-server.ts';
import type { PrivateTmux } from '../../support/tmux-server.ts';

let tmux: PrivateTmux | null = null;
let client: TmuxClient | null = null;
const runtimeOf = new Map<string, string>();

/** An executable shell script `name` in the test's bin dir. */
function script(dir: string, name: string, body: string): string {
  const path = join(dir, 'bin', name);
  writeFileSync(path, `#!/bin/sh\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

beforeAll(async () => {
  const t = await startPrivateTmux();
  tmux = t;
  const claude = namedSleeper(t.dir, 'claude');
  // `q` sleeps without exec, so the pane's process stays named q with `chat` among its arguments.
  const q = script(t.dir, 'q', 'sleep 100000');
  const qOther = script(t.dir, 'q-other', `exec '${q}' translate hello`);
  const wrapper = script(t.dir, 'run-claude', `'${claude}' 100000`);
  const panes = {
    'q chat': await t.newPane(`exec '${q}' chat`),
    'q translate': await t.newPane(`exec '${qOther}'`),
    'run-claude': await t.newPane(`exec '${wrapper}'`),
  };
  const real = await realObserver(t);
  client = real.client;
  const observer = real.observer;
  const wanted = [panes['q chat'], panes['run-claude']];
  await poll(
    async () => {
      await observer.tick();
      const found = observer.snapshot().filter((p) => wanted.includes(p.info.paneId));
      return found.length === wanted.length ? found : null;
    },
    'the q chat and run-claude panes discovered',
    { timeoutMs: 60_000, intervalMs: 250 },
  );
  for (const [name, id] of Object.entries(panes)) {
    const seen = observer.snapshot().find((p) => p.info.paneId === id);
    runtimeOf.set(name, seen?.runtime ?? 'none');
  }
}, 90_000);

afterAll(async () => {
  await client?.close();
  await tmux?.kill();
});

describe('discovery by arguments and wrappers (real tmux, real /proc)', () => {
  it('finds `q chat` as Kiro', () => {
    expect(runtimeOf.get('q chat')).toBe('kiro');
  });

  it('finds the agent a wrapper script runs in the foreground', () => {
    expect(runtimeOf.get('run-claude')).toBe('claude');
  });

  it('leaves a `q` that is not chatting alone', () => {
    expect(runtimeOf.get('q translate')).toBe('none');
  });
});
