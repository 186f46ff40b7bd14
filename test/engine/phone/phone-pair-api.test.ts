/**
 * Pairing from the settings view: the engine's phone channels (`phone:pair|status|confirm|
 * cancel`, `phone:unpair`) on the real engine against the stand-in Bot API (Telegram cannot be
 * reached from here). Nothing is saved before the desk confirms; the running channel picks the
 * pairing up by itself; every failure says what went wrong without the token.
 */
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiResult, Envelope, PhonePairingDto } from '../../../preload/contract/index.ts';
import { botIdOf, botTokenPath, saveBotToken } from '../../../main/engine/phone/bot-token-file.ts';
import { BotApiStandIn } from '../../support/bot-api/stand-in.ts';
import { poll } from '../../support/poll.ts';
import type { PhoneRig } from './support.ts';
import { OWNER, STRANGER, startPhoneRig } from './support.ts';

let rig: PhoneRig | null = null;
afterEach(async () => {
  await rig?.dispose();
  rig = null;
});

const tokenFile = (r: PhoneRig) => botTokenPath(join(r.h.home, 'tb'));

/** An engine with the stand-in configured and no bot token saved: where the settings view starts. */
async function unpairedRig(): Promise<PhoneRig> {
  const r = await startPhoneRig({ paired: false });
  rmSync(tokenFile(r));
  return r;
}

function value<T>(e: Envelope<T>): T {
  if (!e.ok) throw new Error(`${e.error.code}: ${e.error.message}`);
  return e.value;
}

async function start(r: PhoneRig, apiBase: string | null = null): Promise<PhonePairingDto> {
  return value(await r.h.engine.api['phone:pair']({ token: r.tg.token, apiBase }));
}

const codeOf = (p: PhonePairingDto) => /\?start=([A-Za-z0-9_-]+)$/.exec(p.link)![1]!;

async function waitFound(r: PhoneRig, p: PhonePairingDto): Promise<ApiResult<'phone:pairing'>> {
  return poll(async () => {
    const s = value(await r.h.engine.api['phone:pairing']({ pairingId: p.pairingId }));
    return s.state === 'found' ? s : null;
  }, 'Start seen');
}

describe('pairing from the settings view', () => {
  it('checks the token, shows the link and a QR code, waits for Start and pairs only after the desk confirms', async () => {
    rig = await unpairedRig();
    const r = rig;
    const p = await start(r);
    expect(p.bot).toBe('trailboss_test_bot');
    expect(p.link).toMatch(/^https:\/\/t\.me\/trailboss_test_bot\?start=[A-Za-z0-9_-]{16}$/);
    expect(p.qrSvg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<path[^>]*d="M/s);
    expect(p.expiresAt - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(value(await r.h.engine.api['phone:pairing']({ pairingId: p.pairingId }))).toEqual({ state: 'waiting', expiresAt: p.expiresAt });
    // Only a private chat with the right code counts.
    r.tg.sendText(STRANGER, '/start wrong-code');
    r.tg.sendText(STRANGER, `/start ${codeOf(p)}`, { chat: { id: -100, type: 'group', first_name: 'g' } });
    r.tg.sendText(OWNER, `/start ${codeOf(p)}`);
    expect(await waitFound(r, p)).toEqual({ state: 'found', name: 'Ada (@ada)', userId: OWNER.id, expiresAt: p.expiresAt });
    // Nothing is saved before the desk says yes.
    expect(existsSync(tokenFile(r))).toBe(false);
    expect(r.h.engine.store.phone.pairing().chatId).toBeNull();
    const paired = value(await r.h.engine.api['phone:confirm']({ pairingId: p.pairingId }));
    expect(paired).toMatchObject({ paired: true, name: 'Ada (@ada)', bot: 'trailboss_test_bot' });
    expect(readFileSync(tokenFile(r), 'utf8').trim()).toBe(r.tg.token);
    expect(statSync(tokenFile(r)).mode & 0o777).toBe(0o600);
    expect(r.h.engine.store.phone.pairing()).toMatchObject({ chatId: OWNER.id, userId: OWNER.id, pairingUntil: null });
    // The running engine starts the channel without a restart, and the pairing is over.
    await poll(() => r.h.engine.phone.running, 'the channel running');
    const after = await r.h.engine.api['phone:pairing']({ pairingId: p.pairingId });
    expect(after.ok ? null : after.error.code).toBe('not-found');
  });

  it("re-pairing with a new bot hears it: the old bot's higher update offset is not kept", async () => {
    rig = await startPhoneRig();
    const r = rig;
    // The old bot has been in use a long time: its update ids are high, and so is the saved offset.
    r.tg.startUpdateIdsAt(900_000);
    r.tg.sendText(OWNER, 'hello');
    await poll(() => r.h.engine.store.phone.pairing().offset > 900_000, "the old bot's offset saved");
    const fresh = await BotApiStandIn.start({ botId: 7000002, username: 'trailboss_new_bot' });
    try {
      const p = value(await r.h.engine.api['phone:pair']({ token: fresh.token, apiBase: fresh.apiBase }));
      fresh.sendText(OWNER, `/start ${codeOf(p)}`);
      await poll(async () => {
        const s = value(await r.h.engine.api['phone:pairing']({ pairingId: p.pairingId }));
        return s.state === 'found';
      }, 'Start seen by the new bot');
      value(await r.h.engine.api['phone:confirm']({ pairingId: p.pairingId }));
      await poll(() => fresh.callsOf('getUpdates').length > 0 && r.h.engine.phone.running, 'the channel polling the new bot');
      // The owner writes to the new bot (ids from 101 up): the engine hears it and answers.
      fresh.sendText(OWNER, 'what is waiting?');
      await poll(() => fresh.botMessages(OWNER.id).some((m) => /To answer an agent/.test(m.text)), 'the engine answering', {
        timeoutMs: 15_000,
      });
      // Confirmed by the next poll's offset (the reply can be out before it).
      await poll(() => fresh.pendingUpdates() === 0, 'the update confirmed');
      expect(r.h.engine.store.phone.pairing().offset).toBeLessThan(1_000);
    } finally {
      await fresh.close();
    }
  });

  it('a token refused at one API base is tried again once the API base changes (a CLI pairing saves both)', async () => {
    rig = await startPhoneRig({ paired: false });
    const r = rig;
    const fresh = await BotApiStandIn.start({ botId: 7000002, username: 'trailboss_new_bot' });
    try {
      // The token and the pairing of the new bot are in, the config still names the old API base:
      // the old server refuses the new token (401).
      const start = fresh.sendText(OWNER, '/start');
      saveBotToken(tokenFile(r), fresh.token);
      r.h.engine.store.phone.startOffset(botIdOf(fresh.token), start + 1);
      r.h.engine.store.phone.pair({
        chatId: OWNER.id,
        userId: OWNER.id,
        userName: 'Ada',
        botUsername: 'trailboss_new_bot',
        at: Date.now(),
      });
      await poll(() => r.h.engine.store.phone.pairing().lastError?.startsWith('unauthorized'), 'the 401 at the old API base');
      // Then the config names the new bot's server (the watcher applies it).
      const config = join(r.h.home, 'tb', 'config.json');
      writeFileSync(config, JSON.stringify({ phone: { telegram: { apiBase: fresh.apiBase } } }));
      await poll(() => fresh.callsOf('getUpdates').length > 0, 'the channel polling the new server', { timeoutMs: 15_000 });
      fresh.sendText(OWNER, 'hello');
      await poll(() => fresh.botMessages(OWNER.id).some((m) => /To answer an agent/.test(m.text)), 'the engine answering');
    } finally {
      await fresh.close();
    }
  });

  it('refuses to confirm before anyone tapped Start', async () => {
    rig = await unpairedRig();
    const p = await start(rig);
    const r = await rig.h.engine.api['phone:confirm']({ pairingId: p.pairingId });
    expect(r.ok ? null : r.error).toEqual({ code: 'refused', message: 'nobody has tapped Start with this code yet' });
    expect(existsSync(tokenFile(rig))).toBe(false);
  });

  it('cancel saves nothing, ends the wait and lets the engine have the bot back', async () => {
    rig = await unpairedRig();
    const r = rig;
    const p = await start(r);
    expect(r.h.engine.store.phone.pairing().pairingUntil).not.toBeNull();
    r.tg.sendText(OWNER, `/start ${codeOf(p)}`);
    await waitFound(r, p);
    expect(value(await r.h.engine.api['phone:cancel']({ pairingId: p.pairingId }))).toMatchObject({ paired: false });
    expect(r.h.engine.store.phone.pairing()).toMatchObject({ chatId: null, pairingUntil: null });
    expect(existsSync(tokenFile(r))).toBe(false);
    const confirm = await r.h.engine.api['phone:confirm']({ pairingId: p.pairingId });
    expect(confirm.ok ? null : confirm.error.code).toBe('not-found');
  });

  it('a new start replaces the pairing before it: the old code no longer pairs', async () => {
    rig = await unpairedRig();
    const r = rig;
    const first = await start(r);
    const second = await start(r);
    r.tg.sendText(OWNER, `/start ${codeOf(first)}`);
    const old = await r.h.engine.api['phone:pairing']({ pairingId: first.pairingId });
    expect(old.ok ? null : old.error.code).toBe('not-found');
    r.tg.sendText(OWNER, `/start ${codeOf(second)}`);
    await waitFound(r, second);
  });

  it('saves a given API base with the pairing, and only then', async () => {
    rig = await unpairedRig();
    const r = rig;
    const other = await BotApiStandIn.start();
    try {
      const p = await start(r, other.apiBase);
      expect(r.h.engine.config().phone.telegram.apiBase).toBe(r.tg.apiBase);
      other.sendText(OWNER, `/start ${codeOf(p)}`);
      await waitFound(r, p);
      const told: boolean[] = [];
      r.h.engine.on('settings:changed', (s) => told.push(s.phone.paired));
      value(await r.h.engine.api['phone:confirm']({ pairingId: p.pairingId }));
      // Views hear the pairing as it now stands last, after the config edit that saved the API base.
      await poll(() => told.at(-1) === true, 'the pairing announced');
      const config = JSON.parse(readFileSync(join(r.h.home, 'tb', 'config.json'), 'utf8')) as { phone: { telegram: { apiBase: string } } };
      expect(config.phone.telegram.apiBase).toBe(other.apiBase);
      await poll(() => r.h.engine.config().phone.telegram.apiBase === other.apiBase, 'the new API base in force');
    } finally {
      await rig.dispose();
      rig = null;
      await other.close();
    }
  });

  it('says clearly what is wrong: not a token, a token Telegram refuses, Telegram unreachable', async () => {
    rig = await unpairedRig();
    const r = rig;
    const call = (token: string, apiBase: string | null = null) => r.h.engine.api['phone:pair']({ token, apiBase });
    const notToken = await call('hello');
    expect(notToken.ok ? null : notToken.error.code).toBe('invalid');
    expect(notToken.ok ? '' : notToken.error.message).toContain('not a bot token');
    const badBase = await call(r.tg.token, 'ftp://example');
    expect(badBase.ok ? null : badBase.error).toEqual({ code: 'invalid', message: 'the API base must be an http(s) URL' });
    r.tg.revoke();
    const refused = await call(r.tg.token);
    expect(refused.ok ? null : refused.error).toEqual({
      code: 'unauthorized',
      message: 'Telegram refused this bot token (check it with @BotFather, or make a new one)',
    });
    const down = await BotApiStandIn.start();
    const downBase = down.apiBase;
    await down.close();
    const unreachable = await call(r.tg.token, downBase);
    expect(unreachable.ok ? null : unreachable.error.code).toBe('unavailable');
    expect(unreachable.ok ? '' : unreachable.error.message).toMatch(/^cannot reach the Telegram Bot API \(getMe: .*ECONNREFUSED/);
    expect(r.h.engine.store.phone.pairing().pairingUntil).toBeNull();
  });

  it('unpair forgets the chat and the token; the channel stops', async () => {
    rig = await startPhoneRig();
    const r = rig;
    await poll(() => r.h.engine.phone.running, 'the channel running');
    expect(value(await r.h.engine.api['phone:unpair']({}))).toEqual({
      paired: false,
      name: null,
      bot: null,
      lastPollAt: null,
      problem: null,
    });
    expect(existsSync(tokenFile(r))).toBe(false);
    await poll(() => !r.h.engine.phone.running, 'the channel stopped');
  });
});
