/**
 * Owner-only permissions for what Trail Boss keeps (the audit log holds every reply's text): the
 * data directory 0700, its files 0600 — also when they were made earlier with looser modes (an
 * existing 0755 directory, a database from an older version). POSIX only; Windows ACLs are left as
 * the user's profile sets them.
 */
import { chmodSync, statSync } from 'node:fs';

/** Tighten `path` to `mode` when group or others have any access; a missing path is left alone. */
function tighten(path: string, mode: number): void {
  if (process.platform === 'win32') return;
  try {
    if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, mode);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/** Make a directory owner-only (0700). */
export function ownerOnlyDir(path: string): void {
  tighten(path, 0o700);
}

/** Make each existing file owner-only (0600). */
export function ownerOnlyFiles(...paths: readonly string[]): void {
  for (const path of paths) tighten(path, 0o600);
}
