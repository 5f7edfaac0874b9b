import { type Db, lastSyncAt, syncPause } from '../store/store'
import type { OperationState } from './operations'
import { countByState, listOperations, pendingCount } from './outbox-repository'
import { pendingReportCount } from './pending-reports'

/**
 * What the outbox of a database holds now: its operations (of these states, else all), the
 * count per state, how many are pending (operations, and reports), a pause, the last successful sync. Reads only, so a
 * reader needs the store and nothing of the sync engine (`casefile outbox`).
 */
export function outboxSnapshot(
  db: Db,
  states?: readonly OperationState[],
  options: { operations?: boolean } = {},
) {
  return {
    // Without them (operations: false) for what shows only the counts (the status bar).
    operations: options.operations === false ? [] : listOperations(db, { states }),
    counts: countByState(db),
    pending: pendingCount(db),
    /** The same, in reports (what a person counts): see pending-reports.ts. */
    pendingReports: pendingReportCount(db),
    paused: syncPause(db),
    lastSyncAt: lastSyncAt(db),
  }
}
