import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../../main/engine/platform/log.ts';
import { migrate } from '../../../../main/engine/store/migrate.ts';
import { MIGRATIONS } from '../../../../main/engine/store/migrations/index.ts';
import { rawDb, tables, userVersion } from '../support/schema.ts';
import { onCleanup, tempDir } from '../support/temp-store.ts';

function fresh() {
  const file = path.join(tempDir(), 'v5.db');
  const db = rawDb(file);
  onCleanup(() => db.close());
  return { db, file };
}

describe('migration 0005-phone', () => {
  it('takes a fresh database to exactly version 5', () => {
    const { db, file } = fresh();
    migrate(db, file, MIGRATIONS, { to: 5, logger: silentLogger });
    expect(userVersion(db)).toBe(5);
  });

  it('adds the pairing row, the message map and the token hashes', () => {
    const { db, file } = fresh();
    migrate(db, file, MIGRATIONS, { to: 5, logger: silentLogger });
    const t = tables(db);
    expect(t['phone_pairing']).toContain('update_offset');
    expect(t['phone_messages']).toEqual([
      'chat_id',
      'message_id',
      'item_id',
      'fingerprint',
      'first_message_id',
      'header',
      'step',
      'live',
      'sent_at',
      'outcome',
    ]);
    expect(t['phone_tokens']).toEqual([
      'hash',
      'item_id',
      'chat_id',
      'message_id',
      'action',
      'fingerprint',
      'created_at',
      'used_at',
      'revoked_at',
    ]);
    expect(db.prepare('SELECT id, update_offset, chat_id FROM phone_pairing').all()).toEqual([{ id: 1, update_offset: 0, chat_id: null }]);
  });

  it('allows one live message per item and only the three actions', () => {
    const { db, file } = fresh();
    migrate(db, file, MIGRATIONS, { to: 5, logger: silentLogger });
    const message = (id: number, live: number) =>
      `INSERT INTO phone_messages (chat_id, message_id, item_id, fingerprint, first_message_id, header, live, sent_at) VALUES (1, ${id}, 'it', 'fp', 1, 'h', ${live}, 0)`;
    db.exec(message(1, 1));
    db.exec(message(2, 0));
    expect(() => db.exec(message(3, 1))).toThrow(/UNIQUE/);
    expect(() =>
      db.exec(
        `INSERT INTO phone_tokens (hash, item_id, chat_id, message_id, action, fingerprint, created_at) VALUES ('h', 'it', 1, 1, 'always', 'fp', 0)`,
      ),
    ).toThrow(/CHECK/);
  });

  it('keeps version-4 data', () => {
    const { db, file } = fresh();
    migrate(db, file, MIGRATIONS, { to: 4, logger: silentLogger });
    db.exec(`INSERT INTO hook_counters (kind, name, count, last_at) VALUES ('event', 'Stop', 4, 9)`);
    migrate(db, file, MIGRATIONS, { to: 5, logger: silentLogger });
    expect(db.prepare('SELECT count FROM hook_counters').all()).toEqual([{ count: 4 }]);
  });
});
