/**
 * `npm pack` of this repository and `npm install -g` of the tarball into a fresh prefix far from it,
 * with a PATH holding only a new-enough Node and the system's tools: the package as a user gets it.
 * Used by the install test and the benchmark's CLI phase.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EngineLock } from '../../main/engine/platform/engine-lock.ts';
import { EngineLockedError, acquireEngineLock, pidAlive } from '../../main/engine/platform/engine-lock.ts';

const ROOT = join(import.meta.dirname, '..', '..');

/** An installed copy: its `trailboss` command, the package folder, and the environment to run it in. */
export interface PackedInstall {
  /** A world-readable temp dir holding the prefix and a home. */
  readonly work: string;
  /** The tarball installed, shared by the run's test files (packedOnce). */
  readonly tarball: string;
  /** `<prefix>/bin/trailboss`. */
  readonly command: string;
  /** `<prefix>/lib/node_modules/trailboss`. */
  readonly packageDir: string;
  /** A user's environment: PATH with only `node` (this Node) and /usr/local/bin:/usr/bin:/bin, no npm_* variables. */
  env(extra?: Record<string, string>): NodeJS.ProcessEnv;
}

/** Pack and install (tens of seconds: vite, esbuild, and npm fetching better-sqlite3 from its cache or the registry). */
export function packAndInstall(prefix = 'tb-install-'): PackedInstall {
  const work = mkdtempSync(join(tmpdir(), prefix));
  // World-readable, so a test can run the installed command as another user.
  chmodSync(work, 0o755);
  mkdirSync(join(work, 'home'));
  const bin = join(work, 'node-bin');
  mkdirSync(bin);
  symlinkSync(process.execPath, join(bin, 'node'));
  const path = `${bin}:/usr/local/bin:/usr/bin:/bin`;
  const env = (extra: Record<string, string> = {}): NodeJS.ProcessEnv => {
    const out: NodeJS.ProcessEnv = {};
    for (const [k, v] of Object.entries(process.env))
      if (!k.startsWith('npm_') && k !== 'NODE_PATH' && k !== 'TMUX' && k !== 'TMUX_PANE') out[k] = v;
    return { ...out, PATH: path, HOME: join(work, 'home'), TRAILBOSS_HOME: join(work, 'home', 'tb'), ...extra };
  };
  const tarball = packedOnce({ ...env(), PATH: `${bin}:${process.env['PATH'] ?? ''}` });
  const prefixDir = join(work, 'prefix');
  const install = spawnSync('npm', ['install', '-g', '--prefix', prefixDir, '--no-audit', '--no-fund', '--prefer-offline', tarball], {
    cwd: work,
    env: env(),
    encoding: 'utf8',
    timeout: 240_000,
  });
  if (install.status !== 0) throw new Error(`npm install -g failed (${install.status}): ${install.stderr}`);
  return {
    work,
    tarball,
    command: join(prefixDir, 'bin', 'trailboss'),
    packageDir: join(prefixDir, 'lib', 'node_modules', 'trailboss'),
    env,
  };
}

/**
 * The tarball of this tree, packed once per test run and shared by every test file that installs it:
 * the workers of one run are children of one process (`process.ppid`). Three package tests packing at
 * once raced: one build emptied dist/cli (build-cli.mjs starts by removing it) while another packed
 * it, and that install had no CLI. The pack runs under a lock; the others wait for it and reuse it.
 */
function packedOnce(env: NodeJS.ProcessEnv): string {
  removeDeadRuns();
  const dir = join(tmpdir(), `${SHARED_PREFIX}${process.ppid}`);
  mkdirSync(dir, { recursive: true });
  const recorded = join(dir, 'tarball');
  return withLock(join(dir, 'lock'), () => {
    if (existsSync(recorded)) return readFileSync(recorded, 'utf8');
    // Packing builds with the repository's tools (vite, esbuild): its .bin stays on PATH for that step only.
    const packed = spawnSync('npm', ['pack', '--silent', '--pack-destination', dir], {
      cwd: ROOT,
      env,
      encoding: 'utf8',
      timeout: 240_000,
    });
    if (packed.status !== 0) throw new Error(`npm pack failed (${packed.status}): ${packed.stderr}`);
    const tarball = join(dir, packed.stdout.trim().split('\n').pop() ?? '');
    writeFileSync(recorded, tarball);
    return tarball;
  });
}

const SHARED_PREFIX = 'trailboss-pack-';

/** Shared pack folders of runs whose process has gone. */
function removeDeadRuns(): void {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(SHARED_PREFIX)) continue;
    const pid = Number(name.slice(SHARED_PREFIX.length));
    if (Number.isInteger(pid) && !pidAlive(pid)) rmSync(join(tmpdir(), name), { recursive: true, force: true });
  }
}

/**
 * Run `fn` holding the lock file `lock`; waits up to 10 minutes. The engine's own lock (platform/engine-lock.ts):
 * taken whole, and taken over from a dead holder without two waiters both removing it.
 */
function withLock<T>(lock: string, fn: () => T): T {
  const deadline = Date.now() + 600_000;
  let held: EngineLock;
  for (;;) {
    try {
      held = acquireEngineLock(lock, process.pid);
      break;
    } catch (error) {
      if (!(error instanceof EngineLockedError)) throw error;
      if (Date.now() > deadline) throw new Error(`waited 10 minutes for the pack lock ${lock}`, { cause: error });
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
    }
  }
  try {
    return fn();
  } finally {
    held.release();
  }
}
