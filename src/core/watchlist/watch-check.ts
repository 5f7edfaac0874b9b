import type { IdentifierType } from '../../shared/domain/identifiers'
import { DEFAULT_WATCH_PERIOD_MS, HOUR_MS } from '../../shared/domain/watch-period'
import { HOURLY_BUDGET, hourlyBudgetProblem } from '../../shared/contract-watchlist'
import type { CoreContext } from '../core-context'
import { storeSearchResult } from '../cache/searches-cache'
import { registryQuietUntil, searchFailureOf, type SearchFailure } from '../search/polite-search'
import { claimItem, releaseClaim } from './watch-claims'
import { searchSpellings } from '../search/spellings-search'
import { compareSnapshots, snapshotOf, type Snapshot } from './watch-compare'
import {
  checksSince,
  dueItems,
  nextDueAt,
  postponeItem,
  readSetting,
  recordCheck,
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

export { HOUR_MS }
/** Checks an hour: enough for 2,880 items a day, gentle on the registry (its bounds: HOURLY_BUDGET). */
export const DEFAULT_HOURLY_BUDGET: number = HOURLY_BUDGET.default
/** The next check: one period later, or up to this share of it sooner. */
const JITTER = 0.05

/** The hour's budget set for this folder (`casefile watch settings --budget`), else the default. */
export function hourlyBudget(core: CoreContext): number {
  const value = Number(readSetting(core.db, 'hourly_budget'))
  // A value out of bounds (written by hand, or by an older Casefile) is not obeyed: the default is.
  return hourlyBudgetProblem(value) === null ? value : DEFAULT_HOURLY_BUDGET
}

export function periodOf(item: Pick<ItemRow, 'period_ms'>): number {
  return item.period_ms ?? DEFAULT_WATCH_PERIOD_MS
}

export type CheckOutcome =
  | { ok: true; alerts: AlertRow[] }
  | { ok: false; failure: SearchFailure }
  /** Another check (the app's watcher, a scheduler's run) has it, or just checked it: passed by. */
  | { ok: false; passed: true }

const PASSED: CheckOutcome = { ok: false, passed: true }

/**
 * Searches one item now and keeps the answer (its changes as alerts, its next check), under a
 * claim (watch-claims.ts) so that no other process searches it meanwhile.
 */
export async function checkItem(
  core: CoreContext,
  item: ItemRow,
  options: { random?: () => number; signal?: AbortSignal } = {},
): Promise<CheckOutcome> {
  const claim = claimItem(core.db, item, core.clock.now())
  if (claim === null) return PASSED
  try {
    return await searchAndRecord(core, item, claim, options)
  } finally {
    // Cleared already when the check was recorded or postponed; let go here on any other end.
    releaseClaim(core.db, item.id, claim)
  }
}

async function searchAndRecord(
  core: CoreContext,
  item: ItemRow,
  claim: string,
  options: { random?: () => number; signal?: AbortSignal },
): Promise<CheckOutcome> {
  const random = options.random ?? Math.random
  const query = { identifier: item.type as IdentifierType, value: item.value }
  const answer = await searchSpellings(core, item, options.signal)
  if (!answer.ok) {
    const failure = searchFailureOf(core, answer.error)
    if (failure.kind === 'refused' || failure.kind === 'failed')
      postponeItem(core.db, item.id, claim, core.clock.now() + periodOf(item))
    return { ok: false, failure }
  }
  const { result } = answer
  const now = core.clock.now()
  const before = item.snapshot_json === null ? null : (JSON.parse(item.snapshot_json) as Snapshot)
  const { changes, keep } = compareSnapshots(before, snapshotOf(result))
  const period = periodOf(item)
  const nextCheckAt = now + Math.round(period * (1 - JITTER * random()))
  storeSearchResult(core.db, query, result, now)
  const alerts = recordCheck(core.db, item, claim, { keep, changes, now, nextCheckAt })
  return alerts === null ? PASSED : { ok: true, alerts }
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
}

/**
 * The CLI's run (`casefile watch check`): the items due, oldest-checked first, as many as the
 * hour's budget has left; `all`: every item now, whatever the schedule and the budget. Never
 * inside the registry's quiet: the run stops there, the rest waiting for the next run.
 */
export async function checkDue(
  core: CoreContext,
  options: { all?: boolean; signal?: AbortSignal; random?: () => number } = {},
): Promise<CheckRun> {
  const now = core.clock.now()
  const run: CheckRun = { checked: 0, alerts: [], stopped: null }
  let limit = Number.MAX_SAFE_INTEGER
  if (!options.all)
    limit = Math.max(0, hourlyBudget(core) - checksSince(core.db, now - HOUR_MS).count)
  const items = limit === 0 ? [] : dueItems(core.db, now, limit, options.all)
  for (const item of items) {
    if (options.signal?.aborted) break
    if (registryQuietUntil(core) > core.clock.now()) {
      run.stopped = {
        kind: 'quiet',
        message: 'The registry asked for a pause (Retry-After): the rest wait for the next check.',
      }
      break
    }
    const outcome = await checkItem(core, item, options)
    if ('passed' in outcome) continue // another process checks it
    if (outcome.ok) {
      run.checked++
      run.alerts.push(...outcome.alerts)
      continue
    }
    // One item the registry refuses does not stop the others; anything else does.
    if (outcome.failure.kind === 'refused' || outcome.failure.kind === 'failed') continue
    run.stopped = outcome.failure
    break
  }
  return run
}
