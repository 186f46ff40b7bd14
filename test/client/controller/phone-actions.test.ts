import { describe, expect, it } from 'vitest';
import type { Envelope, PhonePairingDto, PhonePairingStateDto, PhoneStatusDto, SettingsStateDto } from '../../../preload/contract/index.ts';
import { phoneActions } from '../../../client/controller/phone-actions.ts';
import type { Stores } from '../../../client/controller/deps.ts';
import { createActivityStore } from '../../../client/store/activity-store.ts';
import { createAppStore } from '../../../client/store/app-store.ts';
import { createQueueStore } from '../../../client/store/queue-store.ts';
import { createSettingsStore } from '../../../client/store/settings-store.ts';
import { poll } from '../../support/poll.ts';
import { fakeBridge } from '../support/fake-bridge.ts';

const PAIRING: PhonePairingDto = { pairingId: 'p1', bot: 'tb_bot', link: 'https://t.me/tb_bot?start=abc', qrSvg: '<svg/>', expiresAt: 9 };
const NOT_PAIRED: PhoneStatusDto = { paired: false, name: null, bot: null, lastPollAt: null, problem: null };
const PAIRED: PhoneStatusDto = { paired: true, name: 'Ada (@ada)', bot: 'tb_bot', lastPollAt: null, problem: null };
const TOKEN = '123456789:AAbbccddeeffgghhiijjkkllmmnnooppqqr';

/** Phone actions over a fake bridge whose `phone:pairing` answers the scripted states in turn. */
function setup(states: PhonePairingStateDto[], answers: Parameters<typeof fakeBridge>[0] = {}) {
  const fake = fakeBridge({
    'phone:pair': () => ({ ok: true, value: PAIRING }),
    'phone:pairing': () => ({ ok: true, value: states.length > 1 ? states.shift()! : states[0]! }),
    ...answers,
  });
  const stores: Stores = {
    queue: createQueueStore(),
    settings: createSettingsStore(),
    activity: createActivityStore(),
    app: createAppStore(),
  };
  stores.settings.getState().settingsLoaded({ phone: NOT_PAIRED } as unknown as SettingsStateDto);
  const actions = phoneActions({ bridge: fake.bridge, stores, clock: { now: () => 0 } }, 5);
  return { fake, actions, settings: () => stores.settings.getState() };
}

describe('phone actions', () => {
  it('starts with the token, shows the link, looks until Start, then confirms and shows the pairing', async () => {
    const { fake, actions, settings } = setup(
      [
        { state: 'waiting', expiresAt: 9 },
        { state: 'waiting', expiresAt: 9 },
        { state: 'found', name: 'Ada (@ada)', userId: 4242, expiresAt: 9 },
      ],
      { 'phone:confirm': () => ({ ok: true, value: PAIRED }) },
    );
    await actions.startPairing(` ${TOKEN}\n`, '  ');
    expect(fake.callsTo('phone:pair')).toEqual([{ token: TOKEN, apiBase: null }]);
    expect(settings().pairing).toEqual({ step: 'waiting', pairing: PAIRING });
    await poll(() => settings().pairing.step === 'found', 'found');
    expect(settings().pairing).toEqual({ step: 'found', pairing: PAIRING, name: 'Ada (@ada)', userId: 4242, confirming: false });
    expect(fake.callsTo('phone:pairing')).toHaveLength(3);
    await actions.confirmPairing();
    expect(fake.callsTo('phone:confirm')).toEqual([{ pairingId: 'p1' }]);
    expect([settings().pairing, settings().pairingProblem, settings().current?.phone]).toEqual([{ step: 'idle' }, null, PAIRED]);
  });

  it('says why a token was refused and goes back to the form', async () => {
    const message = 'Telegram refused this bot token (check it with @BotFather, or make a new one)';
    const { actions, settings } = setup([], { 'phone:pair': () => ({ ok: false, error: { code: 'unauthorized', message } }) });
    await actions.startPairing(TOKEN, 'http://127.0.0.1:9');
    expect([settings().pairing, settings().pairingProblem]).toEqual([{ step: 'idle' }, message]);
  });

  it('an expired code ends the wait with the reason', async () => {
    const { actions, settings } = setup([{ state: 'expired' }]);
    await actions.startPairing(TOKEN, null);
    await poll(() => settings().pairing.step === 'idle', 'back to the form');
    expect(settings().pairingProblem).toMatch(/^The pairing code expired \(10 minutes\)/);
  });

  it('keeps looking through a connection failure', async () => {
    let n = 0;
    const { actions, settings } = setup([], {
      'phone:pairing': (): Envelope<PhonePairingStateDto> =>
        ++n === 1
          ? { ok: false, error: { code: 'unavailable', message: 'engine not running' } }
          : { ok: true, value: { state: 'found', name: 'Ada', userId: 1, expiresAt: 9 } },
    });
    await actions.startPairing(TOKEN, null);
    await poll(() => settings().pairing.step === 'found', 'found after the failure');
    expect(settings().pairingProblem).toBeNull();
  });

  it('a confirm after the code expired says so; a confirm that fails otherwise keeps the question', async () => {
    const found: PhonePairingStateDto = { state: 'found', name: 'Ada', userId: 1, expiresAt: 9 };
    const expired = setup([found], { 'phone:confirm': () => ({ ok: false, error: { code: 'gone', message: 'expired' } }) });
    await expired.actions.startPairing(TOKEN, null);
    await poll(() => expired.settings().pairing.step === 'found', 'found');
    await expired.actions.confirmPairing();
    expect(expired.settings().pairing).toEqual({ step: 'idle' });
    expect(expired.settings().pairingProblem).toMatch(/expired/);
    const broken = setup([found], { 'phone:confirm': () => ({ ok: false, error: { code: 'unavailable', message: 'disk full' } }) });
    await broken.actions.startPairing(TOKEN, null);
    await poll(() => broken.settings().pairing.step === 'found', 'found');
    await broken.actions.confirmPairing();
    expect([broken.settings().pairing.step, broken.settings().pairingProblem]).toEqual(['found', 'disk full']);
  });

  it('cancel stops looking and tells the engine', async () => {
    const { fake, actions, settings } = setup([{ state: 'waiting', expiresAt: 9 }], {
      'phone:cancel': () => ({ ok: true, value: NOT_PAIRED }),
    });
    await actions.startPairing(TOKEN, null);
    await actions.cancelPairing();
    expect([settings().pairing, fake.callsTo('phone:cancel')]).toEqual([{ step: 'idle' }, [{ pairingId: 'p1' }]]);
    const looks = fake.callsTo('phone:pairing').length;
    await new Promise((done) => setTimeout(done, 50));
    expect(fake.callsTo('phone:pairing').length).toBe(looks);
  });

  it('unpair shows the engine’s answer', async () => {
    const { actions, settings } = setup([], { 'phone:unpair': () => ({ ok: true, value: NOT_PAIRED }) });
    settings().phoneStatusChanged(PAIRED);
    await actions.unpairPhone();
    expect(settings().current?.phone).toEqual(NOT_PAIRED);
  });
});
