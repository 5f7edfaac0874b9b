import type { Migration } from './migration'

/**
 * Local reports (drafts until queued), their attachments (copied into the data folder under a
 * content hash), and the outbox: one row per operation, chained per report and run in order.
 */
export const migration0001: Migration = {
  version: 1,
  name: 'drafts-and-outbox',
  up(db) {
    db.exec(`
      CREATE TABLE reports (
        local_id TEXT PRIMARY KEY,
        registry_id TEXT UNIQUE,
        status TEXT NOT NULL CHECK (status IN ('draft', 'queued', 'submitted', 'unlisted', 'discarded')),
        draft_json TEXT NOT NULL,
        fingerprint TEXT,
        origin TEXT NOT NULL DEFAULT 'editor',
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX reports_status ON reports (status, updated_at);
      CREATE INDEX reports_fingerprint ON reports (fingerprint);

      CREATE TABLE attachments (
        id TEXT PRIMARY KEY,
        report_local_id TEXT NOT NULL REFERENCES reports (local_id) ON DELETE CASCADE,
        sha256 TEXT NOT NULL,
        file_name TEXT NOT NULL,
        mime_type TEXT NOT NULL,
        size INTEGER NOT NULL CHECK (size >= 0),
        url TEXT,
        created_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX attachments_report ON attachments (report_local_id);

      CREATE TABLE operations (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        chain_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('upload_attachment', 'create_report', 'update_report', 'unlist_report', 'bulk_upload')),
        state TEXT NOT NULL CHECK (state IN ('queued', 'sending', 'waiting_retry', 'needs_attention', 'done', 'cancelled')),
        payload_json TEXT NOT NULL,
        attempts INTEGER NOT NULL DEFAULT 0,
        next_attempt_at INTEGER,
        first_sent_at INTEGER,
        outcome_unknown INTEGER NOT NULL DEFAULT 0 CHECK (outcome_unknown IN (0, 1)),
        last_error_json TEXT,
        result_json TEXT,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL,
        UNIQUE (chain_id, seq)
      ) STRICT;
      CREATE INDEX operations_open ON operations (state, next_attempt_at) WHERE state NOT IN ('done', 'cancelled');
      CREATE INDEX operations_chain ON operations (chain_id, seq);

      CREATE TABLE sync_lease (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        holder TEXT NOT NULL,
        expires_at INTEGER NOT NULL,
        heartbeat_at INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE sync_state (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) STRICT;

      CREATE TABLE exchange_log (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        at TEXT NOT NULL,
        endpoint TEXT NOT NULL,
        status INTEGER,
        duration_ms INTEGER NOT NULL,
        outcome TEXT NOT NULL,
        message TEXT,
        operation_id INTEGER
      ) STRICT;
      -- Append-only: the log is what the user reads when something went wrong.
      CREATE TRIGGER exchange_log_no_update BEFORE UPDATE ON exchange_log BEGIN SELECT RAISE(ABORT, 'exchange_log is append-only'); END;
    `)
  },
}
