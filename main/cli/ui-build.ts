/**
 * The queue UI `daemon --ui` serves. The npm package ships it prebuilt; a clone builds it on first use
 * (and again when the renderer's sources are newer), so no user ever runs a separate build command.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Runner } from '../engine/platform/run.ts';

/** Where the UI is and whether it can be served as is, built first, or not at all. */
export type UiState =
  | { readonly kind: 'ready'; readonly dir: string }
  | { readonly kind: 'build'; readonly dir: string; readonly why: string }
  | { readonly kind: 'missing'; readonly dir: string };

/** Decide from the files under `root`: dist/renderer (built), renderer/ + vite (a clone that can build). */
export function uiState(root: string): UiState {
  const dir = join(root, 'dist', 'renderer');
  const index = join(dir, 'index.html');
  const canBuild = existsSync(join(root, 'renderer')) && existsSync(join(root, 'node_modules', 'vite'));
  if (!existsSync(index)) return canBuild ? { kind: 'build', dir, why: 'not built yet' } : { kind: 'missing', dir };
  if (canBuild && newestMtime([join(root, 'renderer'), join(root, 'preload', 'contract')]) > statSync(index).mtimeMs) {
    return { kind: 'build', dir, why: 'its sources changed' };
  }
  return { kind: 'ready', dir };
}

/** Build the UI with the clone's vite (a few seconds); resolves with vite's error output on failure, else null. */
export async function buildUi(root: string, runner: Runner): Promise<string | null> {
  const result = await runner.run(
    process.execPath,
    [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'error'],
    { timeoutMs: 180_000 },
  );
  return result.exitCode === 0 ? null : result.stderr.trim() || result.stdout.trim() || `vite exited ${result.exitCode}`;
}

function newestMtime(dirs: readonly string[]): number {
  let newest = 0;
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else newest = Math.max(newest, statSync(path).mtimeMs);
    }
  };
  for (const dir of dirs) if (existsSync(dir)) walk(dir);
  return newest;
}
