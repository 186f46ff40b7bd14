/** Test helpers: a fresh temp directory per test and a real store file inside it. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach } from 'vitest';
import { ManualClock } from '../../../support/manual-clock.ts';
import { MemoryLogger } from '../../../../main/engine/platform/log.ts';
import { openStore, type OpenStoreOptions } from '../../../../main/engine/store/open-store.ts';
import type { Store } from '../../../../main/engine/store/store.ts';
import { splitPaneKey } from '../../../../main/engine/tmux/pane-key.ts';

const cleanups: (() => void)[] = [];

afterEach(() => {
  for (const fn of cleanups.splice(0).reverse()) fn();
});

/** A temp directory removed after the test. */
export function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tb-store-'));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Register extra cleanup (runs before the temp dirs are removed). */
export function onCleanup(fn: () => void): void {
  cleanups.push(fn);
}

/** Open a store on a new file in a temp dir; closed after the test. */
export function tempStore(options: Partial<OpenStoreOptions> = {}): {
  store: Store;
  file: string;
  clock: ManualClock;
  logger: MemoryLogger;
} {
  const file = path.join(tempDir(), 'trailboss.db');
  const clock = (options.clock as ManualClock | undefined) ?? new ManualClock(1_700_000_000_000);
  const logger = new MemoryLogger();
  const store = openStore(file, { clock, logger, ...options });
  cleanups.push(() => store.close());
  return { store, file, clock, logger };
}

/** A pane observation with defaults. */
export function seen(paneKey = 'default|%1', at = 1_700_000_000_000) {
  const { serverKey: server, paneId } = splitPaneKey(paneKey);
  return { paneKey, server, paneId, target: `work:1.${paneId.slice(1)}`, runtime: 'claude' as const, pid: 4242, at };
}
