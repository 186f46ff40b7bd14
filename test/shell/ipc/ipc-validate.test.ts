import { describe, expect, it } from 'vitest';
import { CHANNEL_NAMES } from '../../../preload/contract/channels.ts';
import { senderProblem, validateCall, type SenderFacts } from '../../../main/shell/ipc/ipc-validate.ts';

const OURS = new Set([7]);
const good: SenderFacts = { webContentsId: 7, frameUrl: 'app://trailboss/index.html#view=queue', topFrame: true };

const settings = {
  hotkeys: { jumpOldest: 'CommandOrControl+Alt+Shift+J', openQueue: null },
  reminders: { cadenceMs: [0, 300_000] },
  notifications: { enabled: true, sound: false, actionButtons: true },
  terminal: { command: null },
  tmux: { includeDefault: true, sockets: ['/tmp/s'] },
  watchdog: {
    enabled: false,
    message: 'continue',
    backoffMs: [300_000],
    capMs: 7_200_000,
    maxTries: 3,
    humanActiveMs: 120_000,
    dismissKnownDialogs: true,
  },
  restart: { defaultRuntime: null },
  phone: { tail: true, afterMs: 0 },
};

describe('senderProblem', () => {
  it('trusts our window showing our page', () => {
    expect(senderProblem(good, OURS)).toBeNull();
  });

  it('refuses a webContents we did not create', () => {
    expect(senderProblem({ ...good, webContentsId: 8 }, OURS)).toContain('not one of Trail Boss’s windows');
  });

  it('refuses our window after it navigated elsewhere', () => {
    expect(senderProblem({ ...good, frameUrl: 'https://evil.example/' }, OURS)).toContain('https://evil.example/');
    expect(senderProblem({ ...good, frameUrl: 'file:///work/main/dist/renderer/index.html' }, OURS)).not.toBeNull();
  });

  it('refuses a sub-frame and a vanished frame', () => {
    expect(senderProblem({ ...good, topFrame: false }, OURS)).toContain('sub-frame');
    expect(senderProblem({ ...good, frameUrl: null }, OURS)).not.toBeNull();
  });
});

describe('validateCall', () => {
  it('passes a well-formed call through with its arguments', () => {
    expect(validateCall('item:approve', { id: 'a', fingerprint: 'f' }, good, OURS)).toEqual({
      ok: true,
      call: { channel: 'item:approve', args: { id: 'a', fingerprint: 'f' } },
    });
  });

  it('answers unauthorized to a foreign sender before looking at anything else', () => {
    expect(validateCall('nope', 1, { ...good, webContentsId: 99 }, OURS)).toMatchObject({
      ok: false,
      envelope: { ok: false, error: { code: 'unauthorized' } },
    });
  });

  it('refuses a channel outside the contract', () => {
    expect(validateCall('shell:exec', {}, good, OURS)).toMatchObject({
      ok: false,
      envelope: { error: { code: 'invalid', message: expect.stringContaining('unknown channel') } },
    });
  });

  it('refuses approve without the fingerprint of the prompt the user saw', () => {
    const r = validateCall('item:approve', { id: 'a' }, good, OURS);
    expect(r).toMatchObject({ ok: false, envelope: { error: { code: 'invalid', issues: [{ path: 'fingerprint' }] } } });
  });

  it('refuses extra keys', () => {
    expect(validateCall('item:jump', { id: 'a', command: 'rm -rf /' }, good, OURS).ok).toBe(false);
  });

  it('refuses wrong types and out-of-range numbers', () => {
    expect(validateCall('item:snooze', { id: 'a', forMs: -5 }, good, OURS).ok).toBe(false);
    expect(validateCall('item:snooze', { id: 'a', forMs: '5' }, good, OURS).ok).toBe(false);
    expect(validateCall('audit:list', { limit: 1e9, before: null }, good, OURS).ok).toBe(false);
    expect(validateCall('item:restart', { id: 'a', runtime: 'bash' }, good, OURS).ok).toBe(false);
  });

  it('refuses args that are not an object', () => {
    expect(validateCall('queue:list', undefined, good, OURS).ok).toBe(false);
    expect(validateCall('queue:list', [], good, OURS).ok).toBe(false);
  });

  it('accepts a whole settings object and names the bad key of a broken one', () => {
    expect(validateCall('settings:set', { settings }, good, OURS).ok).toBe(true);
    const broken = { settings: { ...settings, watchdog: { ...settings.watchdog, maxTries: 'three' } } };
    expect(validateCall('settings:set', broken, good, OURS)).toMatchObject({
      ok: false,
      envelope: { error: { issues: [{ path: 'settings.watchdog.maxTries' }] } },
    });
  });

  it('has a schema for every channel that accepts a minimal valid call', () => {
    const minimal: Record<string, unknown> = {
      'item:approve': { id: 'a', fingerprint: 'f' },
      'item:deny': { id: 'a', fingerprint: 'f' },
      'item:reply': { id: 'a', text: 'go on' },
      'item:jump': { id: 'a' },
      'item:skip': { id: 'a' },
      'item:snooze': { id: 'a', forMs: 60_000 },
      'item:restart': { id: 'a', runtime: null },
      'pane:mute': { paneKey: 'default|%1', muted: true },
      'pane:loop': { paneKey: 'default|%1', mode: 'task-only', directive: null },
      'pane:wake': { paneKey: 'default|%1', text: 'new work for you' },
      'settings:set': { settings },
      'activity:get': { since: 0 },
      'audit:list': { limit: 50, before: null },
      'phone:pair': { token: '123456:abc', apiBase: null },
      'phone:pairing': { pairingId: 'p' },
      'phone:confirm': { pairingId: 'p' },
      'phone:cancel': { pairingId: 'p' },
      'slack:pair': { botToken: null, appToken: 'xapp-1-abc', apiBase: null },
      'slack:pairing': { pairingId: 'p' },
      'slack:confirm': { pairingId: 'p' },
      'slack:cancel': { pairingId: 'p' },
    };
    for (const channel of CHANNEL_NAMES) expect(validateCall(channel, minimal[channel] ?? {}, good, OURS).ok, channel).toBe(true);
  });
});
