/**
 * The opencode plugin fused with the pane, end to end: a real engine with its loopback API, a
 * scripted opencode pane held on a working screen, and the plugin file exactly as `hooks install
 * --runtime opencode` writes it, run by Node with the pane's TMUX_PANE and TMUX and fed the real
 * opencode 1.18.33 events (test/fixtures/hooks/opencode). The event queues the pane at once with no
 * approve key; the pane's own prompt then decides the key.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { readOpencodeArrivals } from '../../../main/engine/hooks/opencode-arrivals.ts';
import { opencodeBashApproval } from '../../support/scenarios/opencode.ts';
import { startScriptedAgent } from '../../support/scripted-agent/start.ts';
import type { EngineHarness } from '../../support/engine-harness.ts';
import { startEngineHarness } from '../../support/engine-harness.ts';
import { poll } from '../../support/poll.ts';
import { runOpencodePlugin } from '../hooks/opencode-plugin-runner.ts';
import type { EventLog } from './support.ts';
import { RELEASE_KEY, heldWorking, paneKeyOf, queue, recordItemEvents, waitForTruth } from './support.ts';

const FIXTURES = join(import.meta.dirname, '../../fixtures/hooks/opencode');
const event = (name: string) => JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as Record<string, unknown>;

let h: EngineHarness | null = null;
let events: EventLog | null = null;
const dirs: string[] = [];
afterEach(async () => {
  events?.stop();
  events = null;
  await h?.dispose();
  h = null;
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const runPlugin = (endpointFile: string, sent: readonly unknown[], env: Record<string, string>) =>
  runOpencodePlugin({ endpointFile, events: sent, env, tempDirs: dirs });

async function heldOpencode() {
  h = await startEngineHarness({ api: true });
  const agent = await startScriptedAgent(h.tmux, heldWorking(opencodeBashApproval(), 'panes/opencode/working-stream-1'), {
    session: 'opencode-worker',
  });
  const pane = paneKeyOf(h.socket, agent);
  await waitForTruth(h.engine, pane, (s) => s.state === 'working', 'the opencode pane seen working');
  events = recordItemEvents(h.engine);
  const env = { TMUX_PANE: agent.paneId, TMUX: `${h.socket},${process.pid},0` };
  return { h, agent, pane, env };
}

describe('opencode plugin integration', () => {
  it('permission.asked queues an opencode permission item on that pane before the pane shows the prompt, with no approve key', async () => {
    const { h, agent, pane, env } = await heldOpencode();
    const run = await runPlugin(h.engine.paths.endpoint, [event('permission.asked-bash.json')], env);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const added = await poll(() => events!.added[0]?.item, 'item:added');
    expect(added).toMatchObject({
      paneKey: pane,
      runtime: 'opencode',
      reason: 'permission',
      subject: 'bash: echo ran >> ran.txt',
      approveLabel: null,
    });
    expect(await agent.currentState()).toBe('held');
    expect(readOpencodeArrivals(h.engine.store)).toEqual({ 'permission.asked': { count: 1, lastAt: expect.any(Number) } });
  }, 60_000);

  it("the pane's prompt then upgrades the same item, and approve sends exactly Enter on Allow once", async () => {
    const { h, agent, env } = await heldOpencode();
    await runPlugin(h.engine.paths.endpoint, [event('permission.asked-bash.json')], env);
    const born = await poll(() => events!.added[0]?.item, 'the event-born item');
    expect(born.approveLabel).toBeNull();
    await agent.send(RELEASE_KEY);
    const upgraded = await poll(() => events!.updated.find((u) => u.item.approveLabel !== null)?.item, 'the item upgraded by the pane');
    expect(upgraded).toMatchObject({ id: born.id, approveLabel: expect.stringMatching(/Allow once/) });
    const result = await h.engine.api['item:approve']({ id: upgraded.id, fingerprint: upgraded.fingerprint });
    expect(result).toMatchObject({ ok: true, value: { outcome: 'confirmed' } });
    expect((await agent.keyNames()).filter((k) => k !== RELEASE_KEY)).toEqual(['Enter']);
  }, 60_000);

  it('of a whole recorded turn only the forwarded events reach the engine', async () => {
    const { h, env } = await heldOpencode();
    const turn = readFileSync(join(FIXTURES, 'bash-turns.jsonl'), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const noise = [
      { id: 'evt_1', type: 'message.part.delta', properties: { sessionID: 'ses_x', delta: 'text' } },
      { id: 'evt_2', type: 'session.idle', properties: { sessionID: 'ses_x' } },
    ];
    const run = await runPlugin(h.engine.paths.endpoint, [...noise, ...turn], env);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    const counted = (type: string) => turn.filter((e) => e['type'] === type).length;
    await poll(() => {
      const a = readOpencodeArrivals(h.engine.store);
      return (a['session.status']?.count ?? 0) === counted('session.status') ? a : null;
    }, 'every forwarded event counted');
    expect(readOpencodeArrivals(h.engine.store)).toEqual({
      'permission.asked': { count: counted('permission.asked'), lastAt: expect.any(Number) },
      'permission.replied': { count: counted('permission.replied'), lastAt: expect.any(Number) },
      'session.status': { count: counted('session.status'), lastAt: expect.any(Number) },
    });
  }, 60_000);

  it('an event from a pane nobody watches queues nothing', async () => {
    const { h, env } = await heldOpencode();
    await runPlugin(h.engine.paths.endpoint, [event('permission.asked-bash.json')], { ...env, TMUX_PANE: '%999' });
    await poll(() => readOpencodeArrivals(h.engine.store)['permission.asked'], 'the event counted');
    expect((await queue(h.engine)).filter((i) => i.reason === 'permission')).toEqual([]);
  }, 60_000);

  it('with no engine the hook returns at once and the plugin never throws', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tb-opencode-noengine-'));
    dirs.push(dir);
    const run = await runPlugin(join(dir, 'endpoint.json'), [event('permission.asked-bash.json'), { type: 42 }, null], {
      TMUX_PANE: '%1',
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe('');
    expect(Number(run.stdout)).toBeLessThan(100);
  }, 30_000);
});
