import type { Migration } from './migration'

/**
 * The watchlist, second round (issue 29):
 * - `owner`: who looks after an item (a person's name, free text), beside its note;
 * - `claim_token`/`claim_until`: a check in flight. The app's watcher and `casefile watch check`
 *   may run at once on one folder; each claims an item in one UPDATE before it searches, so the
 *   other passes it by. A claim lapses at `claim_until` (a process killed mid-check), and the
 *   item is searched again then, not before;
 * - `watch_own_reports`: the organization's reports whose identifiers were added to the
 *   watchlist by "watch our own reports' identifiers", so a report is added once, and an item
 *   removed by hand is not added back.
 */
export const migration0009: Migration = {
  version: 9,
  name: 'watch-owner-and-claims',
  up(db) {
    db.exec(`
      ALTER TABLE watch_items ADD COLUMN owner TEXT;
      ALTER TABLE watch_items ADD COLUMN claim_token TEXT;
      ALTER TABLE watch_items ADD COLUMN claim_until INTEGER;

      CREATE TABLE watch_own_reports (
        report_id TEXT PRIMARY KEY,
        added_at INTEGER NOT NULL
      ) STRICT;
    `)
  },
}
