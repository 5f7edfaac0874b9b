import type { Db } from '../store/open-database'
import {
  upsertRegistryReports,
  type CachedKind,
  type RecordOfKind,
  type UpsertOptions,
} from './reports-cache'

/**
 * Reports written in one transaction before the event loop is given back. A report costs
 * 0.1-1 ms (its row, its identifiers, its reason in the full-text index; more on a busy
 * machine), so 25 stay well under the core's 50 ms budget for one task.
 */
export const REPORTS_PER_SLICE = 25

/** Lets timers, IPC and the other jobs run between two slices. */
export const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * upsertRegistryReports for a page or more, in transactions of `perSlice` records with the
 * event loop given back between them, so writing a page of 100 never holds the core for the
 * whole page. Each slice is whole or not at all; a record stands alone, so a page written in
 * part (the process stopped between two slices) is simply written again by the next read.
 * Returns how many were new or changed.
 */
export async function upsertRegistryReportsInSlices<K extends CachedKind>(
  db: Db,
  kind: K,
  records: readonly RecordOfKind[K][],
  options: UpsertOptions,
  perSlice = REPORTS_PER_SLICE,
): Promise<number> {
  let written = 0
  for (let from = 0; from < records.length; from += perSlice) {
    if (from > 0) await yieldToLoop()
    written += upsertRegistryReports(db, kind, records.slice(from, from + perSlice), options)
  }
  return written
}
