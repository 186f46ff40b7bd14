/**
 * Notices the database file deleted (or replaced) under a running engine. SQLite keeps writing to
 * the open, deleted file, so without this the queue, audit log and history of the whole run would
 * vanish at the next start. A deleted file is recreated at once from the open connection (VACUUM
 * INTO: everything is kept, nothing is lost) and the store moves to it. A different file put in its
 * place is not ours to overwrite: the engine says so and keeps using the one it opened.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { ownerOnlyDir } from '../platform/owner-only.ts';
import type { OpenStoreOptions } from './open-store.ts';
import { openConnection } from './open-store.ts';
import type { Store } from './store.ts';

/** What the guard found and did. */
export type FileGuardOutcome =
  | { readonly kind: 'ok' }
  | { readonly kind: 'recreated' }
  | { readonly kind: 'replaced' }
  | { readonly kind: 'failed'; readonly message: string };

/** Check the store's file once; recreate it when it was deleted. Never throws. */
export function guardDatabaseFile(store: Store, options: OpenStoreOptions): FileGuardOutcome {
  const found = store.storeFile.check();
  switch (found) {
    case 'same':
      return { kind: 'ok' };
    case 'replaced':
      return { kind: 'replaced' };
    case 'missing':
      try {
        recreate(store, options);
        return { kind: 'recreated' };
      } catch (error) {
        return { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
      }
  }
}

function recreate(store: Store, options: OpenStoreOptions): void {
  const file = store.file;
  // The whole data directory may have gone with it.
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  ownerOnlyDir(path.dirname(file));
  const copy = `${file}.recovered-${randomBytes(6).toString('hex')}`;
  // VACUUM INTO fills an empty file and keeps its mode: owner-only from the start.
  fs.writeFileSync(copy, '', { flag: 'wx', mode: 0o600 });
  try {
    store.storeFile.copyTo(copy);
    // link, not rename: a file someone put at the path meanwhile is never overwritten (EEXIST).
    fs.linkSync(copy, file);
    store.storeFile.reopen(() => {
      // The old connection closed and took its WAL with it; one left at the path belongs to no
      // live database and must not be replayed into the new one.
      for (const leftover of [`${file}-wal`, `${file}-shm`]) fs.rmSync(leftover, { force: true });
      return openConnection(file, { ...options, integrityCheck: false });
    });
  } finally {
    fs.rmSync(copy, { force: true });
  }
}
