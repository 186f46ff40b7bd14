/**
 * Version 3: remember whether the user chose a pane's loop mode. `loop_mode` defaults to 'paused',
 * so without this a pane the user paused could not be told from one nobody set, and a config rule
 * would overrule the user's explicit pause.
 */
import type { Migration } from '../migrate.ts';

/** Adds panes.loop_mode_set (1 = the user set loop_mode; 0 = follow the config rules). */
export const migration0003: Migration = {
  version: 3,
  name: 'loop-mode-set',
  up(db) {
    db.exec(`
      ALTER TABLE panes ADD COLUMN loop_mode_set INTEGER NOT NULL DEFAULT 0 CHECK (loop_mode_set IN (0, 1));
      -- Before version 3 only a user could store a mode other than 'paused'; a stored 'paused' was
      -- indistinguishable from "never set" and behaved as "follow the rules", so it keeps doing so.
      UPDATE panes SET loop_mode_set = 1 WHERE loop_mode <> 'paused';
    `);
  },
};
