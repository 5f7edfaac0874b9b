import type { Migration } from './migration'

/**
 * What the registry told us, kept so that banks, the organization's own submissions and past
 * search results can be used offline (architecture.md "Caches"). Everything here can be thrown
 * away and fetched again; nothing here is the user's own unsent work (that is 0001).
 *
 * Times we set are epoch milliseconds; the registry's own createdAt/updatedAt are parsed to
 * milliseconds for sorting and filtering (null when unreadable), the text as sent stays in
 * record_json.
 */
export const migration0002: Migration = {
  version: 2,
  name: 'caches',
  up(db) {
    db.exec(`
      CREATE TABLE cached_banks (
        slug TEXT PRIMARY KEY,
        id TEXT NOT NULL,
        name TEXT NOT NULL,
        code TEXT,
        -- The registry's order, which the bank picker keeps.
        position INTEGER NOT NULL,
        refreshed_at INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE cached_reports (
        -- An explicit integer key: the FTS index below refers to rows by it.
        row_id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('report', 'public_report')),
        id TEXT NOT NULL,
        fraud_type TEXT,
        fraud_reason TEXT NOT NULL DEFAULT '',
        -- Open values: the registry may use statuses we have not seen (registry-notes.md).
        listing_status TEXT,
        status TEXT,
        company_id TEXT,
        company_name TEXT,
        created_at INTEGER,
        updated_at INTEGER,
        own INTEGER NOT NULL DEFAULT 0 CHECK (own IN (0, 1)),
        record_json TEXT NOT NULL,
        seen_at INTEGER NOT NULL,
        UNIQUE (kind, id)
      ) STRICT;
      -- The virtualized list of own submissions: newest first, filters read from the index.
      CREATE INDEX cached_reports_own_created ON cached_reports
        (created_at, row_id, fraud_type, listing_status) WHERE own = 1 AND kind = 'report';

      CREATE TABLE cached_identifiers (
        report_row INTEGER NOT NULL REFERENCES cached_reports (row_id) ON DELETE CASCADE,
        label TEXT NOT NULL,
        -- Normalized with normalizeIdentifierValue, as search input is before the lookup.
        value TEXT NOT NULL
      ) STRICT;
      CREATE INDEX cached_identifiers_lookup ON cached_identifiers (label, value, report_row);
      CREATE INDEX cached_identifiers_report ON cached_identifiers (report_row);

      CREATE TABLE cached_searches (
        identifier TEXT NOT NULL,
        value TEXT NOT NULL,
        searched_at INTEGER NOT NULL,
        report_ids_json TEXT NOT NULL,
        public_report_ids_json TEXT NOT NULL,
        UNIQUE (identifier, value)
      ) STRICT;

      -- Refresh cursors and times (submissions last full refresh, newest updatedAt seen…).
      CREATE TABLE cache_state (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) STRICT;

      CREATE VIRTUAL TABLE cached_reports_fts USING fts5 (
        fraud_reason,
        content = 'cached_reports',
        content_rowid = 'row_id',
        tokenize = 'unicode61 remove_diacritics 2'
      );
      CREATE TRIGGER cached_reports_fts_insert AFTER INSERT ON cached_reports BEGIN
        INSERT INTO cached_reports_fts (rowid, fraud_reason) VALUES (new.row_id, new.fraud_reason);
      END;
      CREATE TRIGGER cached_reports_fts_delete AFTER DELETE ON cached_reports BEGIN
        INSERT INTO cached_reports_fts (cached_reports_fts, rowid, fraud_reason)
          VALUES ('delete', old.row_id, old.fraud_reason);
      END;
      -- Re-index only when the reason really changed: a refresh rewrites most rows unchanged.
      CREATE TRIGGER cached_reports_fts_update AFTER UPDATE OF fraud_reason ON cached_reports
        WHEN old.fraud_reason IS NOT new.fraud_reason BEGIN
        INSERT INTO cached_reports_fts (cached_reports_fts, rowid, fraud_reason)
          VALUES ('delete', old.row_id, old.fraud_reason);
        INSERT INTO cached_reports_fts (rowid, fraud_reason) VALUES (new.row_id, new.fraud_reason);
      END;
    `)
  },
}
