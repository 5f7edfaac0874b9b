import type { FeatureHandlers } from '../core-context'
import * as Watchlist from './watchlist'

/** The watchlist's slice of the contract: the checks themselves run in the core (watch-runs.ts). */
export const watchlistHandlers: FeatureHandlers<
  'watchList' | 'watchAdd' | 'watchRemove' | 'watchAlerts' | 'watchSetAlertState'
> = (core) => ({
  watchList: () => Watchlist.listItems(core()),
  watchAdd(input) {
    const options = { note: input.note ?? null, periodMs: input.periodMs ?? null }
    const { source } = input
    if (source.kind === 'identifier')
      return Watchlist.addIdentifier(core(), source.type, source.value, options)
    if (source.kind === 'report') return Watchlist.addFromReport(core(), source.reportId, options)
    return Watchlist.addFromScreening(core(), source.job, options)
  },
  watchRemove: (input) => Watchlist.removeItem(core(), input.id),
  watchAlerts: (input) => Watchlist.listAlerts(core(), input),
  watchSetAlertState: (input) =>
    Watchlist.setAlertState(core(), input.alert, input.state, input.reason),
})
