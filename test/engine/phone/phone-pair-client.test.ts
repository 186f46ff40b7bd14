/**
 * The settings view's pairing end to end below the DOM: the client core (controller, settings store)
 * over the HTTP bridge to the real engine's loopback API, the engine against the stand-in Bot API
 * (Telegram cannot be reached from here). What the panel draws is the store this test reads.
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { clientCore } from '../../support/client-core.ts';
import { botTokenPath } from '../../../main/engine/phone/bot-token-file.ts';
import { poll } from '../../support/poll.ts';
import type { PhoneRig } from './support.ts';
import { OWNER, startPhoneRig } from './support.ts';

let rig: PhoneRig | null = null;
afterEach(async () => {
  await rig?.dispose();
  rig = null;
});

const client = (r: PhoneRig) => clientCore(r.h.engine);

describe('pairing from the settings view, client core to engine', () => {
  it('check → link and QR → Start on the phone → confirm → paired and polling; then unpair', async () => {
    rig = await startPhoneRig({ paired: false, api: true });
    const r = rig;
    rmSync(botTokenPath(join(r.h.home, 'tb')));
    const { controller, settings } = client(r);
    await controller.loadSettings();
    expect(settings().current?.phone.paired).toBe(false);
    await controller.startPairing(r.tg.token, '');
    const flow = settings().pairing;
    if (flow.step !== 'waiting') throw new Error(`not waiting: ${settings().pairingProblem}`);
    expect(flow.pairing.qrSvg).toMatch(/^<svg/);
    r.tg.sendText(OWNER, `/start ${flow.pairing.link.split('?start=')[1]}`);
    await poll(() => settings().pairing.step === 'found', 'the desk asked to confirm');
    expect(settings().pairing).toMatchObject({ name: 'Ada (@ada)', userId: OWNER.id });
    await controller.confirmPairing();
    expect(settings().pairingProblem).toBeNull();
    expect(settings().current?.phone).toMatchObject({ paired: true, name: 'Ada (@ada)', bot: 'trailboss_test_bot' });
    await poll(() => r.h.engine.phone.running, 'the channel running');
    await controller.unpairPhone();
    expect(settings().current?.phone.paired).toBe(false);
    expect(existsSync(botTokenPath(join(r.h.home, 'tb')))).toBe(false);
  });

  it('a token Telegram refuses comes back as the reason, and nothing is saved', async () => {
    rig = await startPhoneRig({ paired: false, api: true });
    const r = rig;
    rmSync(botTokenPath(join(r.h.home, 'tb')));
    r.tg.revoke();
    const { controller, settings } = client(r);
    await controller.startPairing(r.tg.token, '');
    expect(settings().pairing).toEqual({ step: 'idle' });
    expect(settings().pairingProblem).toBe('Telegram refused this bot token (check it with @BotFather, or make a new one)');
    expect(existsSync(botTokenPath(join(r.h.home, 'tb')))).toBe(false);
  });
});
