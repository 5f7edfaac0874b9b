import type { Migration } from './migration'

/**
 * Cases (issue 41): an investigation's reports, search answers, watch alerts and notes, in the
 * order added, and every bundle made of it. An item's `payload_json` holds what its kind keeps
 * (a report's registry id; a search's request, time, status, certificate and the ids its answer
 * held; an alert as it was raised; a note's text); a search's answer is kept in `answer` as its
 * bytes came. `position` is given under the write lock (writeTransaction), so two processes
 * adding to one case at once each get their own place. Items and exports are never changed or
 * removed once written: a case is a record of what was found and handed over.
 */
export const migration0017: Migration = {
  version: 17,
  name: 'cases',
  up(db) {
    db.exec(`
      CREATE TABLE cases (
        id TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        created_at INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE case_items (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        case_id TEXT NOT NULL REFERENCES cases (id),
        position INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('report', 'search', 'alert', 'note')),
        added_at INTEGER NOT NULL,
        payload_json TEXT NOT NULL,
        answer BLOB,
        UNIQUE (case_id, position)
      ) STRICT;

      CREATE TABLE case_exports (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        case_id TEXT NOT NULL REFERENCES cases (id),
        at INTEGER NOT NULL,
        fingerprint TEXT NOT NULL,
        file_name TEXT NOT NULL,
        os_user TEXT NOT NULL
      ) STRICT;
      CREATE INDEX case_exports_by_case ON case_exports (case_id, id);

      CREATE TRIGGER case_items_no_update BEFORE UPDATE ON case_items
        BEGIN SELECT RAISE(ABORT, 'case_items is append-only'); END;
      CREATE TRIGGER case_items_no_delete BEFORE DELETE ON case_items
        BEGIN SELECT RAISE(ABORT, 'case_items is append-only'); END;
      CREATE TRIGGER case_exports_no_update BEFORE UPDATE ON case_exports
        BEGIN SELECT RAISE(ABORT, 'case_exports is append-only'); END;
      CREATE TRIGGER case_exports_no_delete BEFORE DELETE ON case_exports
        BEGIN SELECT RAISE(ABORT, 'case_exports is append-only'); END;
    `)
  },
}
