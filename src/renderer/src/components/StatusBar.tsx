import { formatTime } from '../format'
import { selectOnline, useStatusStore } from '../stores/status-store'
import { useNavStore } from '../stores/nav-store'

/** Always visible: which registry, online or not, what waits to be sent, when a sync last succeeded. */
export function StatusBar() {
  const s = useStatusStore()
  const online = useStatusStore(selectOnline)
  const profile = s.profiles?.profiles.find((p) => p.id === s.profiles?.active)
  const sandbox = s.profiles?.active === 'sandbox'
  return (
    <footer className="status-bar" aria-label="Status">
      <span
        className={sandbox ? 'sandbox-mark' : 'profile-mark'}
        title={sandbox ? 'Practice registry: nothing reaches the real registry' : undefined}
      >
        {sandbox ? 'SANDBOX' : (profile?.name ?? '…')}
      </span>
      <span className={`online ${online ? 'yes' : 'no'}`} role="status">
        {online ? 'Online' : 'Offline'}
      </span>
      <button
        type="button"
        className="link"
        onClick={() => useNavStore.getState().go('outbox')}
        data-testid="pending-count"
      >
        {s.pending} pending
        {s.needsAttention
          ? ` · ${s.needsAttention} need${s.needsAttention === 1 ? 's' : ''} attention`
          : ''}
      </button>
      {s.paused && <span className="error-text">Sending paused: {s.paused.message}</span>}
      {s.coreTrouble && (
        <span className="error-text" role="alert">
          {s.coreTrouble.message}
        </span>
      )}
      <span className="last-sync">
        Last sync: {s.lastSyncAt ? formatTime(s.lastSyncAt) : 'never'}
      </span>
    </footer>
  )
}
