/**
 * `npm pack` of this repository and `npm install -g` of the tarball into a fresh prefix far from it,
 * with a PATH holding only a new-enough Node and the system's tools: the package as a user gets it.
 * Used by the install test and the benchmark's CLI phase.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = join(import.meta.dirname, '..', '..');

/** An installed copy: its `trailboss` command, the package folder, and the environment to run it in. */
export interface PackedInstall {
  /** A world-readable temp dir holding the tarball, the prefix and a home. */
  readonly work: string;
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
  // Packing builds with the repository's tools (vite, esbuild): its .bin stays on PATH for that step only.
  const packed = spawnSync('npm', ['pack', '--silent', '--pack-destination', work], {
    cwd: ROOT,
    env: { ...env(), PATH: `${bin}:${process.env['PATH'] ?? ''}` },
    encoding: 'utf8',
    timeout: 240_000,
  });
  if (packed.status !== 0) throw new Error(`npm pack failed (${packed.status}): ${packed.stderr}`);
  const tarball = join(work, packed.stdout.trim().split('\n').pop() ?? '');
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
