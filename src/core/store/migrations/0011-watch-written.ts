import type { Migration } from './migration'

/**
 * The watched value as typed (issue 36), beside the normalized one: an email is stored in lower
 * case, but the registry matches exactly, so one typed Ada.Obi@Example.com is searched as typed
 * too (another organization may have filed it so). Null where the stored form says it all.
 */
export const migration0011: Migration = {
  version: 11,
  name: 'watch-written',
  up(db) {
    db.exec('ALTER TABLE watch_items ADD COLUMN written TEXT;')
  },
}
