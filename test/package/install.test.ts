/**
 * The npm package as a user gets it: `npm pack`, then `npm install -g` of the tarball into a temporary
 * prefix, far from the repository (nothing resolves into its node_modules), and the installed
 * `trailboss` run as a user types it: --version, help, doctor, status on a private tmux server with a
 * scripted agent, daemon --ui answering HTTP 200, and the one-line message on a Node that is too old.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { poll } from '../support/poll.ts';
import { packAndInstall, type PackedInstall } from '../support/packed-install.ts';
import { claudePermBash } from '../support/scenarios/index.ts';
import { startScriptedAgent } from '../support/scripted-agent/start.ts';
import { startPrivateTmux, type PrivateTmux } from '../support/tmux-server.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const VERSION = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
const NEEDED = [22, 12];

let pkg: PackedInstall;
let work = '';
let installed = '';
let tmux: PrivateTmux | null = null;

const userEnv = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => pkg.env(extra);

function run(args: readonly string[], env: NodeJS.ProcessEnv = userEnv(), command = installed) {
  const r = spawnSync(command, args, { env, cwd: work, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(() => {
  pkg = packAndInstall();
  work = pkg.work;
  installed = pkg.command;
}, 240_000);

afterAll(async () => {
  await tmux?.kill();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('the installed package', () => {
  it('ships bundles, the UI, the hook forwarder and the status segments, and no sources, tests or TypeScript loader', () => {
    for (const file of [
      'bin/trailboss.mjs',
      'bin/trailboss-hook.mjs',
      'bin/trailboss-tmux-status.mjs',
      'bin/trailboss-tmux-status.sh',
      'dist/cli/trailboss.mjs',
      'dist/renderer/index.html',
      'dist/main/shell/main.js',
      'dist/preload/index.js',
    ]) {
      expect(existsSync(join(pkg.packageDir, file)), file).toBe(true);
    }
    for (const absent of ['main', 'test', 'renderer', 'node_modules/tsx', 'node_modules/typescript', 'node_modules/vite'])
      expect(existsSync(join(pkg.packageDir, absent)), absent).toBe(false);
  });

  it('prints its version and its help', () => {
    expect(run(['--version'])).toMatchObject({ code: 0, stdout: `${VERSION}\n` });
    const help = run(['help']);
    expect(help.code).toBe(0);
    for (const name of ['status', 'daemon', 'doctor', 'app', 'snapshot']) expect(help.stdout).toMatch(new RegExp(`^  ${name}\\b`, 'm'));
  });

  it('prints --help from the text built with the package, exactly as commander prints it', () => {
    expect(existsSync(join(pkg.packageDir, 'dist/cli/help.json'))).toBe(true);
    const prebuilt = run(['--help']);
    // The bundle run without the launcher builds the command tree with commander (stdout is a pipe: 80 columns).
    const commander = run([join(pkg.packageDir, 'dist/cli/trailboss.mjs'), '--help'], userEnv(), join(work, 'node-bin', 'node'));
    expect(prebuilt).toEqual({ code: 0, stdout: commander.stdout, stderr: '' });
    expect(commander).toMatchObject({ code: 0, stdout: expect.stringContaining('Usage: trailboss [options] [command]') });
  });

  it('runs doctor --json with the UI found in the package', () => {
    const r = run(['doctor', '--json', '--tmux-socket', join(work, 'no-tmux-here')]);
    const report = JSON.parse(r.stdout) as { checks: { id: string; status: string; detail: string }[] };
    expect(report.checks.find((c) => c.id === 'ui')).toMatchObject({
      status: 'ok',
      detail: expect.stringContaining(join('prefix', 'lib', 'node_modules', 'trailboss', 'dist', 'renderer')),
    });
    expect(report.checks.find((c) => c.id === 'node')).toMatchObject({ status: 'ok' });
  });

  it('reports a scripted agent with status --json on a private tmux server', async () => {
    tmux = await startPrivateTmux({ socketPath: join(work, 'tmux.sock') });
    await startScriptedAgent(tmux, claudePermBash());
    const r = run(['status', '--json', '--tmux-socket', join(work, 'tmux.sock')]);
    expect(r.code).toBe(0);
    const { agents } = JSON.parse(r.stdout) as { agents: { runtime: string; state: string }[] };
    expect(agents).toEqual([expect.objectContaining({ runtime: 'claude', state: 'permission' })]);
  }, 60_000);

  it('serves the queue UI with daemon --ui (HTTP 200), and stops on SIGTERM', async () => {
    const child = spawn(installed, ['daemon', '--ui', '--tmux-socket', join(work, 'daemon-tmux.sock')], {
      env: userEnv(),
      cwd: work,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const url = await poll(() => /Open the queue: (http:\/\/127\.0\.0\.1:\d+\/)/.exec(out)?.[1], 'the daemon printed the queue address', {
        timeoutMs: 30_000,
      });
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
  }, 60_000);

  it('installs Claude hooks that run the forwarder of the package on this Node, and doctor then sees them', () => {
    expect(run(['hooks', 'install']).code).toBe(0);
    const settings = readFileSync(join(work, 'home', '.claude', 'settings.json'), 'utf8');
    // The Node that ran `hooks install` (there is no pinned one in an installed package).
    expect(settings).toContain(`'${realpathSync(process.execPath)}' '${join(pkg.packageDir, 'bin', 'trailboss-hook.mjs')}'`);
    expect(settings).toContain(`'${realpathSync(process.execPath)}' '${join(pkg.packageDir, 'bin', 'trailboss.mjs')}' prime`);
    const report = JSON.parse(run(['doctor', '--json', '--tmux-socket', join(work, 'none')]).stdout) as {
      checks: { id: string; status: string }[];
    };
    expect(report.checks.find((c) => c.id === 'claude-hooks')?.status).toBe('ok');
  });

  it('names the data directory it cannot write, with the fix, and exits 1', () => {
    const home = join(work, 'locked-home');
    mkdirSync(home, { mode: 0o000 });
    chmodSync(home, 0o000);
    // root reads any directory: run as nobody then, as a user would meet this.
    const asUser = process.getuid?.() === 0 ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', installed] : [installed];
    const [command, ...args] = asUser as [string, ...string[]];
    const r = run(
      [...args, 'doctor', '--json', '--tmux-socket', join(work, 'none')],
      userEnv({ TRAILBOSS_HOME: home, HOME: work }),
      command,
    );
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as { checks: { id: string; status: string; detail: string; fix: string }[] };
    expect(report.checks.find((c) => c.id === 'data-dir')).toMatchObject({
      status: 'problem',
      detail: expect.stringContaining('not readable and writable'),
      fix: expect.stringContaining('chmod u+rwx'),
    });
  });

  const oldNode = ['/usr/bin/node', '/usr/local/bin/node'].find((n) => {
    if (!existsSync(n)) return false;
    const [major = 0, minor = 0] = spawnSync(n, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim().split('.').map(Number);
    return major < (NEEDED[0] ?? 0) || (major === NEEDED[0] && minor < (NEEDED[1] ?? 0));
  });
  it.runIf(oldNode)(`on a Node older than ${NEEDED.join('.')} prints one line naming the version needed`, () => {
    const r = run([installed, '--version'], userEnv(), oldNode);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^trailboss: needs Node\.js 22\.12 or newer, but this is Node\.js v\d+\.\d+\.\d+ \(.+\)\n$/);
  });
});
