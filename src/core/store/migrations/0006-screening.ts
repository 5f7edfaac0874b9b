import type { Migration } from './migration'

/**
 * Screening (issue 28): a whole list checked against the registry by a durable job. One row
 * per job, one per input row (its own cells, for the export), one per distinct identifier with
 * its state and answer, and the links between rows and identifiers: the same identifier on many
 * rows is one identifier row, searched once. An identifier is `searching` from the commit
 * before its request leaves until the commit of its answer, so a job killed in between knows
 * which answers it lost. Mappings are remembered per set of headers.
 */
export const migration0006: Migration = {
  version: 6,
  name: 'screening',
  up(db) {
    db.exec(`
      CREATE TABLE screening_jobs (
        id INTEGER PRIMARY KEY,
        file_name TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('open', 'paused', 'cancelled', 'done')),
        rate REAL NOT NULL,
        header_json TEXT NOT NULL,
        problems_json TEXT NOT NULL,
        -- The process running it, and until when its claim holds (renewed while it runs).
        runner TEXT,
        runner_until INTEGER,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;

      CREATE TABLE screening_rows (
        job_id INTEGER NOT NULL REFERENCES screening_jobs (id) ON DELETE CASCADE,
        row_number INTEGER NOT NULL,
        cells_json TEXT NOT NULL,
        PRIMARY KEY (job_id, row_number)
      ) STRICT;

      CREATE TABLE screening_identifiers (
        id INTEGER PRIMARY KEY,
        job_id INTEGER NOT NULL REFERENCES screening_jobs (id) ON DELETE CASCADE,
        label TEXT NOT NULL,
        value TEXT NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('pending', 'searching', 'done', 'failed')),
        -- What the answer rests on: 'online' (this job's search) or 'cache'; null when unknown.
        source TEXT,
        -- When that was learned (epoch ms); null when never checked.
        checked_at INTEGER,
        report_ids_json TEXT NOT NULL DEFAULT '[]',
        public_report_ids_json TEXT NOT NULL DEFAULT '[]',
        message TEXT,
        UNIQUE (job_id, label, value)
      ) STRICT;
      CREATE INDEX screening_identifiers_state ON screening_identifiers (job_id, state, id);

      CREATE TABLE screening_row_identifiers (
        job_id INTEGER NOT NULL REFERENCES screening_jobs (id) ON DELETE CASCADE,
        row_number INTEGER NOT NULL,
        identifier_id INTEGER NOT NULL REFERENCES screening_identifiers (id) ON DELETE CASCADE,
        column_name TEXT NOT NULL,
        written TEXT NOT NULL
      ) STRICT;
      CREATE INDEX screening_row_identifiers_job ON screening_row_identifiers (job_id, row_number);

      CREATE TABLE screening_mappings (
        header_key TEXT PRIMARY KEY,
        mapping_json TEXT NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
    `)
  },
}
