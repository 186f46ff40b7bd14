/**
 * macOS: hooks installed from the dmg or a translocated copy would point at a path that vanishes, so
 * the shell offers to move the app to Applications first (Electron's dialog and move are the port,
 * faked here: Electron cannot run on this machine).
 */
import { describe, expect, it } from 'vitest';
import { transientAppLocation } from '../../../main/shell/app/app-location.ts';
import type { TransientAppLocation } from '../../../main/shell/app/app-location.ts';
import { shellApiMethods } from '../../../main/shell/app/shell-api.ts';
import type { AppLocationPort } from '../../../main/shell/app/shell-ports.ts';
import { fail } from '../../../preload/contract/envelope.ts';
import { FakeEngine } from '../support/fake-engine.ts';

const MAC = { platform: 'darwin' as const, packaged: true };

describe('transientAppLocation', () => {
  it('is the dmg under /Volumes, a translocated copy, and nothing from Applications, unpackaged or off macOS', () => {
    expect(transientAppLocation({ ...MAC, execPath: '/Volumes/Trail Boss 0.1.0/Trail Boss.app/Contents/MacOS/Trail Boss' })).toBe('dmg');
    expect(
      transientAppLocation({
        ...MAC,
        execPath: '/private/var/folders/xy/T/AppTranslocation/4F1E-9A/d/Trail Boss.app/Contents/MacOS/Trail Boss',
      }),
    ).toBe('translocated');
    expect(transientAppLocation({ ...MAC, execPath: '/Applications/Trail Boss.app/Contents/MacOS/Trail Boss' })).toBeNull();
    expect(transientAppLocation({ ...MAC, packaged: false, execPath: '/Volumes/dev/electron' })).toBeNull();
    expect(transientAppLocation({ platform: 'linux', packaged: true, execPath: '/Volumes/x/trailboss-app' })).toBeNull();
  });
});

/** A port that records the offers and answers as told. */
function port(location: TransientAppLocation | null, answer: () => Promise<'moved' | 'declined'>) {
  const offers: TransientAppLocation[] = [];
  const appLocation: AppLocationPort = {
    transient: () => location,
    offerMove: (where) => (offers.push(where), answer()),
  };
  return { appLocation, offers };
}

/** The shell's methods over a fake engine whose hooks:install only counts (the fake has no hooks). */
function api(appLocation: AppLocationPort) {
  const engine = { calls: [] as { channel: string }[] };
  const fake = new FakeEngine();
  const engineApi = {
    ...fake.api,
    'hooks:install': async () => {
      engine.calls.push({ channel: 'hooks:install' });
      return fail('internal', 'counted only: the fake engine has no hooks');
    },
  };
  const methods = shellApiMethods(engineApi, {
    jump: async () => ({ itemId: '', action: 'jump', outcome: 'refused', message: '' }),
    hotkeyStatuses: () => [],
    appLocation,
  });
  return { engine, methods };
}

describe('hooks:install from the desktop app', () => {
  it('from the dmg: offers the move first and installs nothing when the user moves it (the app restarts from Applications)', async () => {
    const { appLocation, offers } = port('dmg', async () => 'moved');
    const { engine, methods } = api(appLocation);
    const answer = await methods['hooks:install']({});
    expect(offers).toEqual(['dmg']);
    expect(answer).toMatchObject({ ok: false, error: { code: 'refused', message: expect.stringContaining('restarts from there') } });
    expect(engine.calls.filter((c) => c.channel === 'hooks:install')).toEqual([]);
  });

  it('declined or failed: refused with what to do, still nothing installed', async () => {
    const declined = api(port('translocated', async () => 'declined').appLocation);
    expect(await declined.methods['hooks:install']({})).toMatchObject({
      ok: false,
      error: { code: 'refused', message: expect.stringContaining('drag Trail Boss to Applications') },
    });
    const failed = api(
      port('dmg', async () => {
        throw new Error('Permission denied');
      }).appLocation,
    );
    expect(await failed.methods['hooks:install']({})).toMatchObject({
      ok: false,
      error: { message: expect.stringContaining('the move failed: Permission denied') },
    });
    expect([...declined.engine.calls, ...failed.engine.calls].filter((c) => c.channel === 'hooks:install')).toEqual([]);
  });

  it('from Applications: installs through the engine without asking', async () => {
    const { appLocation, offers } = port(null, async () => 'moved');
    const { engine, methods } = api(appLocation);
    await methods['hooks:install']({});
    expect(offers).toEqual([]);
    expect(engine.calls.filter((c) => c.channel === 'hooks:install')).toHaveLength(1);
  });
});
