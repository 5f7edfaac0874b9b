import { type Db, prepare } from '../store/store'
import type { CachedKind } from './reports-cache'

/**
 * Row ids of cached reports follow the reports' creation time (time × 1024 + a slot), so the
 * FTS index, which keeps rows in rowid order, can hand out the newest matches first and stop
 * (`ORDER BY rowid DESC LIMIT n`) instead of sorting every match by a date it does not hold.
 * Insertion order could not do this: a first full refresh pages the newest reports first.
 */
export const ROW_SLOTS_PER_MS = 1024
// Row ids stay exact JavaScript integers until the year 2248.
const MAX_TIME_MS = Math.floor(Number.MAX_SAFE_INTEGER / ROW_SLOTS_PER_MS) - 1

/** A stable slot within the millisecond, so two reports of the same instant rarely collide. */
function slotOf(kind: CachedKind, id: string): number {
  let hash = 0x811c9dc5
  const text = `${kind}:${id}`
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193)
  return (hash >>> 0) % ROW_SLOTS_PER_MS
}

/** The row id a record has, or a free one placed at `timeMs` for a record new to the cache. */
export function rowIdFor(db: Db, kind: CachedKind, id: string, timeMs: number): number {
  const existing = prepare<[CachedKind, string], { row_id: number }>(
    db,
    'SELECT row_id FROM cached_reports WHERE kind = ? AND id = ?',
  ).get(kind, id)
  if (existing) return existing.row_id
  const time = Math.min(Math.max(0, Math.floor(timeMs)), MAX_TIME_MS)
  let candidate = time * ROW_SLOTS_PER_MS + slotOf(kind, id)
  const taken = prepare<[number], { one: number }>(
    db,
    'SELECT 1 AS one FROM cached_reports WHERE row_id = ?',
  )
  while (taken.get(candidate)) candidate++
  return candidate
}
