import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../../main/engine/platform/log.ts';
import { migrate } from '../../../../main/engine/store/migrate.ts';
import { MIGRATIONS } from '../../../../main/engine/store/migrations/index.ts';
import { objects, rawDb, userVersion } from '../support/schema.ts';
import { onCleanup, tempDir } from '../support/temp-store.ts';

describe('migration 0010-slack-deny-ask', () => {
  it('keeps every stored Slack token, lets a token be deny-ask (nothing else new), and keeps the indexes', () => {
    const file = path.join(tempDir(), 'v9.db');
    const db = rawDb(file);
    onCleanup(() => db.close());
    migrate(db, file, MIGRATIONS, { to: 9, logger: silentLogger });
    const insert = db.prepare(
      `INSERT INTO slack_tokens (hash, item_id, channel_id, ts, action, fingerprint, created_at, used_at, revoked_at)
       VALUES (?, 'it', 'D1', '1.000001', ?, 'fp', 5, ?, ?)`,
    );
    insert.run('h1', 'approve', 7, null);
    insert.run('h2', 'snooze', null, 9);
    expect(() => insert.run('h3', 'deny-ask', null, null)).toThrow(/CHECK/);
    migrate(db, file, MIGRATIONS, { to: 10, logger: silentLogger });
    expect(userVersion(db)).toBe(10);
    expect(db.prepare('SELECT hash, action, used_at, revoked_at FROM slack_tokens ORDER BY hash').all()).toEqual([
      { hash: 'h1', action: 'approve', used_at: 7, revoked_at: null },
      { hash: 'h2', action: 'snooze', used_at: null, revoked_at: 9 },
    ]);
    insert.run('h3', 'deny-ask', null, null);
    expect(() => insert.run('h4', 'always', null, null)).toThrow(/CHECK/);
    expect(objects(db, 'index')).toEqual(expect.arrayContaining(['slack_tokens_by_message', 'slack_tokens_by_created']));
  });
});
