/**
 * A tmux server killed and started again at the same socket, again and again (a long run sees this):
 * each time the new prompt is queued, and the engine holds exactly one control-mode connection to
 * the new server — no connection, listener or handle left over from the servers before.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { EngineHarness } from '../support/engine-harness.ts';
import { startEngineHarness } from '../support/engine-harness.ts';
import { poll } from '../support/poll.ts';
import { claudePermBash } from '../support/scenarios/index.ts';
import { startScriptedAgent } from '../support/scripted-agent/start.ts';

let h: EngineHarness | null = null;
afterEach(async () => {
  await h?.dispose();
  h = null;
});

async function controlClients(): Promise<number> {
  const r = await h!.tmux.run(['list-clients', '-F', '#{client_control_mode}']);
  return r.exitCode === 0 ? r.stdout.split('\n').filter((l) => l.trim() === '1').length : 0;
}

async function permissionItem() {
  const q = await h!.engine.api['queue:list']({});
  return q.ok ? q.value.find((i) => i.reason === 'permission') : undefined;
}

describe('tmux server restarted under the engine', () => {
  it('three restarts at the same socket: each new prompt queued, one control connection each time', async () => {
    h = await startEngineHarness();
    const seen: string[] = [];
    for (let round = 0; round < 3; round++) {
      await startScriptedAgent(h.tmux, claudePermBash(), { session: `round${round}` });
      const item = await poll(permissionItem, `round ${round}: the prompt queued`, { timeoutMs: 30_000 });
      expect(seen).not.toContain(item.id);
      seen.push(item.id);
      await poll(async () => ((await controlClients()) === 1 ? true : null), `round ${round}: one control connection`, {
        timeoutMs: 30_000,
      });
      await h.tmux.killServer();
      await poll(async () => ((await permissionItem()) === undefined ? true : null), `round ${round}: the item gone with its server`, {
        timeoutMs: 30_000,
      });
    }
    // Connections to dead servers are closed, not kept: the engine's tmux children are its live ones.
    expect(await controlClients()).toBe(0);
  }, 120_000);
});
