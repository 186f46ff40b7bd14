import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { silentLogger } from '../../../../main/engine/platform/log.ts';
import { migrate } from '../../../../main/engine/store/migrate.ts';
import { MIGRATIONS } from '../../../../main/engine/store/migrations/index.ts';
import { objects, rawDb, userVersion } from '../support/schema.ts';
import { onCleanup, tempDir } from '../support/temp-store.ts';

describe('migration 0008-slack', () => {
  it("adds Slack's pairing row, messages (one live per item) and token hashes", () => {
    const file = path.join(tempDir(), 'v7.db');
    const db = rawDb(file);
    onCleanup(() => db.close());
    migrate(db, file, MIGRATIONS, { to: 7, logger: silentLogger });
    migrate(db, file, MIGRATIONS, { to: 8, logger: silentLogger });
    expect(userVersion(db)).toBe(8);
    const tables = db
      .prepare<[], { name: string }>("SELECT name FROM sqlite_master WHERE type = 'table'")
      .all()
      .map((r) => r.name);
    expect(tables).toEqual(expect.arrayContaining(['slack_pairing', 'slack_messages', 'slack_tokens']));
    expect(objects(db, 'index')).toEqual(
      expect.arrayContaining(['slack_messages_live', 'slack_messages_by_sent', 'slack_tokens_by_created']),
    );
    expect(db.prepare('SELECT count(*) AS n FROM slack_pairing').get()).toEqual({ n: 1 });
    const add = db.prepare(
      "INSERT INTO slack_messages (channel_id, ts, item_id, fingerprint, first_ts, header, live, sent_at) VALUES ('D1', ?, 'i', 'f', ?, 'h', 1, 0)",
    );
    add.run('1.000001', '1.000001');
    expect(() => add.run('2.000001', '2.000001')).toThrow(/UNIQUE/);
    expect(() =>
      db
        .prepare(
          "INSERT INTO slack_tokens (hash, item_id, channel_id, ts, action, fingerprint, created_at) VALUES ('h', 'i', 'D1', '1.1', 'always', 'f', 0)",
        )
        .run(),
    ).toThrow(/CHECK/);
  });
});
