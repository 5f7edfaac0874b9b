import type { ReadQuery } from '../store/store'

/*
 * The outbox's last days counted in SQL, for Insights (insights/insights-summary.ts batches these
 * reads on the core's reading thread), through operations_open and operations_finished
 * (migration 0005).
 */

const DAY_MS = 86_400_000

/** Sent and discarded, by the day they finished (operations_finished). */
const FINISHED_BY_DAY_SQL = `
  SELECT state, (updated_at + CAST(@offsetMs AS INTEGER)) / ${DAY_MS} AS day, count(*) AS n
  FROM operations WHERE state IN ('done', 'cancelled') AND updated_at >= @fromMs
  GROUP BY state, day`

/** Still open, by the day they were queued (operations_open holds them all). */
const OPEN_BY_DAY_SQL = `
  SELECT state = 'needs_attention' AS attention, (created_at + CAST(@offsetMs AS INTEGER)) / ${DAY_MS} AS day,
    count(*) AS n
  FROM operations WHERE state NOT IN ('done', 'cancelled')
  GROUP BY attention, day`

/**
 * The last report sent from here (the sync puts it in the saved copy as it is sent): read from
 * the newest end of operations_finished (its partial index's own condition, repeated, lets
 * SQLite take it), stopping at the first report's operation.
 */
const LAST_SENT_SQL = `
  SELECT updated_at AS at FROM operations INDEXED BY operations_finished
  WHERE state IN ('done', 'cancelled') AND state = 'done' AND kind IN ('create_report', 'update_report', 'unlist_report', 'bulk_upload')
  ORDER BY updated_at DESC LIMIT 1`

/** Rows { state, day, n }: finished since `fromMs`, by day (in the zone `offsetMs` east). */
export const finishedByDay = (offsetMs: number, fromMs: number): ReadQuery => ({
  sql: FINISHED_BY_DAY_SQL,
  params: { offsetMs, fromMs },
})

/** Rows { attention, day, n }: still open, by the day queued. */
export const openByDay = (offsetMs: number): ReadQuery => ({
  sql: OPEN_BY_DAY_SQL,
  params: { offsetMs },
})

/** Row { at } or none: when the last report was sent. */
export const lastReportSent = (): ReadQuery => ({ sql: LAST_SENT_SQL, get: true })
