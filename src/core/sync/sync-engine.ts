import { EventEmitter } from 'node:events'
import type { RegistryError } from '../registry-error'
import { movableChainCount } from '../outbox/outbox'
import { DEFAULT_CONCURRENCY } from './adaptive-concurrency'
import type { Clock, RunSummary, SyncEngineOptions, SyncEvent } from './engine-types'
import { FolderClock } from './folder-clock'
import { addRunSummaries, idleStep } from './idle-step'
import { DEFAULT_RETRY_POLICY } from './retry-policy'
import { SyncRun, type EngineParts } from './run-loop'
import { LanePace } from './lane-pace'
import { LEASE_TTL_MS } from './sync-lease'
import { SyncTriggers } from './sync-triggers'
import { nodeTimers, timerDelay } from './timer-delay'

export {
  emptyRunSummary,
  type Clock,
  type ReportSynced,
  type RunSummary,
  type SyncClient,
  type SyncEngineOptions,
  type SyncEvent,
} from './engine-types'

/**
 * Sends the outbox: the head operation of each chain, up to `concurrency` chains at once, in
 * chain order, with retries, reconciliation of lost creates, a pause on a refused key, and one
 * worker per data folder (the lease). A run is run-loop.ts (its answers written by
 * group-commit.ts, its failures mapped by failure-mapping.ts); what starts one in the background
 * is sync-triggers.ts.
 */
export class SyncEngine {
  private readonly events = new EventEmitter()
  readonly folderClock: FolderClock
  private readonly clock: Clock
  private readonly parts: EngineParts
  private readonly triggers: SyncTriggers
  private running: Promise<RunSummary> | null = null
  /** The run in progress, or the last one. */
  private current: SyncRun | null = null

  constructor(options: SyncEngineOptions) {
    const clock = options.clock ?? { now: () => Date.now() }
    this.clock = clock
    this.folderClock = options.folderClock ?? new FolderClock(options.db, clock)
    this.triggers = new SyncTriggers(
      () => this.runOnce(),
      () => clock.now(),
      options.timers ?? nodeTimers,
    )
    this.parts = {
      options,
      clock,
      folderClock: this.folderClock,
      pace: new LanePace(options.concurrency ?? DEFAULT_CONCURRENCY),
      policy: options.retryPolicy ?? DEFAULT_RETRY_POLICY,
      random: options.random ?? Math.random,
      leaseTtlMs: options.leaseTtlMs ?? LEASE_TTL_MS,
      isStopped: () => this.triggers.isStopped,
      emit: (event) => this.emit(event),
    }
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

  private run(): Promise<RunSummary> {
    this.current = new SyncRun(this.parts)
    return this.current.run()
  }

  /**
   * Runs until nothing is left that can move without a person or a timer: the outbox is empty,
   * what remains needs attention or waits behind an item that does, the queue is paused, or
   * (with stopWhenOffline) the registry is unreachable. See idleStep for the guard against
   * spinning. A wait longer than a timer can hold is cut to what it can, then looked at again.
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
        movableChains: movableChainCount(this.parts.options.db),
        now: this.clock.now(),
        stopWhenOffline: options.stopWhenOffline === true,
        aborted: options.signal?.aborted === true,
      })
      if (step.kind === 'return') return total
      if (step.kind === 'sleep') await sleep(timerDelay(step.ms))
    }
  }

  /** Background triggers: now, every `intervalMs`, and at the next retry time after each run. */
  start(intervalMs = 3 * 60 * 1000): void {
    this.triggers.start(intervalMs)
  }

  /** A trigger (something was queued, the connection came back, the user pressed Sync now). */
  kick(): void {
    this.triggers.kick()
  }

  /**
   * Stops: no new sends; requests in flight get `graceMs` to finish, then are aborted and
   * recorded as outcome-unknown (reconciled before any resend). Releases the lease.
   */
  async stop(graceMs = 5000): Promise<void> {
    this.triggers.stop()
    const running = this.running
    if (!running) return
    const timer = setTimeout(() => this.current?.abort(), timerDelay(graceMs))
    await running.catch(() => undefined)
    clearTimeout(timer)
  }
}

export type { RegistryError }
