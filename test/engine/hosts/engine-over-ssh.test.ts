/**
 * The engine end to end on a "remote" host over real OpenSSH (private sshd on loopback, private tmux
 * behind it, scripted agents recording every key): the same queue and the same keys as locally.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { claudeIdleWorking, claudePermBash } from '../../support/scenarios/index.ts';
import { startScriptedAgent } from '../../support/scripted-agent/start.ts';
import { poll } from '../../support/poll.ts';
import type { RemoteHarness } from '../../support/remote-harness.ts';
import { REMOTE_HOST, startRemoteHarness } from '../../support/remote-harness.ts';
import { FAST_WATCHDOG, submissionsReach } from '../watchdog-integration/support.ts';

let r: RemoteHarness | null = null;
afterEach(async () => {
  await r?.dispose();
  r = null;
});

async function queue() {
  const env = await r!.h.engine.api['queue:list']({});
  if (!env.ok) throw new Error(env.error.message);
  return env.value;
}

async function promptOn(host: string | null) {
  return poll(
    async () => (await queue()).find((i) => i.reason === 'permission' && i.approveLabel && i.host === host),
    `a permission item on ${host ?? 'this machine'}`,
    { timeoutMs: 20_000 },
  );
}

describe('engine over ssh', () => {
  it('queues a remote prompt under its host, next to a local one, and approve sends the same single key to both', async () => {
    r = await startRemoteHarness();
    const remote = await startScriptedAgent(r.remote, claudePermBash(), { session: 'gpu-worker' });
    const local = await startScriptedAgent(r.h.tmux, claudePermBash(), { session: 'api-worker' });
    const remoteItem = await promptOn(REMOTE_HOST);
    const localItem = await promptOn(null);
    expect(remoteItem.paneKey).toBe(`${r.serverKey}|${remote.paneId}`);
    expect(remoteItem).toMatchObject({
      host: REMOTE_HOST,
      unreachable: null,
      subject: 'ls -la /tmp',
      approveLabel: 'Yes',
      target: expect.stringMatching(/^gpu-worker:/),
    });
    expect(localItem.host).toBeNull();

    const agents = await r.h.engine.api['agents:list']({});
    expect(agents.ok && agents.value.map((a) => [a.host, a.state]).sort()).toEqual(
      [
        [REMOTE_HOST, 'permission'],
        [null, 'permission'],
      ].sort(),
    );

    for (const item of [remoteItem, localItem]) {
      expect(await r.h.engine.api['item:approve']({ id: item.id, fingerprint: item.fingerprint })).toMatchObject({
        ok: true,
        value: { outcome: 'confirmed' },
      });
    }
    expect(await remote.keyNames()).toEqual(['1']);
    expect(await local.keyNames()).toEqual(await remote.keyNames());
    const audit = await r.h.engine.api['audit:list']({ limit: 10, before: null });
    expect(audit.ok && audit.value.map((a) => [a.host, a.keys, a.outcome]).sort()).toEqual(
      [
        [REMOTE_HOST, ['1'], 'confirmed'],
        [null, ['1'], 'confirmed'],
      ].sort(),
    );
  });

  it('deny sends the No key; a stale fingerprint sends nothing; reply types into an idle remote agent', async () => {
    r = await startRemoteHarness();
    const denied = await startScriptedAgent(r.remote, claudePermBash(), { session: 'deny-me' });
    const item = await promptOn(REMOTE_HOST);
    expect(await r.h.engine.api['item:approve']({ id: item.id, fingerprint: 'not-what-the-user-saw' })).toMatchObject({
      ok: true,
      value: { outcome: 'changed' },
    });
    expect(await denied.keyNames()).toEqual([]);
    expect(await r.h.engine.api['item:deny']({ id: item.id, fingerprint: item.fingerprint })).toMatchObject({
      ok: true,
      value: { outcome: 'confirmed' },
    });
    expect(await denied.keyNames()).toEqual(['4']);

    const idle = await startScriptedAgent(r.remote, claudeIdleWorking(), { session: 'idle-one' });
    const idleItem = await poll(
      async () => (await queue()).find((i) => i.reason === 'idle' && i.host === REMOTE_HOST && i.sessionName === 'idle-one' && i.canReply),
      'a remote idle item',
      { timeoutMs: 20_000 },
    );
    const replied = await r.h.engine.api['item:reply']({ id: idleItem.id, text: 'run the tests, then fix what fails' });
    expect(replied).toMatchObject({ ok: true, value: { outcome: 'confirmed' } });
    const submitted = await poll(async () => {
      const list = await idle.submissions();
      return list.length > 0 ? list : null;
    }, 'the submission');
    expect(submitted.map((s) => s.text)).toEqual(['run the tests, then fix what fails']);
  });

  it('the idle watchdog nudges a remote agent with exactly the keys it types locally, audited with the host', async () => {
    r = await startRemoteHarness({
      config: { watchdog: { ...FAST_WATCHDOG, maxNudges: 2, rules: [{ runtime: 'claude', mode: 'active' }] } },
    });
    const remote = await startScriptedAgent(r.remote, claudeIdleWorking(), { session: 'remote-idle' });
    const local = await startScriptedAgent(r.h.tmux, claudeIdleWorking(), { session: 'local-idle' });
    await submissionsReach(remote, 2, 30_000);
    await submissionsReach(local, 2, 30_000);
    expect(await remote.keyNames()).toEqual(['C-u', 'Paste', 'Enter', 'C-u', 'Paste', 'Enter']);
    expect(await local.keyNames()).toEqual(await remote.keyNames());
    const audit = await r.h.engine.api['audit:list']({ limit: 50, before: null });
    const nudges = audit.ok ? audit.value.filter((a) => a.origin === 'watchdog') : [];
    expect(nudges.filter((a) => a.host === REMOTE_HOST).map((a) => a.text)).toEqual(['continue', 'continue']);
    expect(nudges.filter((a) => a.host === null).map((a) => a.text)).toEqual(['continue', 'continue']);
  }, 60_000);
});
