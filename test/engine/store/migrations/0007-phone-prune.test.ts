import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../../main/engine/platform/log.ts';
import { migrate } from '../../../../main/engine/store/migrate.ts';
import { MIGRATIONS } from '../../../../main/engine/store/migrations/index.ts';
import { objects, rawDb, userVersion } from '../support/schema.ts';
import { onCleanup, tempDir } from '../support/temp-store.ts';

describe('migration 0007-phone-prune', () => {
  it('indexes the phone rows by age, for pruning', () => {
    const file = path.join(tempDir(), 'v6.db');
    const db = rawDb(file);
    onCleanup(() => db.close());
    migrate(db, file, MIGRATIONS, { to: 7, logger: silentLogger });
    expect(userVersion(db)).toBe(7);
    expect(objects(db, 'index')).toEqual(expect.arrayContaining(['phone_messages_by_sent', 'phone_tokens_by_created']));
    const plan = db
      .prepare<[], { detail: string }>(
        'EXPLAIN QUERY PLAN SELECT rowid FROM phone_messages WHERE sent_at < 5 AND live = 0 ORDER BY sent_at LIMIT 50',
      )
      .all()
      .map((r) => r.detail)
      .join('\n');
    expect(plan).toContain('phone_messages_by_sent');
  });
});
