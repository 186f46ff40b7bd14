import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../../main/engine/platform/log.ts';
import { migrate } from '../../../../main/engine/store/migrate.ts';
import { MIGRATIONS } from '../../../../main/engine/store/migrations/index.ts';
import { rawDb, tables, userVersion } from '../support/schema.ts';
import { onCleanup, tempDir } from '../support/temp-store.ts';

describe('migration 0006-phone-offset-bot', () => {
  it('names no bot for an offset saved before (the channel restarts it once), keeping the pairing', () => {
    const file = path.join(tempDir(), 'v5.db');
    const db = rawDb(file);
    onCleanup(() => db.close());
    migrate(db, file, MIGRATIONS, { to: 5, logger: silentLogger });
    db.prepare('UPDATE phone_pairing SET chat_id = 42, user_id = 42, update_offset = 900001 WHERE id = 1').run();
    migrate(db, file, MIGRATIONS, { to: 6, logger: silentLogger });
    expect(userVersion(db)).toBe(6);
    expect(tables(db)['phone_pairing']).toContain('offset_bot_id');
    expect(db.prepare('SELECT chat_id, update_offset, offset_bot_id FROM phone_pairing').get()).toEqual({
      chat_id: 42,
      update_offset: 900001,
      offset_bot_id: null,
    });
  });
});
