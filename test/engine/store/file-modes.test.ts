/**
 * What the engine keeps is the owner's alone: the data directory 0700 and the database, its WAL and
 * shared-memory files 0600 — also when the directory already existed with 0755 and the database
 * was left 0644 by an older version.
 */
import { chmodSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { systemClock } from '../../../main/engine/platform/clock.ts';
import { MemoryLogger } from '../../../main/engine/platform/log.ts';
import { openStore } from '../../../main/engine/store/index.ts';
import type { UndoList } from '../../../main/engine/wiring/foundation.ts';
import { openFoundation } from '../../../main/engine/wiring/foundation.ts';
import { tempDir } from '../http/http-helpers.ts';

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
});

describe.skipIf(process.platform === 'win32')('owner-only files', () => {
  it('tightens a data directory that already existed with 0755, and makes the database files 0600', async () => {
    const tmp = tempDir('tb-modes');
    cleanup = tmp.cleanup;
    const home = join(tmp.dir, 'tb');
    mkdirSync(home, { mode: 0o755 });
    chmodSync(home, 0o755);
    const undo: UndoList = [];
    const f = openFoundation(
      {
        env: { TRAILBOSS_HOME: home },
        platform: process.platform,
        homedir: tmp.dir,
        cwd: tmp.dir,
        clock: systemClock,
        logger: new MemoryLogger(),
        pid: process.pid,
      },
      undo,
    );
    try {
      // A write, so the WAL and shared-memory files exist.
      f.store.audit.append({
        paneKey: 'p',
        runtime: 'claude',
        action: 'text',
        payload: 'secret reply',
        reason: 'r',
        surface: 'cli',
        itemId: null,
        outcome: 'sent',
      });
      expect(modeOf(home)).toBe('700');
      expect(modeOf(f.paths.database)).toBe('600');
      expect(modeOf(`${f.paths.database}-wal`)).toBe('600');
      expect(modeOf(`${f.paths.database}-shm`)).toBe('600');
    } finally {
      for (const step of undo.reverse()) await step();
    }
  });

  it('tightens a database, WAL and shared-memory file left 0644', () => {
    const tmp = tempDir('tb-modes');
    cleanup = tmp.cleanup;
    const file = join(tmp.dir, 'trailboss.db');
    const first = openStore(file, { clock: systemClock, logger: new MemoryLogger() });
    first.audit.append({
      paneKey: 'p',
      runtime: 'claude',
      action: 'text',
      payload: 'secret',
      reason: 'r',
      surface: 'cli',
      itemId: null,
      outcome: 'sent',
    });
    first.close();
    writeFileSync(`${file}-wal`, '');
    writeFileSync(`${file}-shm`, '');
    for (const path of [file, `${file}-wal`, `${file}-shm`]) chmodSync(path, 0o644);
    const store = openStore(file, { clock: systemClock, logger: new MemoryLogger() });
    try {
      expect([file, `${file}-wal`, `${file}-shm`].map(modeOf)).toEqual(['600', '600', '600']);
    } finally {
      store.close();
    }
  });
});
