/**
 * The engine frozen (SIGSTOP, as a laptop lid or a debugger does) while the user answers or changes a
 * prompt in the pane, then resumed (SIGCONT): nothing stale is sent — an approve of the item the user
 * saw before the freeze sends no key — and the stale item leaves the queue. The engine is a real
 * `trailboss daemon` in its own process (the bench's soak daemon), so only it is stopped.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { SoakDaemon } from '../../bench/soak-daemon.ts';
import { startSoakDaemon } from '../../bench/soak-daemon.ts';
import type { Envelope } from '../../preload/contract/envelope.ts';
import type { ActionOutcomeDto, QueueItemDto } from '../../preload/contract/queue-item.ts';
import { poll } from '../support/poll.ts';
import { claudePermBash } from '../support/scenarios/index.ts';
import { startScriptedAgent } from '../support/scripted-agent/start.ts';
import type { PrivateTmux } from '../support/tmux-server.ts';
import { startPrivateTmux } from '../support/tmux-server.ts';

let tmux: PrivateTmux | null = null;
let daemon: SoakDaemon | null = null;
let dir: string | null = null;
afterEach(async () => {
  if (daemon) process.kill(daemon.pid, 'SIGCONT');
  await daemon?.stop();
  await tmux?.kill();
  if (dir) rmSync(dir, { recursive: true, force: true });
  daemon = tmux = dir = null;
});

async function setup() {
  dir = mkdtempSync(join(tmpdir(), 'tb-suspend-'));
  const socket = join(dir, 'tmux.sock');
  tmux = await startPrivateTmux({ socketPath: socket });
  const agent = await startScriptedAgent(tmux, claudePermBash(), { session: 'work' });
  daemon = await startSoakDaemon(join(dir, 'engine'), socket, { tmux: { captureMode: 'control' } });
  const d = daemon;
  const queue = async () => {
    const q = await d.post<Envelope<QueueItemDto[]>>('/api/queue:list', {});
    if (!q.ok) throw new Error(q.error.message);
    return q.value;
  };
  const shown = await poll(
    async () => (await queue()).find((i) => i.reason === 'permission' && i.approveLabel !== null),
    'the prompt queued',
    {
      timeoutMs: 30_000,
    },
  );
  return { agent, d, queue, shown };
}

describe('engine stopped and resumed', () => {
  it('the prompt answered in the pane while the engine was stopped: approving what was shown sends nothing', async () => {
    const { agent, d, queue, shown } = await setup();
    process.kill(d.pid, 'SIGSTOP');
    await agent.send('1');
    await agent.waitForState('approved');
    process.kill(d.pid, 'SIGCONT');
    const answer = await d.post<Envelope<ActionOutcomeDto>>('/api/item:approve', { id: shown.id, fingerprint: shown.fingerprint });
    expect(answer.ok && answer.value.outcome).toMatch(/^(gone|changed)$/);
    await poll(async () => !(await queue()).some((i) => i.id === shown.id), 'the stale item gone from the queue', { timeoutMs: 30_000 });
    expect(await agent.keyNames()).toEqual(['1']);
  }, 90_000);

  it('the prompt changed in the pane while the engine was stopped: approving what was shown sends nothing', async () => {
    const { agent, d, queue, shown } = await setup();
    process.kill(d.pid, 'SIGSTOP');
    await agent.send('Tab');
    await agent.waitForState('amend');
    process.kill(d.pid, 'SIGCONT');
    const answer = await d.post<Envelope<ActionOutcomeDto>>('/api/item:approve', { id: shown.id, fingerprint: shown.fingerprint });
    expect(answer.ok && answer.value.outcome).toMatch(/^(gone|changed)$/);
    await poll(
      async () => !(await queue()).some((i) => i.id === shown.id && i.fingerprint === shown.fingerprint),
      'the stale prompt no longer shown',
      {
        timeoutMs: 30_000,
      },
    );
    expect(await agent.keyNames()).toEqual(['Tab']);
  }, 90_000);
});
