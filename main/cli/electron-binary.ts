/** Finds the Electron binary that runs the desktop app, or says in one sentence why there is none. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Runner } from '../engine/platform/run.ts';
import { which } from './doctor/which.ts';

/** Found: the binary to run. Absent: why, in words a user can act on. */
export type ElectronBinary =
  { readonly kind: 'found'; readonly path: string; readonly from: string } | { readonly kind: 'absent'; readonly why: string };

/** The electron package's binary, per its path.txt (written when its download succeeded). */
function packageBinary(pkgDir: string): string | null {
  const pathFile = join(pkgDir, 'path.txt');
  if (!existsSync(pathFile)) return null;
  const binary = join(pkgDir, 'dist', readFileSync(pathFile, 'utf8').trim());
  return existsSync(binary) ? binary : null;
}

/**
 * Where Electron is: $TRAILBOSS_ELECTRON, the electron package beside Trail Boss (a clone's
 * devDependency; its binary is fetched now if its install step never ran), or `electron` on PATH.
 */
export async function findElectron(
  root: string,
  env: Readonly<Record<string, string | undefined>>,
  runner: Runner,
): Promise<ElectronBinary> {
  const override = env['TRAILBOSS_ELECTRON'];
  if (override)
    return existsSync(override)
      ? { kind: 'found', path: override, from: 'TRAILBOSS_ELECTRON' }
      : { kind: 'absent', why: `TRAILBOSS_ELECTRON names ${override}, which does not exist` };
  const pkgDir = join(root, 'node_modules', 'electron');
  if (existsSync(join(pkgDir, 'install.js'))) {
    const ready = packageBinary(pkgDir);
    if (ready) return { kind: 'found', path: ready, from: pkgDir };
    const fetched = await runner
      .run(process.execPath, [join(pkgDir, 'install.js')], { timeoutMs: 300_000 })
      .catch((error: Error) => ({ exitCode: 1, stderr: error.message, stdout: '' }));
    const after = packageBinary(pkgDir);
    if (after) return { kind: 'found', path: after, from: pkgDir };
    const reason =
      fetched.stderr
        .split('\n')
        .find((line) => /error/i.test(line))
        ?.trim() ?? `exit code ${fetched.exitCode}`;
    return { kind: 'absent', why: `Electron's binary could not be downloaded into ${pkgDir} (${reason})` };
  }
  const onPath = which('electron', env['PATH']);
  if (onPath) return { kind: 'found', path: onPath, from: 'PATH' };
  return {
    kind: 'absent',
    why: `Electron is not installed (npm install -g electron@${electronVersion(root)}, or set TRAILBOSS_ELECTRON to its binary)`,
  };
}

/** The Electron version Trail Boss is built and tested with (package.json). */
export function electronVersion(root: string): string {
  try {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { devDependencies?: Record<string, string> };
    return pkg.devDependencies?.['electron']?.replace(/^[\^~]/, '') ?? 'latest';
  } catch {
    return 'latest';
  }
}
