import type { Migration } from './migration'

/**
 * The end of a full submissions refresh counts the organization's reports seen since the pass
 * began and picks those not seen (to mark them unlisted). Read from the table, each of those
 * two questions fetched every own report's row, whose `seen_at` lies past its JSON: 300 ms
 * each over 100,000 cached reports, on the core's thread. This index answers both from a range
 * of its own entries; it is kept at each write of `seen_at`, a small entry.
 */
export const migration0013: Migration = {
  version: 13,
  name: 'own-seen-index',
  up(db) {
    db.exec(`
      CREATE INDEX cached_reports_own_seen ON cached_reports (company_id, seen_at, listing_status)
        WHERE own = 1 AND kind = 'report';
    `)
  },
}
