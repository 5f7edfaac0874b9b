import type { Migration } from './migration'

/**
 * The watchlist (issue 29): identifiers searched again on a schedule, what the registry answered
 * at the last check (the snapshot each check is compared with), and the alerts the changes
 * raised. An alert keeps its own copy of the identifier (it outlives the item's removal); every
 * change of an alert's state is a row of watch_alert_events, which is never changed nor deleted.
 */
export const migration0008: Migration = {
  version: 8,
  name: 'watchlist',
  up(db) {
    db.exec(`
      CREATE TABLE watch_items (
        id INTEGER PRIMARY KEY,
        type TEXT NOT NULL,
        value TEXT NOT NULL,
        note TEXT,
        -- How often it is searched again (ms); null: the default period.
        period_ms INTEGER,
        created_at INTEGER NOT NULL,
        last_checked_at INTEGER,
        next_check_at INTEGER NOT NULL,
        -- The reports of the last check ({ id: { status, fraudType, fraudReason } }); null: never checked.
        snapshot_json TEXT,
        UNIQUE (type, value)
      ) STRICT;
      CREATE INDEX watch_items_due ON watch_items (next_check_at);
      CREATE INDEX watch_items_checked ON watch_items (last_checked_at);

      CREATE TABLE watch_alerts (
        id INTEGER PRIMARY KEY,
        item_id INTEGER NOT NULL,
        type TEXT NOT NULL,
        value TEXT NOT NULL,
        report_id TEXT NOT NULL,
        kind TEXT NOT NULL CHECK (kind IN ('new_report', 'unlisted', 'relisted', 'updated')),
        state TEXT NOT NULL CHECK (state IN ('new', 'seen', 'dismissed', 'escalated')),
        detail_json TEXT NOT NULL,
        created_at INTEGER NOT NULL,
        updated_at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX watch_alerts_state ON watch_alerts (state, id);

      CREATE TABLE watch_alert_events (
        id INTEGER PRIMARY KEY,
        alert_id INTEGER NOT NULL,
        state TEXT NOT NULL,
        reason TEXT,
        at INTEGER NOT NULL
      ) STRICT;
      CREATE INDEX watch_alert_events_alert ON watch_alert_events (alert_id, id);
      CREATE TRIGGER watch_alert_events_no_update BEFORE UPDATE ON watch_alert_events
        BEGIN SELECT RAISE(ABORT, 'watch_alert_events is append-only'); END;
      CREATE TRIGGER watch_alert_events_no_delete BEFORE DELETE ON watch_alert_events
        BEGIN SELECT RAISE(ABORT, 'watch_alert_events is append-only'); END;

      CREATE TABLE watch_settings (
        key TEXT PRIMARY KEY,
        value TEXT NOT NULL
      ) STRICT;
    `)
  },
}
