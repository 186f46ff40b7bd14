/** Doctor check: the database file is a healthy SQLite database of a schema this Trail Boss knows. */
import { existsSync } from 'node:fs';
import { silentLogger } from '../../../engine/platform/log.ts';
import { StoreError, openStore } from '../../../engine/store/index.ts';
import { advice, ok, problem, type DoctorCheck } from '../check.ts';

export const databaseCheck: DoctorCheck = {
  id: 'database',
  title: 'database',
  async run({ ctx, paths }) {
    const file = paths.database;
    if (!existsSync(file)) return ok(`${file} (created on first start)`);
    const aside = `stop Trail Boss, then move the file aside (mv '${file}' '${file}.broken'); the next start makes a new one (its queue history and audit log start empty)`;
    try {
      // Read-only with the store's own integrity check: safe while an engine runs (WAL readers never block it).
      openStore(file, { clock: ctx.clock, logger: silentLogger, readonly: true, integrityCheck: true }).close();
      return ok(`${file} passes the integrity check`);
    } catch (error) {
      if (!(error instanceof StoreError))
        return problem(`${file} cannot be opened: ${error instanceof Error ? error.message : String(error)}`, aside);
      switch (error.kind) {
        case 'read-only':
          return advice(`${file} has an older schema; the engine migrates it when it starts`, null);
        case 'newer-version':
          return problem(error.message, 'a newer Trail Boss wrote it: update (npm install -g trailboss), or move the file aside');
        case 'locked':
          return advice(`${error.message} (another process holds it; try again)`, null);
        case 'io':
          return problem(error.message, `make ${file} readable and writable by you (chmod u+rw), or ${aside}`);
        case 'corrupt':
          return problem(error.message, aside);
      }
    }
  },
};
