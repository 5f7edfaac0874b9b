import { useEffect, useId } from 'react'
import { useWatchlistStore } from './watchlist-store'
import '../../styles/lists.css'
import './watchlist.css'
import { behindSchedule } from './watch-schedule'
import { WatchAddForm } from './WatchAddForm'
import { WatchSettingsPanel } from './WatchSettingsPanel'
import { WatchItems } from './WatchItems'
import { Alerts } from './WatchAlerts'

/**
 * The watchlist: identifiers the core searches again on a schedule (added here, or from a
 * report's details), and the alerts their changes raised, triaged here.
 */
export function WatchlistScreen() {
  const id = useId()
  const error = useWatchlistStore((s) => s.error)
  const behind = behindSchedule(useWatchlistStore((s) => s.items))
  useEffect(() => {
    const store = useWatchlistStore.getState()
    void store.loadItems()
    void store.loadAlerts()
    // The form starts from what the core keeps now (the CLI may have changed it meanwhile).
    useWatchlistStore.setState({ settings: null })
    void store.loadSettings()
    // The schedule moves on while the screen is open: the items are asked for again.
    const timer = setInterval(() => void useWatchlistStore.getState().loadItems(), 30_000)
    return () => clearInterval(timer)
  }, [])
  return (
    <div className="stack">
      <Alerts />
      <section className="panel" aria-labelledby={`${id}-h`}>
        <h2 id={`${id}-h`}>Watchlist</h2>
        <p>
          Each identifier here is searched on the registry again once a day, or as often as you
          choose for it, while the app is open (or by <code>casefile watch check</code>), and every
          change is raised as an alert.
        </p>
        {error && (
          <p className="callout error" role="alert">
            {error}
          </p>
        )}
        {behind && (
          <p className="callout" role="status">
            {behind.text}
          </p>
        )}
        <WatchAddForm />
        <WatchItems />
      </section>
      <WatchSettingsPanel />
    </div>
  )
}
