/**
 * Where the Electron binary is, without ever triggering a download: `require('electron')` would run
 * the package's downloader when the binary is missing, so read its path.txt ourselves.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

/** The binary, or why there is none. */
export type ElectronBinary = { readonly ok: true; readonly path: string } | { readonly ok: false; readonly reason: string };

/** Finds the binary the electron package installed (or ELECTRON_OVERRIDE_DIST_PATH points at). */
export function electronBinary(env: NodeJS.ProcessEnv = process.env): ElectronBinary {
  const pkg = join(ROOT, 'node_modules', 'electron');
  const pathFile = join(pkg, 'path.txt');
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  const override = env['ELECTRON_OVERRIDE_DIST_PATH'];
  if (override) {
    const candidate = join(override, relative ?? 'electron');
    return existsSync(candidate) ? { ok: true, path: candidate } : { ok: false, reason: `ELECTRON_OVERRIDE_DIST_PATH has no ${candidate}` };
  }
  if (relative === null) return { ok: false, reason: `${pathFile} is missing (the Electron binary was never downloaded)` };
  const binary = join(pkg, 'dist', relative);
  return existsSync(binary) ? { ok: true, path: binary } : { ok: false, reason: `${binary} is missing` };
}

/** The line every skipped run prints, so nobody mistakes a skip for a pass. */
export function announceSkip(reason: string): string {
  const line = `Electron binary not installed on this machine — ran nothing (${reason})`;
  process.stderr.write(`\n[electron e2e] SKIPPED: ${line}\n\n`);
  return line;
}

/** A launch failure that means "cannot run Electron here" rather than "the app is broken". */
export function isUnrunnable(error: unknown): boolean {
  const text = error instanceof Error ? error.message : String(error);
  return /ENOENT|EACCES|error while loading shared libraries|cannot open display|Missing X server/i.test(text);
}
