import { useEffect } from 'react'
import { AttachmentViewer } from './components/AttachmentViewer'
import { CasesScreen } from './features/cases/CasesScreen'
import { FirstRunPanel } from './components/FirstRunPanel'
import { FolderKeyPanel } from './components/FolderKeyPanel'
import { StatusBar } from './components/StatusBar'
import { BulkImportScreen } from './features/bulk-import/BulkImportScreen'
import { EditorScreen } from './features/editor/EditorScreen'
import { InsightsScreen } from './features/insights/InsightsScreen'
import { OutboxScreen } from './features/outbox/OutboxScreen'
import { ScreeningScreen } from './features/screening/ScreeningScreen'
import { SearchScreen } from './features/search/SearchScreen'
import { SettingsScreen } from './features/settings/SettingsScreen'
import { SubmissionsScreen } from './features/submissions/SubmissionsScreen'
import { WatchlistScreen } from './features/watchlist/WatchlistScreen'
import { useBanksStore } from './stores/banks-store'
import { useEditorStore } from './features/editor/editor-store'
import { SCREENS, useNavStore, type ScreenId } from './stores/nav-store'
import { useOnFileStore } from './features/editor/on-file-store'
import { useOutboxStore } from './features/outbox/outbox-store'
import { useOperationWatch } from './stores/operation-watch'
import { selectShutFolder, useStatusStore } from './stores/status-store'
import { ALERTS_POLL_MS, useWatchlistStore } from './features/watchlist/watchlist-store'
import './styles/app.css'

const SCREEN_VIEWS: Record<ScreenId, () => React.JSX.Element> = {
  editor: EditorScreen,
  outbox: OutboxScreen,
  submissions: SubmissionsScreen,
  search: SearchScreen,
  cases: CasesScreen,
  insights: InsightsScreen,
  screening: ScreeningScreen,
  watchlist: WatchlistScreen,
  bulk: BulkImportScreen,
  settings: SettingsScreen,
}

/** The investigator's desk: navigation, the current screen, and the status bar. */
export function App() {
  const screen = useNavStore((s) => s.screen)
  const go = useNavStore((s) => s.go)
  const pending = useStatusStore((s) => s.pending)
  const profile = useStatusStore((s) => s.profiles?.active)
  // A data folder that will not open (its key lost or wrong) shuts every screen but Settings.
  const shut = useStatusStore(selectShutFolder)
  const notice = useStatusStore((s) => s.notice)
  const newAlerts = useWatchlistStore((s) => s.newCount)

  useEffect(() => {
    const status = useStatusStore.getState()
    const offStatus = status.listen()
    const offOutbox = useOutboxStore.getState().listen()
    const offWatch = useOperationWatch.getState().listen()
    const offOnFile = useOnFileStore.getState().listen()
    void status.refresh()
    void useOutboxStore.getState().load()
    void useEditorStore.getState().restoreLast()
    // Leaving or hiding the window saves what the autosave delay still holds.
    const flush = () => {
      if (useEditorStore.getState().saveState === 'saving') void useEditorStore.getState().saveNow()
    }
    window.addEventListener('pagehide', flush)
    document.addEventListener('visibilitychange', flush)
    return () => {
      window.removeEventListener('pagehide', flush)
      document.removeEventListener('visibilitychange', flush)
      offStatus()
      offOutbox()
      offWatch()
      offOnFile()
    }
  }, [])
  // The core pushes nothing about the watchlist: its new alerts are asked for every 30 s (the
  // nav's badge), and again whenever the folder or profile changes.
  const closed = shut !== null && shut !== undefined
  useEffect(() => {
    if (closed) return
    const ask = () => void useWatchlistStore.getState().loadAlerts()
    ask()
    const timer = setInterval(ask, ALERTS_POLL_MS)
    return () => clearInterval(timer)
  }, [closed, profile])
  // Each profile has its own bank list and data.
  useEffect(() => {
    if (profile) void useBanksStore.getState().load()
  }, [profile])

  const Screen = SCREEN_VIEWS[screen]
  return (
    <div className="app">
      <header className="top-bar">
        <h1 className="brand">Casefile</h1>
        <nav aria-label="Screens">
          <ul>
            {SCREENS.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className="nav-button"
                  aria-current={screen === item.id ? 'page' : undefined}
                  onClick={() => go(item.id)}
                >
                  {item.label}
                  {item.id === 'outbox' && pending > 0 && (
                    <span className="count" aria-label={`${pending} pending`}>
                      {pending}
                    </span>
                  )}
                  {item.id === 'watchlist' && newAlerts > 0 && (
                    <span
                      className="count"
                      aria-label={`${newAlerts} new alert${newAlerts === 1 ? '' : 's'}`}
                    >
                      {newAlerts}
                    </span>
                  )}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      </header>
      <main className="content">
        {notice && (
          <div className="panel notice" role="status">
            <p>{notice}</p>
            <button type="button" onClick={() => useStatusStore.getState().setNotice(null)}>
              Dismiss
            </button>
          </div>
        )}
        {shut && screen !== 'settings' ? (
          <FolderKeyPanel status={shut} />
        ) : (
          <>
            {screen === 'editor' && <FirstRunPanel />}
            <Screen />
          </>
        )}
      </main>
      <StatusBar />
      <AttachmentViewer />
    </div>
  )
}
