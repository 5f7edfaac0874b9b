import type { CoreContext } from '../core-context'
import { keptKey } from '../core-kept'
import { nodeTimers, timerDelay, type Timers } from '../sync/sync'
import { watchTick } from './watch-check'
import { pickUpOwnReports } from './watch-own-reports'
import type { AlertRow } from './watch-store'

/*
 * The app's watcher: while the core is open, checks the watchlist one item at a time as
 * watchTick allows (due, within the hour's budget, paced, never inside the quiet). No
 * connection: it waits, doubling to 15 minutes, and the registry answering again (a search, a
 * sync) wakes it at once, so what fell due meanwhile is caught up, oldest-checked first.
 * Each step first takes our reports sent since (when "own reports" is on), at most once a minute.
 */

const MAX_BACKOFF_MS = 15 * 60 * 1000
/** The longest it sleeps without looking again (an item added by another process, the CLI). */
const MAX_SLEEP_MS = 5 * 60 * 1000
/**
 * How often a step looks for our reports sent since: the query reads every sent report's id
 * (about 11 ms for 20,000), fine once a minute, wasteful once a second at a budget of 3,600.
 */
const OWN_REPORTS_EVERY_MS = 60 * 1000

/** The wake of this core's watcher, while one runs. */
const WATCHER = keptKey<{ wake: (() => void) | null }>('watchlist.watcher')
const watcherOf = (core: CoreContext) => core.kept.of(WATCHER, () => ({ wake: null }))

/** Something was added: the core's watcher (if it runs) looks again now. */
export function wakeWatcher(core: CoreContext): void {
  core.kept.peek(WATCHER)?.wake?.()
}

export function runWatchlist(
  core: CoreContext,
  options: {
    timers?: Timers
    random?: () => number
    /** Checks an hour, instead of the folder's setting (tests: a pace that is not the test). */
    budget?: number
    /** Told of the alerts each check raises (the app core: a notification). */
    onAlerts?: (alerts: AlertRow[]) => void
  } = {},
): { stop(): Promise<void>; wake(): void } {
  const timers = options.timers ?? nodeTimers
  let stopped = false
  let timer: unknown = null
  let running: Promise<void> = Promise.resolve()
  let backoff = 0
  let ownReportsAt = -Infinity
  const abort = new AbortController()

  const arm = (at: number | null) => {
    if (stopped) return
    const now = core.clock.now()
    timer = timers.setTimeout(step, timerDelay(Math.min(at ?? Infinity, now + MAX_SLEEP_MS) - now))
  }
  const step = () => {
    timer = null
    running = (async () => {
      if (stopped) return
      try {
        if (core.clock.now() - ownReportsAt >= OWN_REPORTS_EVERY_MS) {
          ownReportsAt = core.clock.now()
          pickUpOwnReports(core, { random: options.random })
        }
        const tick = await watchTick(core, {
          random: options.random,
          signal: abort.signal,
          budget: options.budget,
        })
        if (tick.failure?.kind === 'unreachable' || tick.failure?.kind === 'unauthorized') {
          backoff = Math.min(MAX_BACKOFF_MS, Math.max(1000, backoff * 2))
          return arm(core.clock.now() + backoff)
        }
        backoff = 0
        if (tick.alerts.length > 0) options.onAlerts?.(tick.alerts)
        arm(tick.nextAt)
      } catch (error) {
        console.error(
          `[watchlist] check failed: ${error instanceof Error ? error.message : String(error)}`,
        )
        arm(core.clock.now() + MAX_BACKOFF_MS)
      }
    })()
  }
  const wake = () => {
    if (stopped || timer === null) return
    timers.clearTimeout(timer)
    step()
  }
  const off = core.reachability.onChange((reach) => {
    if (reach.state === 'online' && backoff > 0) wake()
  })
  watcherOf(core).wake = wake
  step()
  return {
    wake,
    async stop() {
      stopped = true
      off()
      if (watcherOf(core).wake === wake) watcherOf(core).wake = null
      if (timer !== null) timers.clearTimeout(timer)
      abort.abort()
      await running
    },
  }
}
