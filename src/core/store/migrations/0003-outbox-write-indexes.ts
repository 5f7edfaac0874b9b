import type { Migration } from './migration'

/**
 * Fewer indexes to write on the outbox's hot path (a 50,000-row import, a drain):
 * - operations_chain repeated the index SQLite already keeps for UNIQUE (chain_id, seq); every
 *   query by chain uses either, so one goes.
 * - reports_fingerprint was never read by a lookup: the import reads every local fingerprint in
 *   one scan by status (import-spreadsheet.ts knownState). Keyed by a hash, it took each new row
 *   at a random page, so every import batch rewrote (and, encrypted, re-encrypted) most of it.
 */
export const migration0003: Migration = {
  version: 3,
  name: 'outbox-write-indexes',
  up(db) {
    db.exec(`
      DROP INDEX operations_chain;
      DROP INDEX reports_fingerprint;
    `)
  },
}
