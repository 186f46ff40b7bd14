/**
 * Pairing Slack from the settings view: the engine's Slack channels (`slack:pair|pairing|confirm|
 * cancel|test|unpair|status`) on the real engine against the Slack stand-in (Slack cannot be reached
 * from here). Both tokens are checked (auth.test, then the Socket Mode connection); the code is DMed
 * to the bot; nothing is saved before the desk confirms the user's real name and id; the running
 * channel picks the pairing up by itself; no failure or answer carries a token.
 */
import { existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Envelope, SlackPairingDto } from '../../../preload/contract/index.ts';
import { slackTokenPath } from '../../../main/engine/slack/slack-token-files.ts';
import { claudePermBash } from '../../support/scenarios/index.ts';
import { startScriptedAgent } from '../../support/scripted-agent/start.ts';
import { poll } from '../../support/poll.ts';
import { waitForItem } from '../../support/chat-rig.ts';
import type { SlackRig } from './support.ts';
import { startSlackRig, waitForMessage } from './support.ts';

let rig: SlackRig | null = null;
afterEach(async () => {
  await rig?.dispose();
  rig = null;
});

const tb = (r: SlackRig) => join(r.h.home, 'tb');

/** An engine with the stand-in configured, nothing paired and no token saved: where the settings view starts. */
async function unpairedRig(): Promise<SlackRig> {
  const r = await startSlackRig({ paired: false });
  for (const kind of ['bot', 'app'] as const) rmSync(slackTokenPath(tb(r), kind));
  return r;
}

function value<T>(e: Envelope<T>): T {
  if (!e.ok) throw new Error(`${e.error.code}: ${e.error.message}`);
  return e.value;
}

async function start(r: SlackRig): Promise<SlackPairingDto> {
  return value(await r.h.engine.api['slack:pair']({ botToken: r.slack.botToken, appToken: r.slack.appToken, apiBase: null }));
}

function waitFound(r: SlackRig, p: SlackPairingDto) {
  return poll(async () => {
    const s = value(await r.h.engine.api['slack:pairing']({ pairingId: p.pairingId }));
    return s.state === 'found' ? s : null;
  }, 'the code seen');
}

/** The answers the settings view got hold no token. */
function mustNotHoldTokens(r: SlackRig, texts: readonly string[]): void {
  for (const t of texts) {
    expect(t).not.toContain(r.slack.botToken);
    expect(t).not.toContain(r.slack.appToken);
  }
}

describe('pairing Slack from the settings view', () => {
  it('checks both tokens, shows the code, waits for the DM and pairs only after the desk confirms; the channel then works', async () => {
    rig = await unpairedRig();
    const r = rig;
    const p = await start(r);
    expect(p.bot).toBe('trailboss');
    expect(p.code).toMatch(/^[A-Za-z0-9_-]{16}$/);
    expect(p.expiresAt - Date.now()).toBeGreaterThan(9 * 60_000);
    expect(value(await r.h.engine.api['slack:pairing']({ pairingId: p.pairingId }))).toEqual({ state: 'waiting', expiresAt: p.expiresAt });
    // Only a DM with the right code counts.
    r.slack.dm(r.stranger, 'wrong-code');
    r.slack.dm(r.owner, p.code);
    expect(await waitFound(r, p)).toEqual({ state: 'found', name: 'Ada Lovelace', userId: r.owner.id, expiresAt: p.expiresAt });
    // Nothing is saved before the desk says yes.
    expect(existsSync(slackTokenPath(tb(r), 'bot'))).toBe(false);
    expect(r.h.engine.store.slack.pairing().userId).toBeNull();
    const paired = value(await r.h.engine.api['slack:confirm']({ pairingId: p.pairingId }));
    expect(paired).toMatchObject({ paired: true, name: 'Ada Lovelace', userId: r.owner.id, bot: 'trailboss' });
    for (const kind of ['bot', 'app'] as const) {
      const file = slackTokenPath(tb(r), kind);
      expect(readFileSync(file, 'utf8').trim()).toBe(kind === 'bot' ? r.slack.botToken : r.slack.appToken);
      expect(statSync(file).mode & 0o777).toBe(0o600);
    }
    expect(r.h.engine.store.slack.pairing()).toMatchObject({ userId: r.owner.id, channelId: r.dm, pairingUntil: null });
    await poll(() => r.slack.botMessages(r.dm).some((m) => /Paired with Trail Boss/.test(m.text)), 'the hello in the DM');
    // The running engine's channel picks the pairing up: a prompt becomes a DM.
    await startScriptedAgent(r.h.tmux, claudePermBash(), { session: 'api-worker' });
    await waitForItem(r.h, (i) => i.reason === 'permission', 'a permission item');
    await waitForMessage(r);
    await poll(async () => value(await r.h.engine.api['slack:status']({})).connected || null, 'connected');
    // Test, then unpair: both tokens go.
    const before = r.slack.callsOf('chat.postMessage').length;
    value(await r.h.engine.api['slack:test']({}));
    expect(r.slack.callsOf('chat.postMessage').length).toBe(before + 1);
    expect(value(await r.h.engine.api['slack:unpair']({}))).toMatchObject({ paired: false, userId: null });
    expect(existsSync(slackTokenPath(tb(r), 'bot'))).toBe(false);
    expect(existsSync(slackTokenPath(tb(r), 'app'))).toBe(false);
    mustNotHoldTokens(r, [JSON.stringify(p), JSON.stringify(paired)]);
  });

  it('refuses a malformed or refused token with a sentence that never quotes it, and saves nothing', async () => {
    rig = await unpairedRig();
    const r = rig;
    const malformed = await r.h.engine.api['slack:pair']({ botToken: 'xoxp-not-a-bot', appToken: r.slack.appToken, apiBase: null });
    expect(malformed).toMatchObject({
      ok: false,
      error: { code: 'invalid', message: expect.stringMatching(/bot token is not a bot token/) },
    });
    const wrong = `xoxb-${'9'.repeat(12)}-${'8'.repeat(13)}-${'z'.repeat(24)}`;
    const refused = await r.h.engine.api['slack:pair']({ botToken: wrong, appToken: r.slack.appToken, apiBase: null });
    expect(refused).toMatchObject({ ok: false, error: { code: 'unauthorized', message: expect.stringMatching(/invalid_auth/) } });
    const badApp = `xapp-1-A0X-${'7'.repeat(13)}-${'c'.repeat(64)}`;
    const appRefused = await r.h.engine.api['slack:pair']({ botToken: r.slack.botToken, appToken: badApp, apiBase: null });
    expect(appRefused).toMatchObject({ ok: false, error: { code: 'unauthorized', message: expect.stringMatching(/app-level token/) } });
    // Nothing saved, nothing left in progress: the engine's channel is free to run again.
    expect(existsSync(slackTokenPath(tb(r), 'bot'))).toBe(false);
    expect(r.h.engine.store.slack.pairing().pairingUntil).toBeNull();
    const texts = [malformed, refused, appRefused].map((e) => JSON.stringify(e));
    for (const t of texts) for (const token of [wrong, badApp, r.slack.botToken, r.slack.appToken]) expect(t).not.toContain(token);
    const none = await r.h.engine.api['slack:pair']({ botToken: null, appToken: null, apiBase: null });
    expect(none).toMatchObject({ ok: false, error: { code: 'invalid', message: expect.stringMatching(/no bot token is saved/) } });
  });

  it('cancel saves nothing and ends the wait; a confirm before the code arrived is refused', async () => {
    rig = await unpairedRig();
    const r = rig;
    const p = await start(r);
    expect(await r.h.engine.api['slack:confirm']({ pairingId: p.pairingId })).toMatchObject({ ok: false, error: { code: 'refused' } });
    expect(value(await r.h.engine.api['slack:cancel']({ pairingId: p.pairingId }))).toMatchObject({ paired: false });
    expect(await r.h.engine.api['slack:pairing']({ pairingId: p.pairingId })).toMatchObject({ ok: false, error: { code: 'not-found' } });
    expect(r.h.engine.store.slack.pairing().pairingUntil).toBeNull();
    r.slack.dm(r.owner, p.code);
    await new Promise((done) => setTimeout(done, 300));
    expect(existsSync(slackTokenPath(tb(r), 'bot'))).toBe(false);
    expect(r.h.engine.store.slack.pairing().userId).toBeNull();
  });
});
