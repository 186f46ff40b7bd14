/**
 * Version 4: retention. Indexes the audit log by time (pruning must not scan it), and lets rows
 * below a horizon be deleted: the horizon lives in `audit_retention` (0 = nothing may go, the
 * default) and only moves up when the user set an audit retention. Updates stay refused, and so
 * does any delete of a row at or after the horizon.
 */
import type { Migration } from '../migrate.ts';

/** Adds audit_by_at, audit_retention, and the horizon-aware audit_no_delete trigger. */
export const migration0004: Migration = {
  version: 4,
  name: 'retention',
  up(db) {
    db.exec(`
      CREATE INDEX audit_by_at ON audit (at);
      CREATE TABLE audit_retention (
        id            INTEGER PRIMARY KEY CHECK (id = 1),
        delete_before INTEGER NOT NULL
      ) STRICT;
      INSERT INTO audit_retention (id, delete_before) VALUES (1, 0);
      DROP TRIGGER audit_no_delete;
      CREATE TRIGGER audit_no_delete BEFORE DELETE ON audit
        WHEN old.at >= (SELECT delete_before FROM audit_retention WHERE id = 1)
        BEGIN SELECT RAISE(ABORT, 'audit is append-only'); END;
      CREATE TRIGGER audit_retention_no_lowering BEFORE UPDATE ON audit_retention
        WHEN new.delete_before < old.delete_before
        BEGIN SELECT RAISE(ABORT, 'the audit horizon only moves forward'); END;
      CREATE TRIGGER audit_retention_no_delete BEFORE DELETE ON audit_retention
        BEGIN SELECT RAISE(ABORT, 'the audit horizon cannot be removed'); END;
    `);
  },
};
