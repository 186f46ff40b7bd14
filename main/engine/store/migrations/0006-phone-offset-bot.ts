/**
 * Version 6: the getUpdates offset belongs to a bot. Each bot numbers its updates on its own, so an
 * offset kept from another bot (a re-pairing with a new token) would have Telegram drop every update
 * of the new one. `offset_bot_id` names the bot the offset was saved for; the channel resets the
 * offset when it polls as another bot. Rows from before are of no known bot (null) and reset once.
 */
import type { Migration } from '../migrate.ts';

/** Adds phone_pairing.offset_bot_id. */
export const migration0006: Migration = {
  version: 6,
  name: 'phone-offset-bot',
  up(db) {
    db.exec('ALTER TABLE phone_pairing ADD COLUMN offset_bot_id INTEGER');
  },
};
