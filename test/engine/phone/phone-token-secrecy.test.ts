/**
 * The bot token is part of every Bot API URL; it must appear in no log line, error, audit row or
 * stored byte. A revoked token (401) stops the channel with one clear message. Real engine, scripted
 * agent in a private tmux server, stand-in Bot API (Telegram cannot be reached from here).
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claudePermBash } from '../../support/scenarios/index.ts';
import { startScriptedAgent } from '../../support/scripted-agent/start.ts';
import { poll } from '../../support/poll.ts';
import type { PhoneRig } from './support.ts';
import { OWNER, startPhoneRig, waitForAnswer, waitForMessage } from './support.ts';
import { waitForItem } from '../../support/chat-rig.ts';
import { botTokenPath } from '../../../main/engine/phone/bot-token-file.ts';
import { BotApiStandIn } from '../../support/bot-api/stand-in.ts';

let rig: PhoneRig | null = null;
afterEach(async () => {
  await rig?.dispose();
  rig = null;
});

describe('phone: the bot token stays secret', () => {
  it('appears in no log line, engine error, audit row or database byte, through faults and a revocation', async () => {
    rig = await startPhoneRig();
    const r = rig;
    const errors: string[] = [];
    r.h.engine.on('engine:error', (e) => errors.push(e.message));
    await startScriptedAgent(r.h.tmux, claudePermBash(), { session: 'api-worker' });
    await waitForItem(r.h, (i) => i.reason === 'permission' && i.approveLabel !== null, 'a permission item');
    const m = await waitForMessage(r);
    r.tg.press(OWNER, OWNER.id, m.message_id, 'Approve:');
    await waitForAnswer(r.tg, 1);
    // Failures whose messages could quote the URL: a 5xx, a dropped connection, then the token revoked.
    r.tg.fail('getUpdates', { kind: 'status', status: 500 });
    r.tg.fail('getUpdates', { kind: 'drop' });
    await poll(() => r.h.logger.entries.filter((e) => e.event === 'phone.poll-failed').length >= 2, 'two failed polls logged');
    r.tg.revoke();
    await poll(() => errors.length > 0, 'the engine error for the revoked token');
    await poll(() => !r.h.engine.phone.running, 'the channel stopped');
    const audit = r.h.engine.store.audit.list({ limit: 100 });
    expect(audit.length).toBeGreaterThan(0);
    const everything = [
      JSON.stringify(r.h.logger.entries),
      JSON.stringify(errors),
      JSON.stringify(audit),
      JSON.stringify(r.h.engine.store.phone.pairing()),
      readFileSync(join(r.h.home, 'tb', 'trailboss.db')).toString('latin1'),
    ].join('\n');
    const secret = r.tg.token.split(':')[1]!;
    expect(everything).not.toContain(secret);
    expect(everything).not.toContain(r.tg.token);
  });

  it('a revoked token stops the channel with one clear message: the UI event, the log and the stored status', async () => {
    rig = await startPhoneRig();
    const r = rig;
    const errors: { code: string; message: string }[] = [];
    r.h.engine.on('engine:error', (e) => errors.push(e));
    await poll(() => r.h.engine.store.phone.pairing().lastPollAt !== null, 'the channel polling');
    r.tg.revoke();
    await poll(() => !r.h.engine.phone.running && errors.length > 0, 'the channel stopped');
    const calls = r.tg.calls.length;
    // It stays stopped: no retry loop against a refused token.
    await new Promise((done) => setTimeout(done, 600));
    expect(r.tg.calls.length).toBe(calls);
    expect(errors).toEqual([{ code: 'unauthorized', message: expect.stringContaining('Telegram refused the bot token') }]);
    expect(r.h.logger.entries.filter((e) => e.event === 'phone.unauthorized')).toHaveLength(1);
    expect(r.h.engine.store.phone.pairing().lastError).toMatch(/^unauthorized: /);
  });

  it('appears in no answer, log line or database byte of pairing from the settings view, failures included', async () => {
    rig = await startPhoneRig({ paired: false });
    const r = rig;
    rmSync(botTokenPath(join(r.h.home, 'tb')));
    const api = r.h.engine.api;
    const answers: unknown[] = [];
    const down = await BotApiStandIn.start();
    const downBase = down.apiBase;
    await down.close();
    // Unreachable, a schema refusal carrying the token, a server error, then the pairing that works.
    answers.push(await api['phone:pair']({ token: r.tg.token, apiBase: downBase }));
    answers.push(await api['phone:pair']({ token: `${r.tg.token} ${'x'.repeat(400)}`, apiBase: null }));
    r.tg.fail('getMe', { kind: 'status', status: 500 });
    answers.push(await api['phone:pair']({ token: r.tg.token, apiBase: null }));
    const started = await api['phone:pair']({ token: r.tg.token, apiBase: null });
    answers.push(started);
    if (!started.ok) throw new Error(started.error.message);
    const pairingId = started.value.pairingId;
    r.tg.fail('getUpdates', { kind: 'drop' });
    r.tg.sendText(OWNER, `/start ${started.value.link.split('?start=')[1]}`);
    await poll(async () => {
      const s = await api['phone:pairing']({ pairingId });
      answers.push(s);
      return s.ok && s.value.state === 'found';
    }, 'Start seen');
    answers.push(await api['phone:confirm']({ pairingId }));
    answers.push(await api['settings:get']({}));
    await poll(() => r.h.engine.phone.running, 'the channel running');
    answers.push(await api['phone:unpair']({}));
    expect(answers.filter((a) => !(a as { ok: boolean }).ok)).toHaveLength(3);
    const everything = [
      JSON.stringify(answers),
      JSON.stringify(r.h.logger.entries),
      JSON.stringify(r.h.engine.store.audit.list({ limit: 100 })),
      readFileSync(join(r.h.home, 'tb', 'trailboss.db')).toString('latin1'),
      readFileSync(join(r.h.home, 'tb', 'config.json'), 'utf8'),
    ].join('\n');
    expect(everything).not.toContain(r.tg.token.split(':')[1]!);
  });
});
