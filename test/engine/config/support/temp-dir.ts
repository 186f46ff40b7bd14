/** A temp directory per test, removed afterwards, plus extra cleanups (watchers). */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';

const cleanups: (() => void)[] = [];

afterEach(() => {
  for (const fn of cleanups.splice(0).reverse()) fn();
});

/** A fresh temp directory removed after the test. */
export function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tb-config-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Run `fn` after the test (before the temp dirs go). */
export function onCleanup(fn: () => void): void {
  cleanups.push(fn);
}
