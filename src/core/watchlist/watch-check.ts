import { HOUR_MS } from '../../shared/domain/watch-period'
import { HOURLY_BUDGET, hourlyBudgetProblem } from '../../shared/contracts/watchlist'
import type { CoreContext } from '../core-context'
import { registryQuietUntil, type SearchFailure } from '../search/search'
import { checkItem, periodOf } from './watch-check-item'
import {
  checksSince,
  dueItems,
  nextDueAt,
  readSetting,
  type AlertRow,
  type ItemRow,
} from './watch-store'

/*
 * The watchlist's checks: one search per item (a phone's one per spelling, search/spellings-search.ts),
 * compared with the last answer kept for it. Polite
 * to a shared registry: never inside its quiet (the Retry-After the outbox and screening obey
 * too), at most `budget` checks an hour and no closer together than an hour / budget (so never
 * a burst), oldest-checked first, each item's next check one period later or a little sooner
 * (jitter, so a list added at once stays spread over the period; never later, so no change
 * waits longer than a period to be seen). Each check claims its item first
 * (watch-claims.ts): the app and a scheduler's `casefile watch check` never search one twice.
 */

export { HOUR_MS, periodOf }
/** Checks an hour: enough for 2,880 items a day, gentle on the registry (its bounds: HOURLY_BUDGET). */
export const DEFAULT_HOURLY_BUDGET: number = HOURLY_BUDGET.default

/** The hour's budget set for this folder (`casefile watch settings --budget`), else the default. */
export function hourlyBudget(core: CoreContext): number {
  const value = Number(readSetting(core.db, 'hourly_budget'))
  // A value out of bounds (written by hand, or by an older Casefile) is not obeyed: the default is.
  return hourlyBudgetProblem(value) === null ? value : DEFAULT_HOURLY_BUDGET
}

export interface TickResult {
  /** The item checked, if one was. */
  checked: ItemRow | null
  alerts: AlertRow[]
  failure: SearchFailure | null
  /** When (this core's clock) the next check may happen; null with nothing to watch. */
  nextAt: number | null
  /** Why it waits, when it waits for something else than the next item falling due. */
  waiting: 'quiet' | 'budget' | 'pace' | null
}

/**
 * One step of the long-lived watcher (and of the tests' and bench's simulated days): checks the
 * item that is due most, if the quiet, the budget and the pace allow, and says when to come back.
 */
export async function watchTick(
  core: CoreContext,
  options: { random?: () => number; signal?: AbortSignal; budget?: number } = {},
): Promise<TickResult> {
  const now = core.clock.now()
  const budget = options.budget ?? hourlyBudget(core)
  const idle = { checked: null, alerts: [], failure: null }
  const quiet = registryQuietUntil(core)
  if (quiet > now) return { ...idle, nextAt: quiet, waiting: 'quiet' }
  const recent = checksSince(core.db, now - HOUR_MS)
  if (recent.count >= budget && recent.oldest !== null)
    return { ...idle, nextAt: recent.oldest + HOUR_MS + 1, waiting: 'budget' }
  const slot = recent.latest === null ? now : recent.latest + Math.ceil(HOUR_MS / budget)
  const [item] = dueItems(core.db, now, 1)
  if (!item) return { ...idle, nextAt: nextAtOf(core, slot), waiting: null }
  if (slot > now) return { ...idle, nextAt: slot, waiting: 'pace' }
  const outcome = await checkItem(core, item, options)
  // Taken by another check meanwhile: the next one due, at once.
  if ('passed' in outcome) return { ...idle, nextAt: nextAtOf(core, slot), waiting: null }
  if (!outcome.ok) {
    // A quiet: after it. Anything else: the next slot (the watcher backs off when unreachable).
    const nextAt =
      outcome.failure.kind === 'quiet'
        ? registryQuietUntil(core)
        : nextAtOf(core, core.clock.now() + Math.ceil(HOUR_MS / budget))
    return { checked: item, alerts: [], failure: outcome.failure, nextAt, waiting: null }
  }
  return {
    checked: item,
    alerts: outcome.alerts,
    failure: null,
    nextAt: nextAtOf(core, core.clock.now() + Math.ceil(HOUR_MS / budget)),
    waiting: null,
  }
}

function nextAtOf(core: CoreContext, slot: number): number | null {
  const due = nextDueAt(core.db)
  return due === null ? null : Math.max(due, slot)
}

export interface CheckRun {
  checked: number
  alerts: AlertRow[]
  /** Why the run stopped before it had checked everything it meant to. */
  stopped: SearchFailure | null
  /**
   * The items it meant to check and left unchecked, still due for the next run: those after
   * where it stopped, and those whose check could not be kept (the data folder stayed busy).
   */
  remaining: number
  /** Of those, how many were passed by because the data folder stayed busy. */
  busy: number
}

/**
 * Waits `ms` (cut short when the signal aborts): the CLI's real time, a test's driven clock.
 * `why`: the pace the settings keep, or the registry's Retry-After.
 */
export type Wait = (
  ms: number,
  signal: AbortSignal | undefined,
  why: 'pace' | 'quiet',
) => Promise<void>

/** The longest `casefile watch check` waits out the registry's Retry-Afters, in all, in one run. */
export const MAX_QUIET_WAIT_MS = 5 * 60 * 1000

export interface CheckDueOptions {
  all?: boolean
  signal?: AbortSignal
  random?: () => number
  /**
   * Given (the CLI): the run keeps the pace the settings promise, one check every hour /
   * budget at most (counting the checks of any process on this folder), and waits out a
   * Retry-After of up to MAX_QUIET_WAIT_MS in all before it goes on. Absent: checks back to
   * back and stops at a quiet (the tests' and bench's simulated days drive their own clock).
   */
  wait?: Wait
}

const quietStop = (seconds: number | null): SearchFailure => ({
  kind: 'quiet',
  message:
    seconds === null
      ? 'The registry asked for a pause (Retry-After): the rest wait for the next check.'
      : `The registry asked for a pause longer than this run waits (${seconds} s in all): the rest wait for the next check.`,
})

/**
 * The CLI's run (`casefile watch check`): the items due, oldest-checked first, as many as the
 * hour's budget has left; `all`: every item now, whatever the schedule and the budget. Never
 * inside the registry's quiet: with `wait`, it waits the quiet out (up to MAX_QUIET_WAIT_MS in
 * all) and goes on with the item that was refused; past that, or without `wait`, it stops
 * there, the rest (`remaining`) waiting for the next run.
 */
export async function checkDue(
  core: CoreContext,
  options: CheckDueOptions = {},
): Promise<CheckRun> {
  const now = core.clock.now()
  const budget = hourlyBudget(core)
  const pace = Math.ceil(HOUR_MS / budget)
  const run: CheckRun = { checked: 0, alerts: [], stopped: null, remaining: 0, busy: 0 }
  let limit = Number.MAX_SAFE_INTEGER
  if (!options.all) limit = Math.max(0, budget - checksSince(core.db, now - HOUR_MS).count)
  const items = limit === 0 ? [] : dueItems(core.db, now, limit, options.all)
  let quietWaited = 0
  for (let index = 0; index < items.length;) {
    const item = items[index] as ItemRow
    if (options.signal?.aborted) break
    const quiet = registryQuietUntil(core) - core.clock.now()
    if (quiet > 0) {
      if (!options.wait || quietWaited + quiet > MAX_QUIET_WAIT_MS) {
        run.stopped = quietStop(options.wait ? MAX_QUIET_WAIT_MS / 1000 : null)
        run.remaining += items.length - index
        break
      }
      quietWaited += quiet
      await options.wait(quiet, options.signal, 'quiet')
      continue
    }
    if (options.wait) {
      const latest = checksSince(core.db, core.clock.now() - HOUR_MS).latest
      const early = latest === null ? 0 : latest + pace - core.clock.now()
      if (early > 0) {
        await options.wait(early, options.signal, 'pace')
        continue // the quiet and the claims may have changed meanwhile
      }
    }
    const outcome = await checkItem(core, item, options)
    if ('passed' in outcome) {
      // Another process checks it; or the folder stayed busy: left due, for the next run.
      if (outcome.busy) {
        run.busy++
        run.remaining++
      }
      index++
      continue
    }
    if (outcome.ok) {
      run.checked++
      run.alerts.push(...outcome.alerts)
      index++
      continue
    }
    // A quiet the registry asked for while this item was searched: waited out, then this item.
    if (
      outcome.failure.kind === 'quiet' &&
      options.wait &&
      registryQuietUntil(core) > core.clock.now()
    )
      continue
    // One item the registry refuses does not stop the others; anything else does.
    if (outcome.failure.kind === 'refused' || outcome.failure.kind === 'failed') {
      index++
      continue
    }
    run.stopped = outcome.failure
    run.remaining += items.length - index
    break
  }
  return run
}
