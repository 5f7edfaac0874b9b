import { hourlyBudgetProblem } from '../../shared/contracts/watchlist'
import type { CoreContext } from '../core-context'
import { hourlyBudget } from './watch-check'
import { ownReportsOn, pickUpOwnReports, setOwnReports } from './watch-own-reports'
import { writeSetting } from './watch-store'
import { WatchInputError } from './watchlist'

/*
 * The watchlist's two settings, kept in the data folder (watch_settings) so the app and
 * `casefile watch` obey the same: the hour's budget of checks, and whether our own sent
 * reports' identifiers are watched by default.
 */

export interface WatchSettings {
  hourlyBudget: number
  ownReports: boolean
}

export function readWatchSettings(core: CoreContext): WatchSettings {
  return { hourlyBudget: hourlyBudget(core), ownReports: ownReportsOn(core) }
}

/** Changes the hourly budget of this folder's watchlist; a WatchInputError says what is wrong. */
export function setHourlyBudget(core: CoreContext, budget: number): void {
  const problem = hourlyBudgetProblem(budget)
  if (problem) throw new WatchInputError(`${problem} Got ${budget}.`)
  writeSetting(core.db, 'hourly_budget', String(budget))
}

/**
 * Changes what is given and answers the settings as they now are. Turning own reports on adds
 * the identifiers of the reports already sent (`added`: how many items that made); turning it
 * off adds no more, and keeps the items already added.
 */
export function changeWatchSettings(
  core: CoreContext,
  change: Partial<WatchSettings>,
  options: { random?: () => number } = {},
): { settings: WatchSettings; added: number } {
  // Checked before anything is written: a bad budget changes neither setting.
  const problem =
    change.hourlyBudget === undefined ? null : hourlyBudgetProblem(change.hourlyBudget)
  if (problem) throw new WatchInputError(`${problem} Got ${change.hourlyBudget}.`)
  if (change.hourlyBudget !== undefined) setHourlyBudget(core, change.hourlyBudget)
  let added = 0
  if (change.ownReports !== undefined) {
    setOwnReports(core, change.ownReports)
    if (change.ownReports) added = pickUpOwnReports(core, options).added.length
  }
  return { settings: readWatchSettings(core), added }
}
