/**
 * Channel names of the watchlist (identifiers searched again on a schedule, their changes as
 * alerts), with no schema attached so the preload can bundle them. watchlist.ts pairs
 * each with its schemas.
 */
export const WATCHLIST_INVOKE_CHANNELS = {
  watchList: 'watchlist:list',
  watchAdd: 'watchlist:add',
  watchEdit: 'watchlist:edit',
  watchRemove: 'watchlist:remove',
  watchAlerts: 'watchlist:alerts',
  watchSetAlertState: 'watchlist:set-alert-state',
  watchSettings: 'watchlist:settings',
  watchSetSettings: 'watchlist:set-settings',
  watchCheckNow: 'watchlist:check-now',
} as const

/** The app's watcher raised alerts (a new report, an unlisting… on a watched identifier). */
export const WATCHLIST_EVENT_CHANNELS = {
  watchAlertsRaised: 'event:watch-alerts-raised',
} as const
