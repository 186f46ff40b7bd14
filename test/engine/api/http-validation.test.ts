/**
 * The loopback API checks arguments with the same schemas as IPC: a bad shape answers `invalid`
 * (never `internal`), sends no key, writes no audit row and changes no item.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueItemDto } from '../../../preload/contract/queue-item.ts';
import { postJson } from '../http/http-helpers.ts';
import type { EngineHarness } from '../../support/engine-harness.ts';
import { startEngineHarness } from '../../support/engine-harness.ts';
import { claudePermBash } from '../../support/scenarios/index.ts';
import type { ScriptedAgent } from '../../support/scripted-agent/start.ts';
import { startScriptedAgent } from '../../support/scripted-agent/start.ts';
import { poll } from '../../support/poll.ts';

let h: EngineHarness;
let agent: ScriptedAgent;
let item: QueueItemDto;

beforeAll(async () => {
  h = await startEngineHarness({ api: true });
  agent = await startScriptedAgent(h.tmux, claudePermBash(), { session: 'api-worker' });
  item = await poll(async () => {
    const env = await h.engine.api['queue:list']({});
    return env.ok ? env.value.find((i) => i.reason === 'permission' && i.approveLabel) : null;
  }, 'the permission prompt queued');
}, 60_000);

afterAll(async () => {
  await h?.dispose();
});

async function call(channel: string, args: unknown) {
  const res = await postJson(h.engine.apiPort!, `/api/${channel}`, h.engine.apiToken!, args);
  expect(res.status).toBe(200);
  return res.json as { ok: boolean; error?: { code: string; message: string; issues?: { path: string }[] } };
}

async function nothingChanged() {
  expect(await agent.keyNames()).toEqual([]);
  const audit = await h.engine.api['audit:list']({ limit: 10, before: null });
  expect(audit.ok && audit.value).toEqual([]);
  const stored = h.engine.store.items.get(item.id);
  expect(stored).toMatchObject({ snoozedUntil: null, claimedBy: null });
}

describe('HTTP API argument checks', () => {
  it('refuses a string forMs as invalid, and the item stays unsnoozed', async () => {
    const env = await call('item:snooze', { id: item.id, forMs: '999999999999999' });
    expect(env.error).toMatchObject({ code: 'invalid', issues: [{ path: 'forMs' }] });
    await nothingChanged();
  });

  it('refuses a snooze longer than 30 days, and a negative one', async () => {
    expect((await call('item:snooze', { id: item.id, forMs: 31 * 86_400_000 })).error?.code).toBe('invalid');
    expect((await call('item:snooze', { id: item.id, forMs: -5 })).error?.code).toBe('invalid');
    await nothingChanged();
  });

  it('refuses approve and deny with an empty or missing fingerprint: the check is never skipped', async () => {
    for (const channel of ['item:approve', 'item:deny']) {
      expect((await call(channel, { id: item.id, fingerprint: '' })).error).toMatchObject({
        code: 'invalid',
        issues: [{ path: 'fingerprint' }],
      });
      expect((await call(channel, { id: item.id })).error).toMatchObject({ code: 'invalid', issues: [{ path: 'fingerprint' }] });
    }
    await nothingChanged();
  });

  it('answers wrong types with invalid, not internal', async () => {
    const cases: [string, unknown][] = [
      ['item:approve', { id: 5, fingerprint: item.fingerprint }],
      ['item:approve', [item.id, item.fingerprint]],
      ['item:approve', 'approve'],
      ['item:reply', { id: item.id, text: 42 }],
      ['pane:mute', { paneKey: item.paneKey, muted: 'yes' }],
      ['audit:list', { limit: '10', before: null }],
      ['activity:get', { since: 'yesterday' }],
      ['settings:set', { settings: null }],
      ['item:restart', { id: item.id, runtime: 'bash' }],
      ['queue:list', { extra: true }],
      ['queue:list', null],
    ];
    for (const [channel, args] of cases) {
      const env = await call(channel, args);
      expect({ channel, args, code: env.error?.code }).toEqual({ channel, args, code: 'invalid' });
    }
    await nothingChanged();
  });

  it('refuses reply text with ESC, NUL or other control characters before anything is sent', async () => {
    for (const text of ['ok\u001b[201~\rrm -rf ~', 'a\u0000b', 'bell\u0007', 'csi\u009b1m', 'x'.repeat(100_001)]) {
      expect((await call('item:reply', { id: item.id, text })).error).toMatchObject({ code: 'invalid', issues: [{ path: 'text' }] });
    }
    await nothingChanged();
  });

  it('still approves with the right fingerprint (the checks refuse only bad shapes)', async () => {
    const env = await call('item:approve', { id: item.id, fingerprint: item.fingerprint });
    expect(env).toMatchObject({ ok: true, value: { outcome: 'confirmed' } });
    expect(await agent.keyNames()).toEqual(['1']);
  });
});
