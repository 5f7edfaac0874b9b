import type { Migration } from './migration'

/**
 * Two kinds of watchlist alert (issue 36): `identifier_removed`, the watched identifier taken
 * off a report that stays listed (it read as "unlisted" before), and `identifier_added`, put
 * back. SQLite cannot change a CHECK in place: watch_alerts is copied into a table that allows
 * them, its ids kept (the append-only watch_alert_events name them).
 */
export const migration0010: Migration = {
  version: 10,
  name: 'watch-alert-kinds',
  up(db) {
    db.exec(`
      CREATE TABLE watch_alerts_next (
        id INTEGER PRIMARY KEY,
        item_id INTEGER NOT NULL,
        type TEXT NOT NULL,
        value TEXT NOT NULL,
        report_id TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('new_report', 'unlisted', 'relisted', 'updated',
          'identifier_removed', 'identifier_added')),
        state TEXT NOT NULL CHECK (state IN ('new', 'seen', 'dismissed', 'escalated')),
        detail_json TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      INSERT INTO watch_alerts_next SELECT id, item_id, type, value, report_id, kind, state,
        detail_json, created_at, updated_at FROM watch_alerts;
      DROP TABLE watch_alerts;
      ALTER TABLE watch_alerts_next RENAME TO watch_alerts;
      CREATE INDEX watch_alerts_state ON watch_alerts (state, id);
    `)
  },
}
