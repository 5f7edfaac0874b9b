import { performance } from 'node:perf_hooks'
import { type Db, writeTransaction, withoutDiskSync } from '../store/store'
import {
  upsertRegistryReports,
  type CachedKind,
  type RecordOfKind,
  type UpsertOptions,
} from './reports-cache'

/**
 * How long one transaction of a page's writes may run before it commits and gives the event
 * loop back. A report costs 0.05-2 ms (a new one's reason goes into the full-text index; one
 * read again unchanged only has its times moved), and the commit syncs the WAL (a few ms, more
 * on a busy disk), so a slice stays well under the core's 50 ms budget for one task.
 */
export const SLICE_BUDGET_MS = 10
/** Records written between two looks at the clock. */
const STEP = 5

/** Lets timers, IPC and the other jobs run between two slices. */
export const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * upsertRegistryReports for a page or more, in transactions that each stop after
 * `budgetMs`, with the event loop given back between them, so writing a page never holds the
 * core for the whole page (a page read again unchanged still fits in one). Each slice is
 * whole or not at all; a record stands alone, so a page written in part (the process stopped
 * between two slices) is simply written again by the next read. Returns how many were new or
 * changed.
 */
export async function upsertRegistryReportsInSlices<K extends CachedKind>(
  db: Db,
  kind: K,
  records: readonly RecordOfKind[K][],
  options: UpsertOptions,
  budgetMs = SLICE_BUDGET_MS,
): Promise<number> {
  let written = 0
  let from = 0
  while (from < records.length) {
    if (from > 0) await yieldToLoop()
    const started = performance.now()
    withoutDiskSync(db, () =>
      writeTransaction(db, () => {
        do {
          written += upsertRegistryReports(db, kind, records.slice(from, from + STEP), options)
          from += STEP
        } while (from < records.length && performance.now() - started < budgetMs)
      }),
    )
  }
  return written
}
