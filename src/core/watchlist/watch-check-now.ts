import type { CoreContext } from '../core-context'
import { isoTime } from '../cache/cache'
import { registryQuietUntil } from '../search/search'
import { prepare } from '../store/store'
import { HOUR_MS, hourlyBudget } from './watch-check'
import { checkItem } from './watch-check-item'
import { wakeWatcher } from './watch-runs'
import { itemRow } from './watch-store'

/*
 * Check now, from the window: an investigator who wants to see an alert on demand. One item is
 * searched at once, due or not, as `casefile watch check --all` would search it, and never
 * inside the registry's pause (its Retry-After): then it is made due and the watcher checks it
 * when the pause ends. Every item ("Check all now") is made due now and left to the watcher,
 * which keeps the pace the settings promise (one check every hour / budget) and the pauses, as
 * the CLI's run does: a list of hundreds is never searched in one burst.
 */

export interface CheckNowResult {
  checked: number
  alerts: number
  due: number
  paceSeconds: number
  quietUntil: string | null
  problem: string | null
}

/** Makes items due now (one, or all), leaving a claimed item to the check that holds it. */
function makeDue(core: CoreContext, id: number | null): number {
  const now = core.clock.now()
  return prepare<[{ now: number; id: number | null }], never>(
    core.db,
    `UPDATE watch_items SET next_check_at = MIN(next_check_at, @now)
     WHERE @id IS NULL OR id = @id`,
  ).run({ now, id }).changes
}

export async function checkNow(core: CoreContext, id?: number): Promise<CheckNowResult> {
  const now = core.clock.now()
  const quiet = registryQuietUntil(core)
  const result: CheckNowResult = {
    checked: 0,
    alerts: 0,
    due: 0,
    paceSeconds: Math.ceil(HOUR_MS / hourlyBudget(core) / 1000),
    quietUntil: quiet > now ? isoTime(quiet) : null,
    problem: null,
  }
  if (id === undefined) {
    result.due = makeDue(core, null)
    wakeWatcher(core)
    return result
  }
  const item = itemRow(core.db, id)
  if (!item) throw new Error('That identifier is no longer watched: it was removed meanwhile.')
  if (quiet > now) {
    result.due = makeDue(core, id)
    wakeWatcher(core)
    return result
  }
  const outcome = await checkItem(core, item)
  if ('passed' in outcome)
    return {
      ...result,
      problem: outcome.busy
        ? 'The data folder is busy with another Casefile (the CLI?): try again in a moment.'
        : 'It is being checked right now by the watcher or the CLI: its answer shows here in a moment.',
    }
  if (!outcome.ok) {
    const after = registryQuietUntil(core)
    return {
      ...result,
      quietUntil: after > core.clock.now() ? isoTime(after) : null,
      problem: outcome.failure.message,
    }
  }
  return { ...result, checked: 1, alerts: outcome.alerts.length }
}
