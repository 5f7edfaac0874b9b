import type { AttachmentFiles } from '../attachments/attachment-files'
import { EventEmitter } from 'node:events'
import { isRegistryError, type RegistryError } from '../registry/registry-error'
import { prepare } from '../store/prepare'
import type { Db } from '../store/open-database'
import type { Operation } from './operations'
import {
  claimForSending,
  countByState,
  getOperation,
  markDone,
  markNeedsAttention,
  nextWakeAt,
  pendingCount,
  recoverInterrupted,
  returnUnattempted,
  runnableHeads,
  scheduleRetry,
  type StoredError,
} from './outbox-repository'
import { LocalProblem } from './local-problem'
import { sendOperation, type ReportSynced, type SendContext } from './send-operation'
import { DEFAULT_RETRY_POLICY, retryDelayMs, type RetryPolicy } from './retry-policy'
import { acquireLease, LEASE_TTL_MS, releaseLease, renewLease } from './sync-lease'
import { pauseSync, setLastSyncAt, syncPause, type PauseState } from './sync-state'

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
  random?: () => number
  /** Chains sent at once. */
  concurrency?: number
  retryPolicy?: RetryPolicy
  leaseTtlMs?: number
  /** Told of a report the registry changed for us (in the same transaction), e.g. to cache it. */
  onReportSynced?: (change: ReportSynced) => void
}

export type { ReportSynced }

export interface RunSummary {
  leaseHeld: boolean
  sent: number
  adopted: number
  retrying: number
  needsAttention: number
  offline: boolean
  paused: PauseState | null
  pending: number
  nextWakeAt: number | null
}

export type SyncEvent =
  | { type: 'run-started' }
  | { type: 'operation'; operation: Operation }
  | { type: 'upload-progress'; operationId: number; loaded: number; total?: number }
  | { type: 'paused'; pause: PauseState }
  | { type: 'run-finished'; summary: RunSummary }

type Outcome = 'done' | 'adopted' | 'retry' | 'attention' | 'offline' | 'paused' | 'skipped'

/**
 * Sends the outbox: the head operation of each chain, up to `concurrency` chains at once, in
 * chain order, with retries, reconciliation of lost creates, a pause on a refused key, and one
 * worker per data folder (the lease).
 */
export class SyncEngine {
  private readonly events = new EventEmitter()
  private readonly clock: Clock
  private readonly random: () => number
  private readonly concurrency: number
  private readonly policy: RetryPolicy
  private readonly leaseTtlMs: number
  private running: Promise<RunSummary> | null = null
  private abort: AbortController | null = null
  private timers: { interval?: NodeJS.Timeout; wake?: NodeJS.Timeout } = {}
  private stopped = false

  constructor(private readonly options: SyncEngineOptions) {
    this.clock = options.clock ?? { now: () => Date.now() }
    this.random = options.random ?? Math.random
    this.concurrency = options.concurrency ?? 4
    this.policy = options.retryPolicy ?? DEFAULT_RETRY_POLICY
    this.leaseTtlMs = options.leaseTtlMs ?? LEASE_TTL_MS
  }

  on(listener: (event: SyncEvent) => void): () => void {
    this.events.on('event', listener)
    return () => this.events.off('event', listener)
  }

  private emit(event: SyncEvent): void {
    this.events.emit('event', event)
  }

  /** Sends everything that may be sent now; resolves when nothing more can go at this moment. */
  runOnce(): Promise<RunSummary> {
    this.running ??= this.run().finally(() => {
      this.running = null
    })
    return this.running
  }

  /**
   * Runs until nothing is left that can make progress: the outbox is empty, only items needing
   * attention remain, the queue is paused, or (with stopWhenOffline) the registry is unreachable.
   */
  async runUntilIdle(
    options: {
      stopWhenOffline?: boolean
      signal?: AbortSignal
      sleep?: (ms: number) => Promise<void>
    } = {},
  ): Promise<RunSummary> {
    const sleep =
      options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)))
    for (;;) {
      const summary = await this.runOnce()
      const counts = countByState(this.options.db)
      const movable = counts.queued + counts.waiting_retry + counts.sending
      if (!summary.leaseHeld || summary.paused || movable === 0 || options.signal?.aborted)
        return summary
      if (summary.offline && options.stopWhenOffline) return summary
      if (summary.nextWakeAt !== null)
        await sleep(Math.max(0, summary.nextWakeAt - this.clock.now()))
    }
  }

  /** Background triggers: now, every `intervalMs`, and at the next retry time after each run. */
  start(intervalMs = 3 * 60 * 1000): void {
    this.stopped = false
    this.timers.interval = setInterval(() => this.kick(), intervalMs)
    this.timers.interval.unref?.()
    this.kick()
  }

  /** A trigger (something was queued, the connection came back, the user pressed Sync now). */
  kick(): void {
    if (this.stopped) return
    void this.runOnce().then((summary) => {
      clearTimeout(this.timers.wake)
      if (this.stopped || summary.nextWakeAt === null) return
      this.timers.wake = setTimeout(
        () => this.kick(),
        Math.max(0, summary.nextWakeAt - this.clock.now()) + 10,
      )
      this.timers.wake.unref?.()
    })
  }

  /**
   * Stops: no new sends; requests in flight get `graceMs` to finish, then are aborted and
   * recorded as outcome-unknown (reconciled before any resend). Releases the lease.
   */
  async stop(graceMs = 5000): Promise<void> {
    this.stopped = true
    clearInterval(this.timers.interval)
    clearTimeout(this.timers.wake)
    const running = this.running
    if (!running) return
    const timer = setTimeout(() => this.abort?.abort(), graceMs)
    await running.catch(() => undefined)
    clearTimeout(timer)
  }

  private async run(): Promise<RunSummary> {
    const { db, holder } = this.options
    const summary: RunSummary = {
      leaseHeld: false,
      sent: 0,
      adopted: 0,
      retrying: 0,
      needsAttention: 0,
      offline: false,
      paused: null,
      pending: 0,
      nextWakeAt: null,
    }
    if (!this.takeLease())
      return {
        ...summary,
        pending: pendingCount(db),
        nextWakeAt: nextWakeAt(db),
        paused: syncPause(db),
      }
    summary.leaseHeld = true
    this.emit({ type: 'run-started' })
    this.abort = new AbortController()
    const heartbeat = setInterval(() => {
      if (!renewLease(db, holder, this.clock.now(), this.leaseTtlMs)) this.abort?.abort()
    }, this.leaseTtlMs / 3)
    heartbeat.unref?.()
    try {
      recoverInterrupted(db, this.clock.now(), this.policy.unknownOutcomeFloorMs)
      const inFlight = new Map<string, Promise<void>>()
      let picking = true
      for (;;) {
        if (picking && !this.stopped && !this.abort.signal.aborted && !syncPause(db)) {
          const free = this.concurrency - inFlight.size
          const heads =
            free > 0
              ? runnableHeads(db, this.clock.now(), free + inFlight.size)
                  .filter((op) => !inFlight.has(op.chainId))
                  .slice(0, free)
              : []
          // One commit marks the whole batch as sending before any of it leaves.
          // Read back in the same transaction: what is sent is what was committed when the
          // operation became `sending` (an edit saved between reading the heads and claiming
          // them would otherwise be sent stale, and lost). Once sending, it cannot change.
          const claimed = db.transaction(() =>
            heads
              .filter((op) => claimForSending(db, op.id, this.clock.now()))
              .map((op) => getOperation(db, op.id)),
          )()
          for (const op of claimed) {
            const task = this.execute(op, this.abort.signal).then((outcome) => {
              if (outcome === 'done') summary.sent++
              else if (outcome === 'adopted') summary.adopted++
              else if (outcome === 'retry') summary.retrying++
              else if (outcome === 'attention') summary.needsAttention++
              else if (outcome === 'offline') {
                summary.retrying++
                summary.offline = true
                picking = false // the registry is unreachable: the other chains would fail the same way
              } else if (outcome === 'paused') picking = false
            })
            inFlight.set(
              op.chainId,
              task.finally(() => inFlight.delete(op.chainId)),
            )
          }
        }
        if (inFlight.size === 0) break
        await Promise.race(inFlight.values())
      }
    } finally {
      clearInterval(heartbeat)
      releaseLease(db, holder)
    }
    summary.pending = pendingCount(db)
    summary.nextWakeAt = nextWakeAt(db)
    summary.paused = syncPause(db)
    if (summary.sent > 0 && !summary.offline) setLastSyncAt(db, this.clock.now())
    this.emit({ type: 'run-finished', summary })
    return summary
  }

  private takeLease(): boolean {
    const { db, holder, isHolderAlive } = this.options
    const now = this.clock.now()
    if (acquireLease(db, holder, now, this.leaseTtlMs)) return true
    const current = prepare<[], { holder: string }>(
      db,
      'SELECT holder FROM sync_lease WHERE id = 1',
    ).get()
    if (current && isHolderAlive && !isHolderAlive(current.holder)) {
      prepare(db, 'DELETE FROM sync_lease WHERE id = 1 AND holder = ?').run(current.holder)
      return acquireLease(db, holder, now, this.leaseTtlMs)
    }
    return false
  }

  /** Sends one claimed operation and records its outcome through the group commit. */
  private async execute(op: Operation, signal: AbortSignal): Promise<Outcome> {
    // `op` is as committed by the claim: state sending, this attempt counted.
    const attempt = op.attempts
    this.emit({ type: 'operation', operation: op })
    let work: () => Outcome
    try {
      const apply = await this.perform(op, signal)
      work = () => {
        const value = apply()
        markDone(this.options.db, op.id, value, this.clock.now())
        return (value as { adopted?: boolean } | null)?.adopted ? 'adopted' : 'done'
      }
    } catch (error) {
      work = () => this.recordFailure(op, attempt, error)
    }
    const outcome = await this.commit(op, work)
    this.emit({ type: 'operation', operation: getOperation(this.options.db, op.id) })
    return outcome
  }

  private commitQueue: {
    op: Operation
    work: () => Outcome
    resolve: (outcome: Outcome) => void
  }[] = []

  /**
   * Group commit: outcomes that arrive together are written in one transaction (one disk sync
   * for all of them), each in its own savepoint so one failing write cannot undo the others.
   * Until it is committed an operation is still `sending`, so a crash in between is recovered
   * as an unknown outcome and reconciled, never lost or sent twice.
   */
  private commit(op: Operation, work: () => Outcome): Promise<Outcome> {
    return new Promise((resolve) => {
      this.commitQueue.push({ op, work, resolve })
      if (this.commitQueue.length === 1) setImmediate(() => this.flushCommits())
    })
  }

  private flushCommits(): void {
    const { db } = this.options
    const batch = this.commitQueue.splice(0)
    const outcomes = db.transaction(() =>
      batch.map(({ op, work }) => {
        try {
          return db.transaction(work)()
        } catch (error) {
          // The write itself failed (e.g. a report id the registry gave twice): the user must look.
          return db.transaction(() =>
            this.recordFailure(
              op,
              op.attempts,
              new LocalProblem(
                `Casefile could not record the registry's answer: ${error instanceof Error ? error.message : String(error)}`,
              ),
            ),
          )()
        }
      }),
    )()
    batch.forEach(({ resolve }, i) => resolve(outcomes[i] as Outcome))
  }

  private recordFailure(op: Operation, attempt: number, error: unknown): Outcome {
    const { db } = this.options
    const now = this.clock.now()
    if (!isRegistryError(error)) {
      const message =
        error instanceof LocalProblem
          ? error.message
          : `Casefile could not send this: ${error instanceof Error ? error.message : String(error)}`
      markNeedsAttention(db, op.id, {
        error: { kind: 'local', message },
        outcomeUnknown: false,
        now,
      })
      return 'attention'
    }
    const stored: StoredError = { kind: error.kind, message: error.message, status: error.status }
    if (error.kind === 'cancelled') {
      scheduleRetry(db, op.id, { nextAttemptAt: now, error: stored, outcomeUnknown: true, now })
      return 'retry'
    }
    if (error.kind === 'unauthorized') {
      const pause: PauseState = { reason: 'unauthorized', message: error.message, since: now }
      db.transaction(() => {
        returnUnattempted(db, op.id, stored, now)
        pauseSync(db, pause)
      })()
      this.emit({ type: 'paused', pause })
      return 'paused'
    }
    if (error.retryable) {
      const floor = error.outcomeUnknown
        ? Math.max(error.retryAfterMs ?? 0, this.policy.unknownOutcomeFloorMs)
        : error.retryAfterMs
      const delay = retryDelayMs(attempt, this.random, this.policy, floor)
      scheduleRetry(db, op.id, {
        nextAttemptAt: now + delay,
        error: stored,
        outcomeUnknown: error.outcomeUnknown,
        now,
      })
      return error.kind === 'offline' && !error.outcomeUnknown ? 'offline' : 'retry'
    }
    // A 2xx whose body we could not read may still mean the registry did the work.
    const maybeDone =
      error.kind === 'unexpected_response' && error.status !== undefined && error.status < 300
    markNeedsAttention(db, op.id, { error: stored, outcomeUnknown: maybeDone, now })
    return 'attention'
  }

  private perform(op: Operation, signal: AbortSignal): Promise<() => unknown> {
    return sendOperation(
      {
        db: this.options.db,
        client: this.options.client,
        files: this.options.files,
        now: () => this.clock.now(),
        onReportSynced: (change) => this.options.onReportSynced?.(change),
        onUploadProgress: (progress) =>
          this.emit({
            type: 'upload-progress',
            operationId: op.id,
            loaded: progress.loaded,
            total: progress.total,
          }),
      },
      op,
      signal,
    )
  }
}

export type { RegistryError }
