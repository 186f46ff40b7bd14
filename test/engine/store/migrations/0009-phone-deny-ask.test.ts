import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../../main/engine/platform/log.ts';
import { migrate } from '../../../../main/engine/store/migrate.ts';
import { MIGRATIONS } from '../../../../main/engine/store/migrations/index.ts';
import { objects, rawDb, userVersion } from '../support/schema.ts';
import { onCleanup, tempDir } from '../support/temp-store.ts';

describe('migration 0009-phone-deny-ask', () => {
  it('keeps every stored token, lets a token be deny-ask (nothing else new), keeps the indexes, and adds phone_asks', () => {
    const file = path.join(tempDir(), 'v8.db');
    const db = rawDb(file);
    onCleanup(() => db.close());
    migrate(db, file, MIGRATIONS, { to: 8, logger: silentLogger });
    const insert = db.prepare(
      `INSERT INTO phone_tokens (hash, item_id, chat_id, message_id, action, fingerprint, created_at, used_at) VALUES (?, 'it', 1, 2, ?, 'fp', 5, ?)`,
    );
    insert.run('h1', 'approve', 7);
    insert.run('h2', 'deny', null);
    expect(() => insert.run('h3', 'deny-ask', null)).toThrow(/CHECK/);
    migrate(db, file, MIGRATIONS, { to: 9, logger: silentLogger });
    expect(userVersion(db)).toBe(9);
    expect(db.prepare('SELECT hash, action, used_at FROM phone_tokens ORDER BY hash').all()).toEqual([
      { hash: 'h1', action: 'approve', used_at: 7 },
      { hash: 'h2', action: 'deny', used_at: null },
    ]);
    insert.run('h3', 'deny-ask', null);
    expect(() => insert.run('h4', 'always', null)).toThrow(/CHECK/);
    expect(objects(db, 'index')).toEqual(
      expect.arrayContaining(['phone_tokens_by_message', 'phone_tokens_by_created', 'phone_asks_by_asked']),
    );
    expect(db.prepare('SELECT count(*) AS n FROM phone_asks').get()).toEqual({ n: 0 });
  });
});
