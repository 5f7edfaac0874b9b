import type { FeatureHandlers } from '../core-context'
import * as Watchlist from './watchlist'
import { checkNow } from './watch-check-now'
import { addFromReport, addFromScreening } from './watch-sources'
import { wakeWatcher } from './watch-runs'
import { changeWatchSettings, readWatchSettings } from './watch-settings'

/** The watchlist's slice of the contract: the checks themselves run in the core (watch-runs.ts). */
export const watchlistHandlers: FeatureHandlers<
  | 'watchList'
  | 'watchAdd'
  | 'watchEdit'
  | 'watchRemove'
  | 'watchAlerts'
  | 'watchSetAlertState'
  | 'watchSettings'
  | 'watchSetSettings'
  | 'watchCheckNow'
> = (core) => ({
  watchList: () => Watchlist.listItems(core()),
  async watchAdd(input) {
    const context = core()
    const options = {
      note: input.note ?? null,
      owner: input.owner ?? null,
      periodMs: input.periodMs ?? null,
    }
    const { source } = input
    const result =
      source.kind === 'identifier'
        ? await Watchlist.addTyped(context, source.type, source.value, options)
        : source.kind === 'report'
          ? addFromReport(context, source.reportId, options)
          : addFromScreening(context, source.job, { ...options, all: source.all })
    // A new item is first checked now (one alone) or within the period: the watcher looks again.
    if (result.added.length > 0) wakeWatcher(context)
    return result
  },
  watchEdit(input) {
    const { id, ...change } = input
    const item = Watchlist.editItem(core(), id, change)
    wakeWatcher(core())
    return item
  },
  watchRemove: (input) => Watchlist.removeItem(core(), input.id),
  watchCheckNow: (input) => checkNow(core(), input.id),
  watchAlerts: (input) => Watchlist.listAlerts(core(), input),
  watchSetAlertState: (input) =>
    Watchlist.setAlertState(core(), input.alert, input.state, input.reason),
  watchSettings: () => readWatchSettings(core()),
  watchSetSettings(input) {
    const context = core()
    const result = changeWatchSettings(context, input)
    // A new budget changes the pace now, not after the watcher's current sleep; items added
    // from our reports are due within the period (one alone: now).
    if (input.hourlyBudget !== undefined || result.added > 0) wakeWatcher(context)
    return result
  },
})
