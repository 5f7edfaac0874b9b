import type { AttachmentFiles } from '../drafts/drafts'
import type { Operation } from '../outbox/outbox'
import type { Db, PauseState } from '../store/store'
import type { ConcurrencyOption } from './adaptive-concurrency'
import type { FolderClock } from './folder-clock'
import type { RetryPolicy } from './retry-policy'
import type { ReportSynced, SendContext } from './send-operation'
import type { Timers } from './timer-delay'

/*
 * What the sync engine is given and what it tells (sync-engine.ts runs it): its options, a
 * run's summary and its events.
 */

/** What the engine needs of the registry client. */
export type SyncClient = SendContext['client']

export interface Clock {
  now(): number
}

export interface SyncEngineOptions {
  db: Db
  files: AttachmentFiles
  client: SyncClient
  /** Who holds the lease: unique per process, e.g. `${host}:${pid}:${random}`. */
  holder: string
  /** Whether another holder is still alive (e.g. its pid on this host); a dead one's lease is taken at once. */
  isHolderAlive?: (holder: string) => boolean
  clock?: Clock
  /** The registry's clock, kept in the folder (folder-clock.ts); one of its own when not given. */
  folderClock?: FolderClock
  random?: () => number
  /**
   * Chains sent at once: a number fixes it; by default it adapts, from 4 up to 16, to how fast
   * and how cleanly the registry answers (adaptive-concurrency.ts).
   */
  concurrency?: ConcurrencyOption
  retryPolicy?: RetryPolicy
  leaseTtlMs?: number
  /**
   * Run inside each commit's transaction (a group commit, a claim): to write with it what waits
   * (the exchange log), or to refuse it by throwing (the data folder is gone).
   */
  alsoInCommit?: () => void
  /** Told of a report the registry changed for us (in the same transaction), e.g. to cache it. */
  onReportSynced?: (change: ReportSynced) => void
  /** The timers the background triggers arm (Node's by default; tests drive their own). */
  timers?: Timers
}

export type { ReportSynced }

export interface RunSummary {
  leaseHeld: boolean
  /** Operations sent (uploads included): what the outbox moved. */
  sent: number
  /**
   * Reports the registry now has in the state written here: created, updated or unlisted, a
   * bulk upload counting each row it created. What a person means by "sent".
   */
  reports: number
  adopted: number
  retrying: number
  needsAttention: number
  offline: boolean
  paused: PauseState | null
  pending: number
  nextWakeAt: number | null
}

/** A run that has done nothing yet, with `changes` laid over it (the engine's start, and tests). */
export function emptyRunSummary(changes: Partial<RunSummary> = {}): RunSummary {
  return {
    leaseHeld: false,
    sent: 0,
    reports: 0,
    adopted: 0,
    retrying: 0,
    needsAttention: 0,
    offline: false,
    paused: null,
    pending: 0,
    nextWakeAt: null,
    ...changes,
  }
}

export type SyncEvent =
  | { type: 'run-started' }
  | { type: 'operation'; operation: Operation }
  | { type: 'upload-progress'; operationId: number; loaded: number; total?: number }
  | { type: 'paused'; pause: PauseState }
  | { type: 'run-finished'; summary: RunSummary }

/**
 * What became of one operation sent in a run. `halted`: the data folder could not be written,
 * so the answer was not recorded (run-loop.ts, halt).
 */
export type Outcome =
  'done' | 'adopted' | 'retry' | 'attention' | 'offline' | 'paused' | 'skipped' | 'halted'

/** How many reports a finished operation put on the registry (an upload none, a bulk its rows). */
export function reportsIn(op: Operation, value: unknown): number {
  if (op.kind === 'upload_attachment') return 0
  if (op.kind === 'bulk_upload') return (value as { created?: number } | null)?.created ?? 0
  return (value as { adopted?: boolean } | null)?.adopted ? 0 : 1
}
