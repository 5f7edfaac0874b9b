import type { AttachmentFiles } from '../attachments/attachment-files'
import { EventEmitter } from 'node:events'
import { isRegistryError, registryQuietMs, type RegistryError } from '../registry/registry-error'
import { prepare } from '../store/prepare'
import { storageProblemOf } from '../store/storage-failure'
import type { Db } from '../store/open-database'
import type { Operation } from '../outbox/operations'
import {
  movableChainCount,
  getOperation,
  nextWakeAt,
  pendingCount,
  runnableHeads,
  type StoredError,
} from '../outbox/outbox-repository'
import {
  claimForSending,
  holdUntil,
  markDone,
  markNeedsAttention,
  recoverInterrupted,
  returnUnattempted,
  scheduleRetry,
} from '../outbox/operation-transitions'
import { LocalProblem } from '../outbox/local-problem'
import { FolderClock } from './folder-clock'
import { lastAttemptOf } from './reconcile-window'
import { addRunSummaries, idleStep } from './idle-step'
import {
  AdaptiveConcurrency,
  DEFAULT_CONCURRENCY,
  type ConcurrencyOption,
  type PaceSignal,
} from './adaptive-concurrency'
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
 * How long an answer waits for the answers of the other operations in flight before it is
 * committed without them: one disk sync for several answers, for a few milliseconds of delay.
 */
const GROUP_COMMIT_WAIT_MS = 3

/** `halted`: the data folder could not be written, so the answer was not recorded (see halt). */
type Outcome =
  'done' | 'adopted' | 'retry' | 'attention' | 'offline' | 'paused' | 'skipped' | 'halted'

/** How many reports a finished operation put on the registry (an upload none, a bulk its rows). */
function reportsIn(op: Operation, value: unknown): number {
  if (op.kind === 'upload_attachment') return 0
  if (op.kind === 'bulk_upload') return (value as { created?: number } | null)?.created ?? 0
  return (value as { adopted?: boolean } | null)?.adopted ? 0 : 1
}

/**
 * Sends the outbox: the head operation of each chain, up to `concurrency` chains at once, in
 * chain order, with retries, reconciliation of lost creates, a pause on a refused key, and one
 * worker per data folder (the lease).
 */
export class SyncEngine {
  private readonly events = new EventEmitter()
  private readonly clock: Clock
  readonly folderClock: FolderClock
  /** Until when (this computer's time) the registry asked for quiet: nothing is claimed before. */
  private quietUntil = 0
  private readonly random: () => number
  private readonly pace: AdaptiveConcurrency
  /** Set while a run is on: claims more work inside a group commit (see flushCommits). */
  private claimMore: ((finishing: ReadonlySet<string>, outcomes: Outcome[]) => Operation[]) | null =
    null
  private launch: ((ops: Operation[]) => void) | null = null
  /** Operations sent and not yet answered (0 outside a run). */
  private inFlightCount: () => number = () => 0
  private readonly policy: RetryPolicy
  private readonly leaseTtlMs: number
  private running: Promise<RunSummary> | null = null
  private abort: AbortController | null = null
  private timers: { interval?: NodeJS.Timeout; wake?: NodeJS.Timeout } = {}
  private stopped = false
  /** Why the run in progress must stop: the data folder could not be written (see halt). */
  private halted: { error: unknown } | null = null

  constructor(private readonly options: SyncEngineOptions) {
    this.clock = options.clock ?? { now: () => Date.now() }
    this.folderClock = options.folderClock ?? new FolderClock(options.db, this.clock)
    this.random = options.random ?? Math.random
    this.pace = new AdaptiveConcurrency(options.concurrency ?? DEFAULT_CONCURRENCY)
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
   * Runs until nothing is left that can move without a person or a timer: the outbox is empty,
   * what remains needs attention or waits behind an item that does, the queue is paused, or
   * (with stopWhenOffline) the registry is unreachable. See idleStep for the guard against spinning.
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
    let total: RunSummary | null = null
    for (;;) {
      const summary = await this.runOnce()
      // What the whole loop did, not only its last run (casefile sync --until-idle prints it).
      total = total ? addRunSummaries(total, summary) : summary
      const step = idleStep(summary, {
        movableChains: movableChainCount(this.options.db),
        now: this.clock.now(),
        stopWhenOffline: options.stopWhenOffline === true,
        aborted: options.signal?.aborted === true,
      })
      if (step.kind === 'return') return total
      if (step.kind === 'sleep') await sleep(step.ms)
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
    const summary = emptyRunSummary()
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
    this.halted = null
    const heartbeat = setInterval(() => {
      try {
        if (!renewLease(db, holder, this.clock.now(), this.leaseTtlMs)) this.abort?.abort()
      } catch (error) {
        this.halt(error)
      }
    }, this.leaseTtlMs / 3)
    heartbeat.unref?.()
    try {
      // A clock set back since the last run must not strand what waits (folder-clock.ts); a
      // quiet the registry asked for holds whichever process got it, and after a restart.
      this.folderClock.followBackwardJump()
      this.quietUntil = this.folderClock.quietUntil()
      recoverInterrupted(db, this.clock.now(), this.policy.unknownOutcomeFloorMs)
      const inFlight = new Map<string, Promise<void>>()
      let picking = true
      const signal = this.abort.signal
      const mayPick = () =>
        picking &&
        !this.stopped &&
        !signal.aborted &&
        this.clock.now() >= this.quietUntil &&
        !syncPause(db)
      // Heads for the free slots, claimed (marked sending) by the caller's transaction. Read
      // back in it: what is sent is what was committed when the operation became `sending` (an
      // edit saved between reading the heads and claiming them would otherwise be sent stale).
      // Chains still in flight, finishing ones included, wait for the next round.
      const claimFree = (finishing: ReadonlySet<string>): Operation[] => {
        const busy = inFlight.size - finishing.size
        const free = this.pace.limit - busy
        if (free <= 0) return []
        return (
          runnableHeads(db, this.clock.now(), free + inFlight.size)
            .filter((op) => !inFlight.has(op.chainId))
            .slice(0, free)
            .filter((op) => claimForSending(db, op.id, this.clock.now()))
            // When its last attempt ended, before the claim moved its time: the end of a
            // reconciliation's window (reconcile-window.ts).
            .map((head) => ({
              ...getOperation(db, head.id),
              lastAttempt: lastAttemptOf(
                this.folderClock.registry,
                head.updatedAt,
                this.clock.now(),
              ),
            }))
        )
      }
      const tally = (outcome: Outcome) => {
        if (outcome === 'done') summary.sent++
        else if (outcome === 'adopted') summary.adopted++
        else if (outcome === 'retry') summary.retrying++
        else if (outcome === 'attention') summary.needsAttention++
        else if (outcome === 'offline') {
          summary.retrying++
          summary.offline = true
          picking = false // the registry is unreachable: the other chains would fail the same way
        } else if (outcome === 'paused' || outcome === 'halted') picking = false
      }
      const launch = (ops: Operation[]) => {
        for (const op of ops) {
          const task = this.execute(op, signal, (n) => (summary.reports += n)).then(tally)
          inFlight.set(
            op.chainId,
            task.finally(() => inFlight.delete(op.chainId)),
          )
        }
      }
      // Answers that arrive together are committed together (flushCommits), and the next
      // heads are claimed in that same transaction: one disk sync moves the outbox on, instead
      // of one for the answer and another for the next claim.
      this.claimMore = (finishing, outcomes) =>
        mayPick() && !outcomes.some((o) => o === 'offline' || o === 'paused')
          ? claimFree(finishing)
          : []
      this.launch = launch
      this.inFlightCount = () => inFlight.size
      for (;;) {
        if (mayPick()) {
          let claimed: Operation[] = []
          try {
            claimed = db.transaction(() => {
              this.options.alsoInCommit?.()
              return claimFree(new Set())
            })()
          } catch (error) {
            this.halt(error)
          }
          launch(claimed)
        }
        if (inFlight.size === 0) break
        await Promise.race(inFlight.values())
      }
    } finally {
      this.claimMore = null
      this.launch = null
      this.inFlightCount = () => 0
      clearInterval(heartbeat)
      try {
        releaseLease(db, holder)
      } catch (error) {
        // Unwritable: the lease lapses on its own, and a dead holder's is taken over at once.
        this.halt(error)
      }
    }
    // (Set by halt, from the callbacks above: not the null this run started with.)
    const halted = this.halted as { error: unknown } | null
    if (halted) throw halted.error
    summary.pending = pendingCount(db)
    summary.nextWakeAt = nextWakeAt(db)
    summary.paused = syncPause(db)
    if (this.quietUntil > this.clock.now() && summary.pending > 0)
      summary.nextWakeAt = Math.max(summary.nextWakeAt ?? 0, this.quietUntil)
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
  private async execute(
    op: Operation,
    signal: AbortSignal,
    onReports: (count: number) => void,
  ): Promise<Outcome> {
    // `op` is as committed by the claim: state sending, this attempt counted.
    const attempt = op.attempts
    this.emit({ type: 'operation', operation: op })
    let work: () => Outcome
    const started = performance.now()
    try {
      const apply = await this.perform(op, signal)
      this.pace.record({ kind: 'answered', latencyMs: performance.now() - started })
      work = () => {
        const value = apply()
        markDone(this.options.db, op.id, value, this.clock.now())
        onReports(reportsIn(op, value))
        return (value as { adopted?: boolean } | null)?.adopted ? 'adopted' : 'done'
      }
    } catch (error) {
      this.pace.record(paceSignalOf(error, started, performance.now()))
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
    if (this.halted) return Promise.resolve('halted')
    return new Promise((resolve) => {
      this.commitQueue.push({ op, work, resolve })
      if (this.commitQueue.length >= this.inFlightCount()) {
        // Every operation in flight has answered: nothing more to wait for.
        clearTimeout(this.commitTimer)
        this.commitTimer = undefined
        if (!this.commitSoon) {
          this.commitSoon = true
          setImmediate(() => this.flushCommits())
        }
      } else if (this.commitQueue.length === 1 && !this.commitSoon) {
        // Others are still out: give their answers a moment to join this commit.
        this.commitTimer = setTimeout(() => this.flushCommits(), GROUP_COMMIT_WAIT_MS)
      }
    })
  }

  private commitSoon = false
  private commitTimer: NodeJS.Timeout | undefined

  private flushCommits(): void {
    clearTimeout(this.commitTimer)
    this.commitTimer = undefined
    this.commitSoon = false
    const batch = this.commitQueue.splice(0)
    if (batch.length === 0) return
    const finishing = new Set(batch.map(({ op }) => op.chainId))
    let committed: { outcomes: Outcome[]; claimed: Operation[] }
    try {
      if (this.halted) throw this.halted.error
      committed = this.writeCommits(batch, finishing)
    } catch (error) {
      this.halt(error)
      batch.forEach(({ resolve }) => resolve('halted'))
      return
    }
    const { outcomes, claimed } = committed
    batch.forEach(({ resolve }, i) => resolve(outcomes[i] as Outcome))
    this.launch?.(claimed)
  }

  private writeCommits(
    batch: { op: Operation; work: () => Outcome }[],
    finishing: ReadonlySet<string>,
  ): { outcomes: Outcome[]; claimed: Operation[] } {
    const { db } = this.options
    return db.transaction(() => {
      const outcomes = batch.map(({ op, work }) => {
        try {
          return db.transaction(work)()
        } catch (error) {
          if (storageProblemOf(error)) throw error // nothing can be recorded: see halt
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
      })
      this.options.alsoInCommit?.()
      return { outcomes, claimed: this.claimMore?.(finishing, outcomes) ?? [] }
    })()
  }

  /**
   * The data folder could not be written (a full disk, a disk error, the folder deleted): the
   * run stops, sends nothing more, and throws `error` once what is in flight has come back. The
   * answers that could not be recorded leave their operations `sending`, so the next run
   * reconciles them with the registry, as after a crash: none is lost, none sent twice, and
   * none counted as sent.
   */
  private halt(error: unknown): void {
    this.halted ??= { error }
    this.abort?.abort()
  }

  private recordFailure(op: Operation, attempt: number, error: unknown): Outcome {
    const { db } = this.options
    const now = this.clock.now()
    if (storageProblemOf(error)) throw error // not the operation's fault: the run stops (halt)
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
    if (error.kind === 'unauthorized' || error.kind === 'proxy_auth') {
      const pause: PauseState = { reason: error.kind, message: error.message, since: now }
      db.transaction(() => {
        returnUnattempted(db, op.id, stored, now)
        pauseSync(db, pause)
      })()
      this.emit({ type: 'paused', pause })
      return 'paused'
    }
    if (error.retryable) {
      // A 429's or 503's Retry-After holds for every request: everything waiting waits too.
      const quiet = registryQuietMs(error)
      if (quiet !== undefined) {
        holdUntil(db, now + quiet, now)
        // Kept in the folder, so the next process (after a crash, the CLI beside the app) keeps it.
        this.folderClock.holdQuiet(now + quiet)
        this.quietUntil = Math.max(this.quietUntil, now + quiet)
      }
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
      error.outcomeUnknown ||
      (error.kind === 'unexpected_response' && error.status !== undefined && error.status < 300)
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
        registryClock: this.folderClock.registry,
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

/** What a failed send says about the registry's load: 429, 503 and timeouts mean slow down. */
function paceSignalOf(error: unknown, sentAt: number, at: number): PaceSignal {
  if (!isRegistryError(error)) return { kind: 'other' }
  if (
    // A call the client held back itself (no status: the registry was not asked) says nothing new.
    (error.kind === 'rate_limited' && error.status !== undefined) ||
    error.kind === 'timeout' ||
    (error.kind === 'server' && error.status === 503)
  )
    return { kind: 'overloaded', sentAt, at }
  // The registry answered and refused the report itself: an answer, as fast as it came.
  if (['validation', 'not_found', 'too_large'].includes(error.kind))
    return { kind: 'answered', latencyMs: at - sentAt }
  return { kind: 'other' }
}

export type { RegistryError }
