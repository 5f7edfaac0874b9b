import type { ExchangeLogEntry } from '../registry/registry'
import { prepare, type Db } from '../store/store'

/** Appends one exchange with the registry to the local log (never the key: entries carry none). */
export function appendExchange(db: Db, entry: ExchangeLogEntry, operationId?: number): void {
  prepare(
    db,
    'INSERT INTO exchange_log (at, endpoint, status, duration_ms, outcome, message, operation_id) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run(
    entry.at,
    entry.endpoint,
    entry.status ?? null,
    entry.durationMs,
    entry.outcome,
    entry.message ?? null,
    operationId ?? null,
  )
}

export interface LoggedExchange extends ExchangeLogEntry {
  id: number
}

/** The newest entries first, for the user to read when something went wrong. */
export function readExchangeLog(
  db: Db,
  options: { limit?: number; beforeId?: number } = {},
): LoggedExchange[] {
  const rows = prepare<
    [number, number],
    {
      id: number
      at: string
      endpoint: string
      status: number | null
      duration_ms: number
      outcome: string
      message: string | null
    }
  >(db, 'SELECT * FROM exchange_log WHERE id < ? ORDER BY id DESC LIMIT ?').all(
    options.beforeId ?? Number.MAX_SAFE_INTEGER,
    options.limit ?? 200,
  )
  return rows.map((row) => ({
    id: row.id,
    at: row.at,
    endpoint: row.endpoint,
    status: row.status ?? undefined,
    durationMs: row.duration_ms,
    outcome: row.outcome as ExchangeLogEntry['outcome'],
    message: row.message ?? undefined,
  }))
}
