import { type Db, prepare, writeTransaction } from '../store/store'
import type { Change, Snapshot, WatchAlertKind } from './watch-compare'

/*
 * The watchlist's tables (migrations 0008, 0009): its items, its alerts and their append-only
 * log. A check's claim on an item (watch-claims.ts) keeps it from other checks meanwhile.
 */

export type AlertState = 'new' | 'seen' | 'dismissed' | 'escalated'

export interface ItemRow {
  id: number
  type: string
  value: string
  /** As typed, where it adds a spelling to search (an email with capitals; migration 0011). */
  written: string | null
  note: string | null
  /** Who looks after it (a person's name, free text). */
  owner: string | null
  period_ms: number | null
  created_at: number
  last_checked_at: number | null
  next_check_at: number
  snapshot_json: string | null
  /** The check in flight, if any (watch-claims.ts): its token, and when its claim lapses. */
  claim_token: string | null
  claim_until: number | null
}

export interface AlertRow {
  id: number
  item_id: number
  type: string
  value: string
  report_id: string
  kind: WatchAlertKind
  state: AlertState
  detail_json: string
  created_at: number
  updated_at: number
  /** The reason written with the latest entry of the alert's log (its current state's). */
  state_reason: string | null
}

/** An alert's columns and the reason of its latest log entry. */
const ALERT_SELECT = `SELECT a.*, (SELECT e.reason FROM watch_alert_events e WHERE e.alert_id = a.id
  ORDER BY e.id DESC LIMIT 1) AS state_reason FROM watch_alerts a`

/** Adds an item (the same type and value again: the one there already); returns it and whether it is new. */
export function insertItem(
  db: Db,
  item: {
    type: string
    value: string
    written?: string | null
    note: string | null
    owner: string | null
    periodMs: number | null
    nextCheckAt: number
    now: number
  },
): { row: ItemRow; added: boolean } {
  const existing = prepare<[string, string], ItemRow>(
    db,
    'SELECT * FROM watch_items WHERE type = ? AND value = ?',
  ).get(item.type, item.value)
  if (existing) return { row: existing, added: false }
  const { lastInsertRowid } = prepare(
    db,
    `INSERT INTO watch_items (type, value, written, note, owner, period_ms, created_at, next_check_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    item.type,
    item.value,
    item.written ?? null,
    item.note,
    item.owner,
    item.periodMs,
    item.now,
    item.nextCheckAt,
  )
  return { row: itemRow(db, Number(lastInsertRowid)) as ItemRow, added: true }
}

export function itemRow(db: Db, id: number): ItemRow | undefined {
  return prepare<[number], ItemRow>(db, 'SELECT * FROM watch_items WHERE id = ?').get(id)
}

export function allItems(db: Db): ItemRow[] {
  return prepare<[], ItemRow>(db, 'SELECT * FROM watch_items ORDER BY id').all()
}

/** Changes what is said of an item and how often it is checked (its next check with it). */
export function updateItem(
  db: Db,
  id: number,
  change: {
    note: string | null
    owner: string | null
    periodMs: number | null
    nextCheckAt: number
  },
): void {
  prepare(
    db,
    'UPDATE watch_items SET note = ?, owner = ?, period_ms = ?, next_check_at = ? WHERE id = ?',
  ).run(change.note, change.owner, change.periodMs, change.nextCheckAt, id)
}

export function deleteItem(db: Db, id: number): boolean {
  return prepare(db, 'DELETE FROM watch_items WHERE id = ?').run(id).changes > 0
}

/**
 * Oldest-checked first (never checked before all), among those due by `now` (all: every item),
 * leaving out those another check has claimed: the run moves on to the next.
 */
export function dueItems(db: Db, now: number, limit: number, all = false): ItemRow[] {
  return prepare<[number, number, number], ItemRow>(
    db,
    `SELECT * FROM watch_items WHERE next_check_at <= ? AND (claim_until IS NULL OR claim_until <= ?)
     ORDER BY last_checked_at IS NOT NULL, last_checked_at, next_check_at, id LIMIT ?`,
  ).all(all ? Number.MAX_SAFE_INTEGER : now, now, limit)
}

/** When the next item falls due (a claimed one: not before its claim lapses); null with no items. */
export function nextDueAt(db: Db): number | null {
  const row = prepare<[], { at: number | null }>(
    db,
    'SELECT MIN(MAX(next_check_at, IFNULL(claim_until, 0))) AS at FROM watch_items',
  ).get()
  return row?.at ?? null
}

/** The checks of the hour before `now`, the oldest of them, and the latest check. */
export function checksSince(
  db: Db,
  since: number,
): { count: number; oldest: number | null; latest: number | null } {
  const row = prepare<[number], { count: number; oldest: number | null }>(
    db,
    'SELECT COUNT(*) AS count, MIN(last_checked_at) AS oldest FROM watch_items WHERE last_checked_at > ?',
  ).get(since)
  const latest = prepare<[], { at: number | null }>(
    db,
    'SELECT MAX(last_checked_at) AS at FROM watch_items',
  ).get()
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null, latest: latest?.at ?? null }
}

/**
 * One check's outcome, in one commit: the snapshot kept, the next check, its alerts, and its
 * claim cleared. Null, and nothing kept, when the claim is no longer this check's (it lapsed
 * and another check took the item over, or the item was removed): that check's answer stands.
 */
export function recordCheck(
  db: Db,
  item: ItemRow,
  claim: string,
  check: { keep: Snapshot; changes: Change[]; now: number; nextCheckAt: number },
): AlertRow[] | null {
  return writeTransaction(db, () => {
    const { changes } = prepare(
      db,
      `UPDATE watch_items SET snapshot_json = ?, last_checked_at = ?, next_check_at = ?,
         claim_token = NULL, claim_until = NULL
       WHERE id = ? AND claim_token = ?`,
    ).run(JSON.stringify(check.keep), check.now, check.nextCheckAt, item.id, claim)
    if (changes === 0) return null
    return check.changes.map((change) => {
      const { lastInsertRowid } = prepare(
        db,
        `INSERT INTO watch_alerts (item_id, type, value, report_id, kind, state, detail_json, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, 'new', ?, ?, ?)`,
      ).run(
        item.id,
        item.type,
        item.value,
        change.reportId,
        change.kind,
        JSON.stringify({
          before: change.before,
          after: change.after,
          ...(change.beforeFirstCheck ? { beforeFirstCheck: true } : {}),
        }),
        check.now,
        check.now,
      )
      const id = Number(lastInsertRowid)
      appendEvent(db, id, 'new', null, check.now)
      return alertRow(db, id) as AlertRow
    })
  })
}

export function alertRow(db: Db, id: number): AlertRow | undefined {
  return prepare<[number], AlertRow>(db, `${ALERT_SELECT} WHERE a.id = ?`).get(id)
}

export function selectAlerts(db: Db, states: readonly AlertState[]): AlertRow[] {
  const marks = states.map(() => '?').join(', ')
  return db
    .prepare<string[], AlertRow>(`${ALERT_SELECT} WHERE a.state IN (${marks}) ORDER BY a.id DESC`)
    .all(...states)
}

export function appendEvent(
  db: Db,
  alertId: number,
  state: AlertState,
  reason: string | null,
  at: number,
): void {
  prepare(
    db,
    'INSERT INTO watch_alert_events (alert_id, state, reason, at) VALUES (?, ?, ?, ?)',
  ).run(alertId, state, reason, at)
}

export function writeAlertState(
  db: Db,
  alertId: number,
  state: AlertState,
  reason: string | null,
  at: number,
): void {
  writeTransaction(db, () => {
    prepare(db, 'UPDATE watch_alerts SET state = ?, updated_at = ? WHERE id = ?').run(
      state,
      at,
      alertId,
    )
    appendEvent(db, alertId, state, reason, at)
  })
}

export function alertEvents(
  db: Db,
  alertId: number,
): { state: AlertState; reason: string | null; at: number }[] {
  return prepare<[number], { state: AlertState; reason: string | null; at: number }>(
    db,
    'SELECT state, reason, at FROM watch_alert_events WHERE alert_id = ? ORDER BY id',
  ).all(alertId)
}

export function readSetting(db: Db, key: string): string | null {
  return (
    prepare<[string], { value: string }>(db, 'SELECT value FROM watch_settings WHERE key = ?').get(
      key,
    )?.value ?? null
  )
}

export function writeSetting(db: Db, key: string, value: string): void {
  prepare(
    db,
    'INSERT INTO watch_settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  ).run(key, value)
}

/**
 * An item the registry refused to search waits a period, not a moment, before it is tried
 * again; the claim of the check that was refused is let go in the same UPDATE.
 */
export function postponeItem(db: Db, id: number, claim: string, at: number): void {
  prepare(
    db,
    `UPDATE watch_items SET next_check_at = ?, claim_token = NULL, claim_until = NULL
     WHERE id = ? AND claim_token = ?`,
  ).run(at, id, claim)
}

/** Whether this report of ours gave the watchlist its identifiers (watch_own_reports): it was on file before them. */
export function isTakenOwnReport(db: Db, reportId: string): boolean {
  return (
    prepare<[string], { one: number }>(
      db,
      'SELECT 1 AS one FROM watch_own_reports WHERE report_id = ?',
    ).get(reportId) !== undefined
  )
}
