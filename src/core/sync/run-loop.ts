import {
  type Operation,
  loadOperation,
  nextWakeAt,
  pendingCount,
  claimForSending,
  markDone,
  recoverInterrupted,
} from '../outbox/outbox'
import type { LanePace } from './lane-pace'
import {
  emptyRunSummary,
  reportsIn,
  type Clock,
  type Outcome,
  type RunSummary,
  type SyncEngineOptions,
  type SyncEvent,
} from './engine-types'
import { paceSignalOf, recordFailure } from './failure-mapping'
import type { FolderClock } from './folder-clock'
import { fairHeads, laneOf, type Lane } from './fair-lanes'
import { GroupCommit } from './group-commit'
import { lastAttemptOf } from './reconcile-window'
import type { RetryPolicy } from './retry-policy'
import { sendOperation } from './send-operation'
import { keepLease, releaseLease, takeLease } from './sync-lease'
import { setLastSyncAt, syncPause, writeTransaction } from '../store/store'

/** What every run shares: the engine's options, clocks, pace and policy (sync-engine.ts). */
export interface EngineParts {
  options: SyncEngineOptions
  clock: Clock
  folderClock: FolderClock
  pace: LanePace
  policy: RetryPolicy
  random: () => number
  leaseTtlMs: number
  /** The engine was stopped: nothing more is picked. */
  isStopped: () => boolean
  emit: (event: SyncEvent) => void
}

/**
 * One run of the engine: takes the lease, then sends the head operation of each chain, up to
 * the pace's limit at once, each answer recorded (and the next heads claimed) by the group
 * commit, until nothing more may go now. Stops early on a pause, offline, a stop, or a data
 * folder that cannot be written (halt).
 */
export class SyncRun {
  private readonly controller = new AbortController()
  /** Why the run must stop: the data folder could not be written (see halt). */
  private halted: { error: unknown } | null = null
  /** Until when (this computer's time) the registry asked for quiet: nothing is claimed before. */
  private quietUntil = 0
  private picking = true
  private readonly summary = emptyRunSummary()
  /** Per chain, the send of its head in flight. */
  private readonly inFlight = new Map<string, Promise<void>>()
  private readonly commits: GroupCommit
  /** The lane the last claim served: a tie goes to the other (fair-lanes.ts). */
  private lastLane: Lane | null = null

  constructor(private readonly engine: EngineParts) {
    const { options } = engine
    this.commits = new GroupCommit({
      db: options.db,
      alsoInCommit: options.alsoInCommit,
      inFlightCount: () => this.inFlight.size,
      halted: () => this.halted,
      halt: (error) => this.halt(error),
      recordFailure: (op, attempt, error) => this.recordFailure(op, attempt, error),
      // Answers that arrive together are committed together, and the next heads are claimed in
      // that same transaction: one disk sync moves the outbox on, instead of one for the answer
      // and another for the next claim.
      claimMore: (finishing, outcomes) =>
        this.mayPick() && !outcomes.some((o) => o === 'offline' || o === 'paused')
          ? this.claimFree(finishing)
          : [],
      launch: (ops) => this.launch(ops),
    })
  }

  /** Aborts the requests in flight (recorded as outcome-unknown, reconciled before any resend). */
  abort(): void {
    this.controller.abort()
  }

  async run(): Promise<RunSummary> {
    const { options, clock, folderClock } = this.engine
    const { db, holder } = options
    const summary = this.summary
    const took = takeLease(db, holder, clock.now(), {
      ttlMs: this.engine.leaseTtlMs,
      isHolderAlive: options.isHolderAlive,
    })
    if (!took)
      return {
        ...summary,
        pending: pendingCount(db),
        nextWakeAt: nextWakeAt(db),
        paused: syncPause(db),
      }
    summary.leaseHeld = true
    this.engine.emit({ type: 'run-started' })
    const stopHeartbeat = keepLease(db, holder, {
      now: () => clock.now(),
      ttlMs: this.engine.leaseTtlMs,
      onLost: () => this.abort(),
      onError: (error) => this.halt(error),
    })
    try {
      // A clock set back since the last run must not strand what waits (folder-clock.ts); a
      // quiet the registry asked for holds whichever process got it, and after a restart.
      folderClock.followBackwardJump()
      this.quietUntil = folderClock.quietUntil()
      recoverInterrupted(db, clock.now(), this.engine.policy.unknownOutcomeFloorMs)
      for (;;) {
        if (this.mayPick()) {
          let claimed: Operation[] = []
          try {
            claimed = writeTransaction(db, () => {
              options.alsoInCommit?.()
              return this.claimFree(new Set())
            })
          } catch (error) {
            this.halt(error)
          }
          this.launch(claimed)
        }
        if (this.inFlight.size === 0) break
        await Promise.race(this.inFlight.values())
      }
    } finally {
      stopHeartbeat()
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
    if (this.quietUntil > clock.now() && summary.pending > 0)
      summary.nextWakeAt = Math.max(summary.nextWakeAt ?? 0, this.quietUntil)
    if (summary.sent > 0 && !summary.offline) setLastSyncAt(db, clock.now())
    this.engine.emit({ type: 'run-finished', summary })
    return summary
  }

  private mayPick(): boolean {
    return (
      this.picking &&
      !this.engine.isStopped() &&
      !this.controller.signal.aborted &&
      this.engine.clock.now() >= this.quietUntil &&
      !syncPause(this.engine.options.db)
    )
  }

  /**
   * Heads for the free slots, shared between the lanes (fair-lanes.ts) and claimed (marked
   * sending) by the caller's transaction. Read back in it: what is sent is what was committed
   * when the operation became `sending` (an edit saved between reading the heads and claiming
   * them would otherwise be sent stale). Chains still in flight, finishing ones included, wait
   * for the next round.
   */
  private claimFree(finishing: ReadonlySet<string>): Operation[] {
    const { options, clock, folderClock, pace } = this.engine
    const { db } = options
    const { picked, last } = fairHeads(db, clock.now(), {
      limits: pace.limits,
      inFlight: this.inFlight,
      finishing,
      last: this.lastLane,
    })
    this.lastLane = last
    return (
      picked
        .filter((op) => claimForSending(db, op.id, clock.now()))
        // When its last attempt ended, before the claim moved its time: the end of a
        // reconciliation's window (reconcile-window.ts).
        .map((head) => ({
          ...loadOperation(db, head.id),
          lastAttempt: lastAttemptOf(folderClock.registry, head.updatedAt, clock.now()),
        }))
    )
  }

  private launch(ops: Operation[]): void {
    for (const op of ops) {
      const task = this.execute(op).then((outcome) => this.tally(outcome))
      this.inFlight.set(
        op.chainId,
        task.finally(() => this.inFlight.delete(op.chainId)),
      )
    }
  }

  private tally(outcome: Outcome): void {
    const summary = this.summary
    if (outcome === 'done') summary.sent++
    else if (outcome === 'adopted') summary.adopted++
    else if (outcome === 'retry') summary.retrying++
    else if (outcome === 'attention') summary.needsAttention++
    else if (outcome === 'offline') {
      summary.retrying++
      summary.offline = true
      this.picking = false // the registry is unreachable: the other chains would fail the same way
    } else if (outcome === 'paused' || outcome === 'halted') this.picking = false
  }

  /** Sends one claimed operation and records its outcome through the group commit. */
  private async execute(op: Operation): Promise<Outcome> {
    const { options, clock, pace } = this.engine
    // `op` is as committed by the claim: state sending, this attempt counted.
    const attempt = op.attempts
    this.engine.emit({ type: 'operation', operation: op })
    let work: () => Outcome
    const started = performance.now()
    try {
      const apply = await this.perform(op)
      pace.record({ kind: 'answered', latencyMs: performance.now() - started }, laneOf(op.chainId))
      work = () => {
        const value = apply()
        markDone(options.db, op.id, value, clock.now())
        this.summary.reports += reportsIn(op, value)
        return (value as { adopted?: boolean } | null)?.adopted ? 'adopted' : 'done'
      }
    } catch (error) {
      pace.record(paceSignalOf(error, started, performance.now()), laneOf(op.chainId))
      work = () => this.recordFailure(op, attempt, error)
    }
    const outcome = await this.commits.commit(op, work)
    this.engine.emit({ type: 'operation', operation: loadOperation(options.db, op.id) })
    return outcome
  }

  private perform(op: Operation): Promise<() => unknown> {
    const { options, clock, folderClock } = this.engine
    return sendOperation(
      {
        db: options.db,
        client: options.client,
        files: options.files,
        now: () => clock.now(),
        registryClock: folderClock.registry,
        onReportSynced: (change) => options.onReportSynced?.(change),
        onUploadProgress: (progress) =>
          this.engine.emit({
            type: 'upload-progress',
            operationId: op.id,
            loaded: progress.loaded,
            total: progress.total,
          }),
      },
      op,
      this.controller.signal,
    )
  }

  private recordFailure(op: Operation, attempt: number, error: unknown): Outcome {
    const { options, clock, folderClock, policy, random } = this.engine
    return recordFailure(
      {
        db: options.db,
        now: clock.now(),
        policy,
        random,
        onQuiet: (until) => {
          // Kept in the folder, so the next process (after a crash, the CLI beside the app) keeps it.
          folderClock.holdQuiet(until)
          this.quietUntil = Math.max(this.quietUntil, until)
        },
        onPaused: (pause) => this.engine.emit({ type: 'paused', pause }),
      },
      op,
      attempt,
      error,
    )
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
    this.abort()
  }
}
