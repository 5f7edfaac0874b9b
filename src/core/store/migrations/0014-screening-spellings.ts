import type { Migration } from './migration'

/**
 * Screening asks each spelling of an identifier once a job (issue 36): a phone's seven, an
 * email as typed and in lower case, an account without its bank at each bank its check digit
 * fits. Each answer is kept here the moment it comes, so another identifier of the job that
 * shares a spelling (an account with its bank and the same number guessed at that bank, a name
 * in NFC and NFD), and the same identifier asked again after a 429, a lost connection or a kill
 * midway through its spellings, take the answer instead of asking again. A re-screen of what
 * is older than N days deletes the answers it asks again.
 */
export const migration0014: Migration = {
  version: 14,
  name: 'screening-spellings',
  up(db) {
    db.exec(`
      CREATE TABLE screening_spellings (
        job_id INTEGER NOT NULL REFERENCES screening_jobs (id) ON DELETE CASCADE,
        label TEXT NOT NULL,
        -- The value sent to the registry, as sent.
        value TEXT NOT NULL,
        answered_at INTEGER NOT NULL,
        report_ids_json TEXT NOT NULL,
        public_report_ids_json TEXT NOT NULL,
        -- 1: the registry refused this spelling as invalid (passed over, as the desk does).
        refused INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (job_id, label, value)
      ) STRICT;
    `)
  },
}
