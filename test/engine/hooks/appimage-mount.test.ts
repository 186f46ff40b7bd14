/**
 * Hooks and an AppImage: installing from one is refused (its files vanish when it quits), and a hook
 * left pointing into a mount that is gone is named as such by status (and so by `doctor`).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hooksService } from '../../../main/engine/api/hooks-service.ts';
import { TransientInstallError, appImageMountOf, goneMountProblem, transientRoot } from '../../../main/engine/hooks/appimage-mount.ts';
import { MemoryHookEventCounter } from '../../../main/engine/hooks/hook-event-counter.ts';
import { forwarderEntries } from '../../../main/engine/hooks/hook-command.ts';
import { INSTALLED_EVENTS } from '../../../main/engine/hooks/install.ts';
import type { RuntimeLayout } from '../../../main/engine/hooks/runtime-layout.ts';
import { hookCommandsFor } from '../../../main/engine/hooks/runtime-layout.ts';
import { hooksStatusOf } from '../../../main/engine/hooks/settings-status.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import { tempDir } from '../http/http-helpers.ts';

const MOUNT = '/tmp/.mount_TrailBa1b2c3';
const FROM_APPIMAGE: RuntimeLayout = { kind: 'packaged', execPath: `${MOUNT}/trailboss-app`, resourcesPath: `${MOUNT}/resources` };
const FROM_DEB: RuntimeLayout = { kind: 'packaged', execPath: '/opt/Trail Boss/trailboss-app', resourcesPath: '/opt/Trail Boss/resources' };
const APPIMAGE_ENV = { APPIMAGE: '/home/u/Apps/Trail Boss-0.1.0.AppImage', APPDIR: MOUNT };

let dir: string;
let cleanup: () => void;
beforeEach(() => ({ dir, cleanup } = tempDir('tb-appimage')));
afterEach(() => cleanup());

function serviceInput(layout: RuntimeLayout, env: Record<string, string>) {
  return {
    env,
    homedir: dir,
    endpointFile: path.join(dir, 'tb', 'endpoint.json'),
    clock: new ManualClock(Date.UTC(2026, 10, 28)),
    counter: new MemoryHookEventCounter(),
    layout,
  };
}

describe('where an AppImage’s files live', () => {
  it('finds the mount a path lies in, and nothing for an installed path', () => {
    expect(appImageMountOf(`${MOUNT}/resources/app.asar.unpacked/bin/trailboss-hook.mjs`)).toBe(MOUNT);
    expect(appImageMountOf('/opt/Trail Boss/trailboss-app')).toBeNull();
  });

  it('is transient when the files are in a mount, or when the packaged app was started by an AppImage (extracted too)', () => {
    expect(transientRoot(FROM_APPIMAGE, {})).toBe(MOUNT);
    const extracted: RuntimeLayout = {
      kind: 'packaged',
      execPath: '/tmp/appimage_extracted_4f1e/trailboss-app',
      resourcesPath: '/tmp/appimage_extracted_4f1e/resources',
    };
    expect(transientRoot(extracted, { APPIMAGE: '/home/u/Trail.AppImage' })).toBe('/tmp/appimage_extracted_4f1e/resources');
    expect(transientRoot(FROM_DEB, {})).toBeNull();
    // The npm CLI in a terminal the AppImage opened inherits APPIMAGE; its own files last.
    expect(transientRoot({ kind: 'npm', root: '/usr/lib/node_modules/trailboss', nodePath: '/usr/bin/node' }, APPIMAGE_ENV)).toBeNull();
  });
});

describe('installing the Claude hooks from an AppImage', () => {
  it('is refused with the .deb and the npm CLI named, and writes nothing', () => {
    const settings = path.join(dir, '.claude', 'settings.json');
    let thrown: unknown = null;
    try {
      hooksService.install(serviceInput(FROM_APPIMAGE, APPIMAGE_ENV));
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TransientInstallError);
    expect((thrown as Error).message).toMatch(/AppImage .*Trail Boss-0\.1\.0\.AppImage/);
    expect((thrown as Error).message).toContain('.deb');
    expect((thrown as Error).message).toContain('npm install -g trailboss');
    expect(existsSync(settings)).toBe(false);
  });

  it('goes ahead from an installed app', () => {
    const status = hooksService.install(serviceInput(FROM_DEB, {}));
    expect(existsSync(status.settingsPath)).toBe(true);
    expect(status.events.length + status.missing.length).toBeGreaterThan(0);
  });
});

describe('a hook left pointing into a mount that is gone', () => {
  it('is named in the status problem (which doctor shows), with what to install instead', () => {
    const settingsPath = path.join(dir, 'settings.json');
    mkdirSync(dir, { recursive: true });
    const { forwarder } = hookCommandsFor(FROM_APPIMAGE, path.join(dir, 'endpoint.json'));
    const entries = forwarderEntries(forwarder, INSTALLED_EVENTS);
    const hooks: Record<string, unknown[]> = {};
    for (const e of entries) hooks[e.event] = [{ hooks: [{ type: 'command', command: e.command, timeout: e.timeoutSec }] }];
    writeFileSync(settingsPath, JSON.stringify({ hooks }));
    const status = hooksStatusOf({ text: JSON.stringify({ hooks }), settingsPath, planned: entries, arrivals: {}, pathExists: existsSync });
    expect(status.problem).toContain(`AppImage mount that is gone (${MOUNT})`);
    expect(status.problem).toContain('.deb');
    const fromDeb = hookCommandsFor(FROM_DEB, path.join(dir, 'endpoint.json')).forwarder;
    expect(goneMountProblem([forwarderEntries(fromDeb, ['Stop'])[0]?.command ?? null], () => false)).toBeNull();
  });
});
