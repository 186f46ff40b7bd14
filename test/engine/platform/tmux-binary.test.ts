/**
 * Finding tmux as an app started from Finder, the Dock or at login would: a minimal PATH, and tmux
 * only in a Homebrew-like directory that the user's login shell puts on PATH. Real files, a real
 * login shell (`sh -l -i`) reading a real `.profile`, and a real private tmux server.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../main/engine/platform/log.ts';
import { realRunner } from '../../../main/engine/platform/run.ts';
import { runnerWithEnv } from '../../../main/engine/platform/runner-with-env.ts';
import { chooseTmux, isExecutableFile, locateTmux, tmuxCandidates, tmuxMissingText } from '../../../main/engine/platform/tmux-binary.ts';
import { setUpTmux } from '../../../main/engine/tmux/locate.ts';
import { openTmuxClient } from '../../../main/engine/tmux/open.ts';
import { tmuxProblem } from '../../../main/shell/app/shell-problem.ts';
import { buildTrayMenu } from '../../../main/shell/tray/tray-menu.ts';
import { startPrivateTmux } from '../../support/tmux-server.ts';

const SYSTEM_TMUX = ['/usr/bin/tmux', '/bin/tmux'].find(isExecutableFile) ?? '';
/** Finder's PATH on macOS: no Homebrew, no /usr/local. */
const MINIMAL_PATH = '/usr/sbin:/sbin';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A home whose login shell adds `<home>/homebrew/bin` (holding a tmux symlink) to PATH, as `brew shellenv` in ~/.profile does. */
function homeWithBrewTmux(): { home: string; brewBin: string } {
  const home = mkdtempSync(join(tmpdir(), 'tb-tmux-bin-'));
  dirs.push(home);
  const brewBin = join(home, 'homebrew', 'bin');
  mkdirSync(brewBin, { recursive: true });
  symlinkSync(SYSTEM_TMUX, join(brewBin, 'tmux'));
  writeFileSync(join(home, '.profile'), `echo "welcome from .profile"\nexport PATH="${brewBin}:$PATH"\n`);
  return { home, brewBin };
}

/** The system's own tmux stands in for "not installed": this machine has one in /usr/bin and cannot lose it. */
const withoutSystemTmux = (file: string): boolean => !file.startsWith('/usr/bin/') && !file.startsWith('/bin/') && isExecutableFile(file);

describe('locating tmux with a GUI app’s minimal PATH', () => {
  it.skipIf(SYSTEM_TMUX === '')(
    'finds tmux that only the login shell’s PATH has, and the engine’s client runs it',
    async () => {
      const { home, brewBin } = homeWithBrewTmux();
      const env = { PATH: MINIMAL_PATH, SHELL: '/bin/sh', HOME: home };
      // The login shell sees the test's HOME (its .profile), like the user's own shell sees theirs.
      const runner = runnerWithEnv(realRunner, { HOME: home, PATH: MINIMAL_PATH });
      const binary = await locateTmux({
        env,
        platform: 'darwin',
        homedir: home,
        configured: null,
        runner,
        isExecutable: withoutSystemTmux,
        loginShellTimeoutMs: 20_000,
      });
      expect(binary).toEqual({ kind: 'found', path: join(brewBin, 'tmux'), source: 'login-shell' });

      // The runner the engine gets starts that tmux although PATH has none.
      const tmux = await startPrivateTmux();
      try {
        await tmux.newPane('sleep 60');
        const setup = await setUpTmux({
          env,
          platform: 'darwin',
          homedir: home,
          configFile: join(home, 'none.json'),
          runner,
          isExecutable: withoutSystemTmux,
          loginShellTimeoutMs: 20_000,
        });
        const client = await openTmuxClient(tmux.server, setup.runner, { mode: 'batch', logger: silentLogger });
        expect((await client.listPanes()).length).toBe(1);
        await client.close();
      } finally {
        await tmux.kill();
      }
    },
    60_000,
  );

  it.skipIf(SYSTEM_TMUX === '')('finds tmux in a directory on PATH without asking the login shell', async () => {
    const { home, brewBin } = homeWithBrewTmux();
    // A SHELL that does not exist: asking it would fail, so a found tmux proves it was not asked.
    const binary = await locateTmux({
      env: { PATH: `${MINIMAL_PATH}:${brewBin}`, SHELL: join(home, 'no-such-shell') },
      platform: 'linux',
      homedir: home,
      configured: null,
      runner: realRunner,
    });
    expect(binary).toEqual({ kind: 'found', path: join(brewBin, 'tmux'), source: 'path' });
  });

  it('with tmux nowhere, says what was searched; the tray headline and the notification give the fix', async () => {
    const home = mkdtempSync(join(tmpdir(), 'tb-tmux-none-'));
    dirs.push(home);
    writeFileSync(join(home, '.profile'), 'export PATH="/opt/nothing/bin:$PATH"\n');
    const runner = runnerWithEnv(realRunner, { HOME: home, PATH: MINIMAL_PATH });
    const binary = await locateTmux({
      env: { PATH: MINIMAL_PATH, SHELL: '/bin/sh' },
      platform: 'darwin',
      homedir: home,
      configured: null,
      runner,
      isExecutable: withoutSystemTmux,
      loginShellTimeoutMs: 20_000,
    });
    expect(binary.kind).toBe('missing');
    if (binary.kind !== 'missing') return;
    expect(binary.searched).toEqual(
      expect.arrayContaining(['/sbin/tmux', '/opt/nothing/bin/tmux', '/opt/homebrew/bin/tmux', '/usr/local/bin/tmux']),
    );

    const problem = tmuxProblem(binary, 'darwin');
    expect(problem).toEqual({ headline: 'tmux not found: nothing is watched', fix: expect.stringContaining('brew install tmux') });
    expect(problem?.fix).toContain('tmux.path');
    const menu = buildTrayMenu({ items: [], now: 0, pausedUntil: null, clockTime: String, problem });
    expect(menu.entries[0]).toMatchObject({ id: 'headline', label: '⚠ tmux not found: nothing is watched' });
    expect(menu.entries[1]).toMatchObject({ id: 'problem:fix', label: expect.stringContaining('brew install tmux') });
  }, 30_000);

  it('a login shell that hangs is given up on within its time limit', async () => {
    const home = mkdtempSync(join(tmpdir(), 'tb-tmux-slow-'));
    dirs.push(home);
    writeFileSync(join(home, '.profile'), 'sleep 30\n');
    const runner = runnerWithEnv(realRunner, { HOME: home, PATH: '/usr/bin:/bin' });
    const started = performance.now();
    const binary = await locateTmux({
      env: { PATH: MINIMAL_PATH, SHELL: '/bin/sh' },
      platform: 'darwin',
      homedir: home,
      configured: null,
      runner,
      isExecutable: withoutSystemTmux,
      loginShellTimeoutMs: 500,
    });
    expect(binary.kind).toBe('missing');
    expect(performance.now() - started).toBeLessThan(15_000);
  }, 30_000);

  it('a tmux.path setting is the only candidate; a wrong one says to fix the setting', () => {
    const candidates = tmuxCandidates({
      configured: '/nowhere/tmux',
      envPath: '/usr/bin',
      loginShellPath: null,
      platform: 'linux',
      homedir: '/home/u',
    });
    expect(candidates).toEqual([{ path: '/nowhere/tmux', source: 'config' }]);
    const binary = chooseTmux(candidates, '/nowhere/tmux', isExecutableFile);
    expect(binary.kind).toBe('missing');
    if (binary.kind === 'missing') expect(tmuxMissingText(binary, 'linux').body).toContain('tmux.path setting points at /nowhere/tmux');
  });

  it('a tmux.path in the config file is used by setUpTmux', async () => {
    const home = mkdtempSync(join(tmpdir(), 'tb-tmux-cfg-'));
    dirs.push(home);
    writeFileSync(join(home, 'config.json'), JSON.stringify({ tmux: { path: '/nowhere/tmux' } }));
    const setup = await setUpTmux({
      env: { PATH: '/usr/bin:/bin' },
      platform: 'linux',
      homedir: home,
      configFile: join(home, 'config.json'),
      runner: realRunner,
    });
    expect(setup.binary).toEqual({ kind: 'missing', searched: ['/nowhere/tmux'], configured: '/nowhere/tmux' });
  });

  it('relative PATH entries are never searched (they depend on where the app was started)', () => {
    const candidates = tmuxCandidates({
      configured: null,
      envPath: 'bin::/usr/bin',
      loginShellPath: null,
      platform: 'linux',
      homedir: '/h',
    });
    expect(candidates[0]).toEqual({ path: '/usr/bin/tmux', source: 'path' });
    expect(candidates.some((c) => c.path === 'bin/tmux')).toBe(false);
  });
});
