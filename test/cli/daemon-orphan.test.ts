/**
 * `trailboss daemon` never outlives what started it: with the launcher SIGKILLed (it cannot forward
 * anything), or npx above it SIGKILLed, the engine notices, stops cleanly and releases its lock.
 */
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { holdersOf, goneHolder } from '../../main/cli/parent-watch.ts';
import type { ProcessEntry } from '../../main/engine/platform/process-table.ts';
import { pidAlive } from '../../main/engine/platform/engine-lock.ts';
import { poll } from '../support/poll.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const NODE = join(ROOT, 'node_modules', '.bin', 'node');
const LAUNCHER = join(ROOT, 'bin', 'trailboss.mjs');

/** Start `argv` with piped output; resolves once the daemon printed its pid. */
async function startDaemon(
  argv: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ top: ChildProcess; enginePid: number; output: () => string }> {
  const top = spawn(argv[0]!, argv.slice(1), { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  top.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  top.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const match = await poll(() => /engine running \(pid (\d+)\)/.exec(out), 'the daemon to start', { timeoutMs: 30_000 });
  return { top, enginePid: Number(match[1]), output: () => out };
}

function daemonEnv(home: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, TRAILBOSS_HOME: join(home, 'tb'), HOME: home, TMUX: '', TMUX_PANE: '' };
  delete env['npm_command'];
  return env;
}

describe('trailboss daemon stops with what started it', () => {
  it('a launcher that re-ran the CLI as its child (an old Node) is SIGKILLed: the engine stops and releases its lock', async () => {
    const home = mkdtempSync(join(tmpdir(), 'tb-orphan-'));
    let enginePid = 0;
    try {
      // What bin/trailboss.mjs does on a Node too old to run Trail Boss: the pinned Node runs the launcher again as a child.
      const relauncher = `const c = require('node:child_process').spawn(process.argv[1], process.argv.slice(2), { stdio: 'inherit', env: { ...process.env, TRAILBOSS_LAUNCHER_PID: String(process.pid) } }); c.on('exit', (code) => process.exit(code ?? 1));`;
      const started = await startDaemon(
        [NODE, '-e', relauncher, NODE, LAUNCHER, 'daemon', '--tmux-socket', join(home, 'none.sock')],
        daemonEnv(home),
      );
      enginePid = started.enginePid;
      expect(enginePid).not.toBe(started.top.pid);
      expect(existsSync(join(home, 'tb', 'engine.lock'))).toBe(true);
      started.top.kill('SIGKILL');
      await poll(() => !pidAlive(enginePid), 'the engine process to exit', { timeoutMs: 20_000 });
      expect(existsSync(join(home, 'tb', 'engine.lock'))).toBe(false);
      expect(existsSync(join(home, 'tb', 'endpoint.json'))).toBe(false);
    } finally {
      if (enginePid && pidAlive(enginePid)) process.kill(enginePid, 'SIGKILL');
      rmSync(home, { recursive: true, force: true });
    }
  }, 60_000);

  it('npx SIGKILLed (npm → sh → trailboss): the engine stops by itself and releases its lock', async () => {
    const home = mkdtempSync(join(tmpdir(), 'tb-orphan-'));
    let enginePid = 0;
    try {
      // Stands in for npm exec: the same title and environment, and a shell between it and the launcher.
      const fakeNpm = `process.title = 'npm exec trailboss daemon'; const c = require('node:child_process').spawn('/bin/sh', ['-c', process.argv[1] + '; true'], { stdio: 'inherit' }); c.on('exit', (code) => process.exit(code ?? 1));`;
      const command = [NODE, LAUNCHER, 'daemon', '--tmux-socket', join(home, 'none.sock')].map((a) => `'${a}'`).join(' ');
      const started = await startDaemon([NODE, '-e', fakeNpm, command], { ...daemonEnv(home), npm_command: 'exec' });
      enginePid = started.enginePid;
      started.top.kill('SIGKILL');
      await poll(() => !pidAlive(enginePid), 'the engine process to exit', { timeoutMs: 20_000 });
      expect(existsSync(join(home, 'tb', 'engine.lock'))).toBe(false);
    } finally {
      if (enginePid && pidAlive(enginePid)) process.kill(enginePid, 'SIGKILL');
      rmSync(home, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('who the daemon lives for', () => {
  const entry = (pid: number, ppid: number, comm: string, argv: string): [number, ProcessEntry] => [pid, { pid, ppid, comm, argv }];
  const processes = new Map([
    entry(10, 1, 'bash', 'bash'),
    entry(20, 10, 'npm exec trailb', 'npm exec trailboss daemon'),
    entry(30, 20, 'sh', "sh -c 'trailboss' daemon"),
    entry(40, 30, 'node', 'node trailboss daemon'),
    // A launcher outside npx whose CLI child is 50.
    entry(45, 10, 'node', 'node trailboss daemon'),
    entry(50, 45, 'node', 'node trailboss daemon'),
  ]);

  const table = () => processes;

  it('nothing when neither a launcher nor npx started it for this command, or the variables are stale', () => {
    expect(holdersOf({}, 30, table)).toBeNull();
    expect(holdersOf({ TRAILBOSS_LAUNCHER_PID: '40' }, 99, table)).toBeNull();
    // npm_command inherited by a process npx did not start (the user's shell is no npm).
    expect(holdersOf({ npm_command: 'exec' }, 10, table)).toBeNull();
  });

  it('a re-running launcher alone; under npx its shell and npm too, but never the user’s shell', () => {
    expect(holdersOf({ TRAILBOSS_LAUNCHER_PID: '50' }, 50, table)).toEqual({ parent: 50, above: [] });
    expect(holdersOf({ TRAILBOSS_LAUNCHER_PID: '40', npm_command: 'exec' }, 40, table)).toEqual({ parent: 40, above: [30, 20] });
  });

  it('run in-process by npx: the shell as parent, npm above it', () => {
    expect(holdersOf({ npm_command: 'exec' }, 30, table)).toEqual({ parent: 30, above: [20] });
  });

  it('a re-parented process has lost its parent; a dead npm is gone too', () => {
    const holders = { parent: 30, above: [20] };
    expect(goneHolder(holders, { ppid: () => 30, alive: () => true })).toBeNull();
    expect(goneHolder(holders, { ppid: () => 1, alive: () => true })).toBe(30);
    expect(goneHolder(holders, { ppid: () => 30, alive: (pid) => pid !== 20 })).toBe(20);
  });
});
