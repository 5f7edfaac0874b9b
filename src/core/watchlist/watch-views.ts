import type { SeenReport } from './watch-compare'
import { periodOf } from './watch-check-item'
import type * as Store from './watch-store'

/* What the window and the CLI are shown of a watched item and an alert, read from their rows. */

export interface WatchItemView {
  id: number
  type: string
  value: string
  note: string | null
  owner: string | null
  periodMs: number
  lastCheckedAt: string | null
  nextCheckAt: string
}

export interface WatchAlertView {
  id: number
  itemId: number
  kind: Store.AlertRow['kind']
  state: Store.AlertState
  reportId: string
  type: string
  value: string
  createdAt: string
  /** The report as the check before kept it (null for a new report) and as this one found it. */
  before: SeenReport | null
  after: SeenReport | null
  /** The reason written with the current state (a dismissal's, an escalation's). */
  stateReason: string | null
  /** A new report found by the item's first check, filed after the item was added. */
  beforeFirstCheck?: boolean
}

export const iso = (ms: number) => new Date(ms).toISOString()

export function itemView(row: Store.ItemRow): WatchItemView {
  return {
    id: row.id,
    type: row.type,
    value: row.value,
    note: row.note,
    owner: row.owner,
    periodMs: periodOf(row),
    lastCheckedAt: row.last_checked_at === null ? null : iso(row.last_checked_at),
    nextCheckAt: iso(row.next_check_at),
  }
}

/** A report as a check saw it, read from an alert's detail; null for what does not read as one. */
function seenReport(value: unknown): SeenReport | null {
  if (!value || typeof value !== 'object') return null
  const { listed, fraudType, fraudReason, carried } = value as Record<string, unknown>
  const text = (v: unknown) => (typeof v === 'string' ? v : null)
  if (typeof listed !== 'boolean') return null
  const seen: SeenReport = { listed, fraudType: text(fraudType), fraudReason: text(fraudReason) }
  return carried === false ? { ...seen, carried: false } : seen
}

/** The alert's { before, after }: a row written by hand or by an older Casefile still shows. */
function detailOf(row: Store.AlertRow): {
  before: SeenReport | null
  after: SeenReport | null
  beforeFirstCheck?: true
} {
  try {
    const detail = JSON.parse(row.detail_json) as {
      before?: unknown
      after?: unknown
      beforeFirstCheck?: unknown
    } | null
    return {
      before: seenReport(detail?.before),
      after: seenReport(detail?.after),
      ...(detail?.beforeFirstCheck === true ? { beforeFirstCheck: true as const } : {}),
    }
  } catch {
    return { before: null, after: null }
  }
}

export function alertView(row: Store.AlertRow): WatchAlertView {
  return {
    id: row.id,
    itemId: row.item_id,
    kind: row.kind,
    state: row.state,
    reportId: row.report_id,
    type: row.type,
    value: row.value,
    createdAt: iso(row.created_at),
    ...detailOf(row),
    stateReason: row.state_reason ?? null,
  }
}
