import type { RunSummary } from './engine-types'
import { MAX_TIMER_DELAY_MS, type Timers } from './timer-delay'

/** A wake-up goes this long after the retry time, so the operation is due when the run reads it. */
const WAKE_SLACK_MS = 10
/** A run that threw (the folder busy or unwritable) is tried again after this. */
export const FAILED_RUN_RETRY_MS = 5_000

/**
 * What starts a run in the background: now, every few minutes, something queued, the connection
 * back, and the next retry time (or the end of the registry's quiet) after each run.
 */
export class SyncTriggers {
  private interval: unknown
  private wake: unknown
  private stopped = false

  constructor(
    private readonly run: () => Promise<RunSummary>,
    private readonly now: () => number,
    private readonly timers: Timers,
  ) {}

  /** Whether stop was called (and start not since): no run begins, none picks more work. */
  get isStopped(): boolean {
    return this.stopped
  }

  /** Background triggers: now, every `intervalMs`, and at the next retry time after each run. */
  start(intervalMs: number): void {
    this.stopped = false
    this.interval = this.timers.setInterval(() => this.kick(), intervalMs)
    this.kick()
  }

  /** A trigger (something was queued, the connection came back, the user pressed Sync now). */
  kick(): void {
    if (this.stopped) return
    void this.run().then(
      (summary) => {
        this.timers.clearTimeout(this.wake)
        if (this.stopped || summary.nextWakeAt === null) return
        this.armWake(summary.nextWakeAt)
      },
      () => {
        // The run threw: the folder stayed locked by another process past SQLite's busy
        // timeout (under bench:load, a fill of the cache held it; the lease could not be
        // taken), or it cannot be written. A trigger has no caller to tell, and left uncaught
        // the rejection ended the core process: it tries again a little later, and what the
        // window asks of the folder meanwhile says what is wrong with it.
        this.timers.clearTimeout(this.wake)
        this.armWake(this.now() + FAILED_RUN_RETRY_MS)
      },
    )
  }

  stop(): void {
    this.stopped = true
    this.timers.clearInterval(this.interval)
    this.timers.clearTimeout(this.wake)
  }

  /**
   * A run at `at` (this computer's time). Further off than a timer can wait (a retry months
   * ahead), the timer is armed for as long as it can wait and then armed again from the clock
   * as it is then: never a run before `at` for want of a long enough timer.
   */
  private armWake(at: number): void {
    if (this.stopped) return
    const ms = Math.max(0, at - this.now()) + WAKE_SLACK_MS
    this.wake =
      ms > MAX_TIMER_DELAY_MS
        ? this.timers.setTimeout(() => this.armWake(at), MAX_TIMER_DELAY_MS)
        : this.timers.setTimeout(() => this.kick(), ms)
  }
}
