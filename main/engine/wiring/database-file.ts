/**
 * Wiring step (periodic): the database file is looked at every few seconds. Deleted under the
 * running engine, it is recreated from the open connection with everything kept; replaced by
 * another file, or impossible to recreate, it is logged and every surface hears it (engine:error),
 * once per change, never every tick.
 */
import { guardDatabaseFile } from '../store/file-guard.ts';
import type { FileGuardOutcome } from '../store/file-guard.ts';
import type { Foundation } from './foundation.ts';

/** How often the file is checked: one stat, so cheap; a deletion is noticed within this. */
export const DATABASE_CHECK_MS = 2_000;

/** The check to run every DATABASE_CHECK_MS. */
export function databaseFileCheck(f: Foundation): () => void {
  const { store, logger, events, clock } = f;
  let last: FileGuardOutcome['kind'] = 'ok';
  return () => {
    const outcome = guardDatabaseFile(store, { clock, logger });
    const repeat = outcome.kind === last;
    last = outcome.kind === 'recreated' ? 'ok' : outcome.kind;
    if (repeat) return;
    switch (outcome.kind) {
      case 'ok':
        return;
      case 'recreated':
        logger.log('error', 'store.file-recreated', { file: store.file });
        events.emit('engine:error', {
          code: 'gone',
          message: `The database ${store.file} was deleted while Trail Boss ran; it was recreated from the open copy (queue, audit log and history kept).`,
        });
        return;
      case 'replaced':
        logger.log('error', 'store.file-replaced', { file: store.file });
        events.emit('engine:error', {
          code: 'changed',
          message: `Another file was put at ${store.file} while Trail Boss ran; it keeps using the database it opened. Restart Trail Boss to use the new file.`,
        });
        return;
      case 'failed':
        logger.log('error', 'store.file-lost', { file: store.file, error: outcome.message });
        events.emit('engine:error', {
          code: 'unavailable',
          message: `The database ${store.file} was deleted while Trail Boss ran and could not be recreated (${outcome.message}); what happens now is not kept after a restart.`,
        });
        return;
    }
  };
}
