/**
 * A database deleted under the running store is noticed and recreated from the open connection
 * with everything in it; later writes land in the new file and survive a reopen. A different file
 * put at the path is never overwritten.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../../main/engine/platform/clock.ts';
import { MemoryLogger } from '../../../main/engine/platform/log.ts';
import { guardDatabaseFile } from '../../../main/engine/store/file-guard.ts';
import { openStore } from '../../../main/engine/store/index.ts';
import type { NewAuditEntry, Store } from '../../../main/engine/store/index.ts';
import { tempDir } from '../http/http-helpers.ts';

const opts = { clock: systemClock, logger: new MemoryLogger() };
const entry = (payload: string): NewAuditEntry => ({
  paneKey: 'p',
  runtime: 'claude',
  action: 'text',
  payload,
  reason: 'r',
  surface: 'cli',
  itemId: null,
  outcome: 'sent',
});
const payloads = (store: Store) =>
  store.audit
    .list()
    .map((e) => e.payload)
    .sort();

let cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.reverse()) c();
  cleanups = [];
});

function open(): { store: Store; file: string; dir: string } {
  const tmp = tempDir('tb-guard');
  const dir = join(tmp.dir, 'tb');
  const file = join(dir, 'trailboss.db');
  const store = openStore(file, opts);
  cleanups.push(tmp.cleanup, () => store.close());
  return { store, file, dir };
}

describe('database file deleted while running', () => {
  it('is left alone while it is there', () => {
    const { store } = open();
    expect(guardDatabaseFile(store, opts)).toEqual({ kind: 'ok' });
  });

  for (const what of ['the file', 'the file with its WAL and shm', 'the whole data directory'] as const) {
    it(`recreates ${what} from the open connection, keeping every row, and writes go on to the new file`, () => {
      const { store, file, dir } = open();
      store.audit.append(entry('before'));
      if (what === 'the whole data directory') rmSync(dir, { recursive: true });
      else for (const f of what === 'the file' ? [file] : [file, `${file}-wal`, `${file}-shm`]) rmSync(f, { force: true });
      store.audit.append(entry('while deleted'));
      expect(guardDatabaseFile(store, opts)).toEqual({ kind: 'recreated' });
      expect(existsSync(file)).toBe(true);
      store.audit.append(entry('after'));
      expect(guardDatabaseFile(store, opts)).toEqual({ kind: 'ok' });
      store.close();
      const reopened = openStore(file, opts);
      try {
        expect(payloads(reopened)).toEqual(['after', 'before', 'while deleted']);
      } finally {
        reopened.close();
      }
    });
  }

  it('never overwrites a different file put at the path, and keeps using its own', () => {
    const { store, file } = open();
    store.audit.append(entry('ours'));
    rmSync(file);
    writeFileSync(file, 'someone else’s file');
    expect(guardDatabaseFile(store, opts)).toEqual({ kind: 'replaced' });
    expect(readFileSync(file, 'utf8')).toBe('someone else’s file');
    store.audit.append(entry('still ours'));
    expect(payloads(store)).toEqual(['ours', 'still ours']);
  });
});
