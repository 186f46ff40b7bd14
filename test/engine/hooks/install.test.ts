import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  INSTALLED_EVENTS,
  forwarderSpecFor,
  hooksStatus,
  installHooks,
  plannedEntries,
  uninstallHooks,
} from '../../../main/engine/hooks/install.ts';
import type { HooksInstallerDeps } from '../../../main/engine/hooks/install.ts';
import { markerFor } from '../../../main/engine/hooks/hook-command.ts';
import { MemoryHookEventCounter } from '../../../main/engine/hooks/hook-event-counter.ts';
import { SettingsError } from '../../../main/engine/hooks/settings-json.ts';
import { ManualClock } from '../../support/manual-clock.ts';
import { tempDir } from '../http/http-helpers.ts';

const FIXTURES = 'test/fixtures/hooks/settings';
/** Every valid shape: install then uninstall must give back these exact bytes. */
const VALID = [
  'typical.json',
  'same-events.json',
  'four-spaces-no-final-newline.json',
  'tabs-crlf.json',
  'one-line.json',
  'empty-hooks-object.json',
  'escapes-and-numbers.json',
  'empty-file.json',
];

let dir: string;
let cleanup: () => void;
let deps: HooksInstallerDeps;
let settingsPath: string;
let clock: ManualClock;
let counter: MemoryHookEventCounter;

beforeEach(() => {
  ({ dir, cleanup } = tempDir('tb-install'));
  settingsPath = path.join(dir, 'claude', 'settings.json');
  clock = new ManualClock(Date.UTC(2026, 10, 20, 23, 0, 0));
  counter = new MemoryHookEventCounter();
  deps = {
    settingsPath,
    forwarder: forwarderSpecFor({
      appRoot: path.resolve('.'),
      packaged: false,
      execPath: '/unused',
      endpointFile: path.join(dir, 'tb', 'endpoint.json'),
    }),
    clock,
    counter,
  };
});
afterEach(() => cleanup());

/** Copy a fixture into place as the user's settings file; returns its bytes. */
function useFixture(name: string): string {
  const text = readFileSync(path.join(FIXTURES, name), 'utf8');
  mkdirSync(path.dirname(settingsPath), { recursive: true });
  writeFileSync(settingsPath, text);
  return text;
}

function current(): string {
  return readFileSync(settingsPath, 'utf8');
}

function settings(): { hooks?: Record<string, { matcher?: string; hooks: { command: string }[] }[]> } & Record<string, unknown> {
  return JSON.parse(current()) as ReturnType<typeof settings>;
}

function backups(): string[] {
  return readdirSync(path.dirname(settingsPath)).filter((n) => n.includes('.trailboss-backup-'));
}

describe('hooks install', () => {
  it('adds one entry per event we need, each an absolute command that does not depend on PATH', () => {
    useFixture('typical.json');
    installHooks(deps);
    const hooks = settings().hooks ?? {};
    for (const event of INSTALLED_EVENTS) {
      const ours = (hooks[event] ?? []).flatMap((g) => g.hooks).filter((h) => h.command.endsWith(markerFor('hook')));
      expect(ours).toHaveLength(1);
      expect(ours[0]?.command).toBe(
        `'${path.resolve('node_modules/node/bin/node')}' '${path.resolve('bin/trailboss-hook.mjs')}' --endpoint '${path.join(dir, 'tb', 'endpoint.json')}' ${event} ${markerFor('hook')}`,
      );
    }
  });

  it("leaves the user's own hooks and every other key exactly as they were", () => {
    const original = JSON.parse(useFixture('same-events.json')) as ReturnType<typeof settings>;
    installHooks(deps);
    const after = settings();
    expect(after['includeCoAuthoredBy']).toBe(false);
    for (const [event, groups] of Object.entries(original.hooks ?? {})) {
      expect(after.hooks?.[event]?.slice(0, groups.length)).toEqual(groups);
    }
  });

  it('keeps the key order of the file, appending only what is new', () => {
    useFixture('typical.json');
    installHooks(deps);
    expect(Object.keys(settings())).toEqual(['$schema', 'model', 'permissions', 'env', 'hooks', 'statusLine']);
    expect(Object.keys(settings().hooks ?? {}).slice(0, 2)).toEqual(['PreToolUse', 'PostToolUse']);
  });

  it('is idempotent: a second install changes nothing and takes no backup', () => {
    useFixture('typical.json');
    installHooks(deps);
    const once = current();
    const again = installHooks(deps);
    expect(again.changed).toBe(false);
    expect(current()).toBe(once);
    expect(backups()).toHaveLength(1);
  });

  it('backs the file up before changing it', () => {
    const original = useFixture('typical.json');
    const { backupPath } = installHooks(deps);
    expect(backupPath).not.toBeNull();
    expect(readFileSync(backupPath as string, 'utf8')).toBe(original);
  });

  it('creates the settings file (and directory) when there is none', () => {
    installHooks(deps);
    expect(Object.keys(settings().hooks ?? {})).toEqual([...INSTALLED_EVENTS]);
  });

  it('refreshes our entries in place when the app moved, without duplicating them', () => {
    useFixture('same-events.json');
    installHooks(deps);
    const moved = { ...deps, forwarder: { ...deps.forwarder, scriptPath: '/opt/trailboss/bin/trailboss-hook.mjs' } };
    expect(installHooks(moved).changed).toBe(true);
    const stop = settings().hooks?.['Stop'] ?? [];
    const ours = stop.flatMap((g) => g.hooks).filter((h) => h.command.includes('trailboss:hook'));
    expect(ours.map((h) => h.command.includes('/opt/trailboss/'))).toEqual([true]);
    expect(stop[0]?.hooks[0]?.command).toBe("notify-send 'Claude is done'");
  });

  it.each(['malformed-trailing-comma.json', 'hooks-not-object.json', 'event-not-array.json', 'root-array.json'])(
    'refuses %s with a clear error and changes nothing',
    (name) => {
      const original = useFixture(name);
      expect(() => installHooks(deps)).toThrow(SettingsError);
      expect(current()).toBe(original);
      expect(backups()).toHaveLength(0);
    },
  );

  it('names the file and the problem when refusing malformed JSON', () => {
    useFixture('malformed-trailing-comma.json');
    expect(() => installHooks(deps)).toThrow(/settings\.json is not valid JSON .*nothing was changed/);
  });
});

describe('hooks uninstall', () => {
  it.each(VALID)('gives back %s byte for byte after install', (name) => {
    const original = useFixture(name);
    installHooks(deps);
    expect(current()).not.toBe(original);
    const result = uninstallHooks(deps);
    expect(result.changed).toBe(true);
    expect(current()).toBe(original);
  });

  it('removes the file again when install created it', () => {
    installHooks(deps);
    uninstallHooks(deps);
    expect(existsSync(settingsPath)).toBe(false);
  });

  it('round-trips a 2-space file exactly even without any backup (pure removal)', () => {
    const original = useFixture('typical.json');
    installHooks(deps);
    for (const b of backups()) writeFileSync(path.join(path.dirname(settingsPath), b), '{"not":"it"}');
    const result = uninstallHooks(deps);
    expect(result.restoredExactly).toBe(false);
    expect(current()).toBe(original);
  });

  it("keeps the user's edits made after install and removes only our entries", () => {
    useFixture('typical.json');
    installHooks(deps);
    const edited = settings();
    edited['model'] = 'sonnet';
    edited.hooks?.['Stop']?.unshift({ hooks: [{ command: 'say bye' }] });
    writeFileSync(settingsPath, JSON.stringify(edited, null, 2) + '\n');
    const result = uninstallHooks(deps);
    expect(result.restoredExactly).toBe(false);
    const after = settings();
    expect(after['model']).toBe('sonnet');
    expect(after.hooks?.['Stop']).toEqual([{ hooks: [{ command: 'say bye' }] }]);
    expect(JSON.stringify(after)).not.toContain('trailboss:hook');
  });

  it('removes only our command from a group someone mixed with theirs', () => {
    useFixture('same-events.json');
    installHooks(deps);
    const edited = settings();
    const ourStop = edited.hooks?.['Stop']?.[1]?.hooks[0];
    edited.hooks?.['Notification']?.[0]?.hooks.push(ourStop as { command: string });
    writeFileSync(settingsPath, JSON.stringify(edited, null, 2) + '\n');
    uninstallHooks(deps);
    expect(settings().hooks?.['Notification']?.[0]?.hooks.map((h) => h.command)).toEqual([
      'paplay /usr/share/sounds/bell.oga',
      'logger claude-notification',
    ]);
  });

  it('changes nothing and takes no backup when none of ours is installed', () => {
    const original = useFixture('typical.json');
    expect(uninstallHooks(deps).changed).toBe(false);
    expect(current()).toBe(original);
    expect(backups()).toHaveLength(0);
  });

  it('refuses a malformed file and changes nothing', () => {
    const original = useFixture('malformed-trailing-comma.json');
    expect(() => uninstallHooks(deps)).toThrow(SettingsError);
    expect(current()).toBe(original);
  });

  it('removes extra owned entries too (the `trailboss prime` extension point)', () => {
    const prime = { event: 'SessionStart', command: `'/x/node' '/x/trailboss.mjs' prime ${markerFor('prime')}`, timeoutSec: 10 };
    const withPrime = { ...deps, extraEntries: [prime] };
    const original = useFixture('same-events.json');
    installHooks(withPrime);
    expect(
      settings()
        .hooks?.['SessionStart']?.flatMap((g) => g.hooks)
        .map((h) => h.command),
    ).toContain(prime.command);
    uninstallHooks(deps);
    expect(current()).toBe(original);
  });
});

describe('hooks status', () => {
  it('is absent before install', () => {
    useFixture('typical.json');
    expect(hooksStatus(deps)).toMatchObject({ state: 'absent', events: [], missing: [...INSTALLED_EVENTS], problem: null });
  });

  it('is installed after install, listing every event', () => {
    installHooks(deps);
    const status = hooksStatus(deps);
    expect(status).toMatchObject({ state: 'installed', missing: [], problem: null, settingsPath });
    expect(status.events).toEqual([...INSTALLED_EVENTS]);
    expect(status.details.every((d) => d.commandPathsExist === true)).toBe(true);
  });

  it('is partial when an event was removed by hand', () => {
    installHooks(deps);
    const edited = settings();
    delete edited.hooks?.['Stop'];
    writeFileSync(settingsPath, JSON.stringify(edited, null, 2));
    expect(hooksStatus(deps)).toMatchObject({ state: 'partial', missing: ['Stop'] });
  });

  it('says when the installed command points at a script that no longer exists', () => {
    const gone = { ...deps, forwarder: { ...deps.forwarder, scriptPath: path.join(dir, 'gone', 'trailboss-hook.mjs') } };
    installHooks(gone);
    const status = hooksStatus(gone);
    expect(status.state).toBe('partial');
    expect(status.details[0]?.commandPathsExist).toBe(false);
    expect(status.problem).toMatch(/no longer exists/);
  });

  it('reports when each event last arrived', () => {
    installHooks(deps);
    counter.record('Stop', 1_000);
    counter.record('Stop', 2_000);
    const status = hooksStatus(deps);
    expect(status.details.find((d) => d.event === 'Stop')).toMatchObject({ count: 2, lastAt: 2_000 });
    expect(status.lastHookAt).toBe(2_000);
  });

  it('reports a malformed settings file as a problem instead of throwing', () => {
    useFixture('malformed-trailing-comma.json');
    expect(hooksStatus(deps)).toMatchObject({ state: 'absent', problem: expect.stringMatching(/not valid JSON/) });
  });

  it('plans exactly the installed events plus extras', () => {
    expect(plannedEntries(deps).map((e) => e.event)).toEqual([...INSTALLED_EVENTS]);
  });
});
