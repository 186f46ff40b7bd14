/**
 * Version 7: the phone's messages and button tokens are pruned with the resolved items (retention.ts);
 * these indexes let each batch find the oldest rows without scanning the tables.
 */
import type { Migration } from '../migrate.ts';

/** Adds phone_messages_by_sent and phone_tokens_by_created. */
export const migration0007: Migration = {
  version: 7,
  name: 'phone-prune',
  up(db) {
    db.exec(`
      CREATE INDEX phone_messages_by_sent ON phone_messages (sent_at) WHERE live = 0;
      CREATE INDEX phone_tokens_by_created ON phone_tokens (created_at);
    `);
  },
};
