/**
 * The settings view's Slack pairing end to end below the DOM: the client core (controller, settings
 * store) over the HTTP bridge to the real engine's loopback API, the engine against the Slack stand-in
 * (Slack cannot be reached from here). What the panel draws is the store this test reads.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clientCore } from '../../support/client-core.ts';
import { slackTokenPath } from '../../../main/engine/slack/slack-token-files.ts';
import { poll } from '../../support/poll.ts';
import type { SlackRig } from './support.ts';
import { startSlackRig } from './support.ts';

let rig: SlackRig | null = null;
afterEach(async () => {
  await rig?.dispose();
  rig = null;
});

const client = (r: SlackRig) => clientCore(r.h.engine);

const tokenFiles = (r: SlackRig) => (['bot', 'app'] as const).map((k) => slackTokenPath(join(r.h.home, 'tb'), k));

describe('Slack pairing from the settings view, client core to engine', () => {
  it('check tokens → the code → the DM → confirm name and id → paired and connected; test; unpair', async () => {
    rig = await startSlackRig({ paired: false, api: true });
    const r = rig;
    for (const f of tokenFiles(r)) rmSync(f);
    const { controller, settings } = client(r);
    await controller.loadSlack();
    expect(settings().slack?.paired).toBe(false);
    await controller.startSlackPairing(` ${r.slack.botToken}\n`, r.slack.appToken, '');
    const flow = settings().slackPairing;
    if (flow.step !== 'waiting') throw new Error(`not waiting: ${settings().slackProblem}`);
    expect(flow.pairing.bot).toBe('trailboss');
    r.slack.dm(r.owner, flow.pairing.code);
    await poll(() => settings().slackPairing.step === 'found', 'the desk asked to confirm');
    expect(settings().slackPairing).toMatchObject({ name: 'Ada Lovelace', userId: r.owner.id });
    await controller.confirmSlackPairing();
    expect(settings().slackProblem).toBeNull();
    expect(settings().slack).toMatchObject({ paired: true, name: 'Ada Lovelace', userId: r.owner.id, bot: 'trailboss' });
    await poll(async () => {
      await controller.loadSlack();
      return settings().slack?.connected || null;
    }, 'the channel connected');
    await controller.testSlack();
    expect(settings().slackNote).toMatch(/Test message sent/);
    expect(r.slack.botMessages(r.dm).some((m) => /Trail Boss test message/.test(m.text))).toBe(true);
    // Nothing of the tokens stayed in the store the view draws.
    const kept = JSON.stringify({ ...settings(), current: null });
    expect(kept).not.toContain(r.slack.botToken);
    expect(kept).not.toContain(r.slack.appToken);
    await controller.unpairSlack();
    expect(settings().slack?.paired).toBe(false);
    for (const f of tokenFiles(r)) expect(existsSync(f)).toBe(false);
  });

  it('re-pairs with the tokens already saved when the fields are left empty', async () => {
    rig = await startSlackRig({ paired: false, api: true });
    const r = rig;
    const { controller, settings } = client(r);
    await controller.startSlackPairing('', '', '');
    const flow = settings().slackPairing;
    if (flow.step !== 'waiting') throw new Error(`not waiting: ${settings().slackProblem}`);
    r.slack.dm(r.owner, flow.pairing.code);
    await poll(() => settings().slackPairing.step === 'found', 'the desk asked to confirm');
    await controller.confirmSlackPairing();
    expect(settings().slack).toMatchObject({ paired: true, userId: r.owner.id });
  });

  it('a token Slack refuses comes back as the reason, and nothing is saved', async () => {
    rig = await startSlackRig({ paired: false, api: true });
    const r = rig;
    for (const f of tokenFiles(r)) rmSync(f);
    r.slack.revoke();
    const { controller, settings } = client(r);
    await controller.startSlackPairing(r.slack.botToken, r.slack.appToken, '');
    expect(settings().slackPairing).toEqual({ step: 'idle' });
    expect(settings().slackProblem).toMatch(/^the bot token: Slack refused the token: auth\.test: invalid_auth/);
    expect(settings().slackProblem).not.toContain(r.slack.botToken);
    for (const f of tokenFiles(r)) expect(existsSync(f)).toBe(false);
  });
});
