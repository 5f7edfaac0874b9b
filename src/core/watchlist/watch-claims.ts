import { randomUUID } from 'node:crypto'
import { DEFAULT_TIMEOUT_MS } from '../registry/registry'
import { type Db, prepare } from '../store/store'
import type { ItemRow } from './watch-store'

/*
 * A check in flight (migration 0009). The app's watcher and `casefile watch check` (a
 * scheduler) may run at once on one data folder: two processes, one SQLite file. Before it
 * searches an item, a check claims it in one UPDATE; the other passes a claimed item by. The
 * claim is cleared with the check's record (recordCheck), or when the search fails or is
 * postponed; a process killed mid-check leaves its claim, which lapses, and the item is
 * searched again then, not before.
 */

/**
 * How long a claim holds. One check is one search (a phone's seven, one per spelling, one after
 * another), each a single request (the client retries nothing inside it) cut off at the
 * client's time limit (DEFAULT_TIMEOUT_MS, 15 s), then one commit: eight times that limit
 * outlasts any check that is still alive, a phone's seven searches too, and a killed one's item
 * waits two minutes, not a period.
 */
export const CLAIM_LEASE_MS = 8 * DEFAULT_TIMEOUT_MS

/**
 * Claims `item` for one check, if nobody holds a live claim on it and it is still as it was
 * read (no other process checked or postponed it since); returns the claim's token, or null
 * when the item is to be passed by. The token is new for each claim, so no two checks (two
 * processes, or two cores in one) can take the other's claim for their own.
 */
export function claimItem(db: Db, item: ItemRow, now: number): string | null {
  const token = randomUUID()
  const { changes } = prepare(
    db,
    `UPDATE watch_items SET claim_token = ?, claim_until = ?
     WHERE id = ? AND (claim_until IS NULL OR claim_until <= ?)
       AND last_checked_at IS ? AND next_check_at = ?`,
  ).run(token, now + CLAIM_LEASE_MS, item.id, now, item.last_checked_at, item.next_check_at)
  return changes === 1 ? token : null
}

/** Lets the claim go (a failed or cancelled search); nothing when it was cleared or taken over. */
export function releaseClaim(db: Db, id: number, token: string): void {
  prepare(
    db,
    'UPDATE watch_items SET claim_token = NULL, claim_until = NULL WHERE id = ? AND claim_token = ?',
  ).run(id, token)
}
