import { selectShutFolder, useConnection, useStatusStore } from '../stores/status-store'
import { refusedSaid } from './network-refusal-words'
import { useNavStore } from '../stores/nav-store'
import { Time } from './Time'
import { focusWhenShown } from '../focus-when-shown'

/** Always visible: which registry, whether it can be reached, what waits to be sent, the last sync. */
export function StatusBar() {
  const s = useStatusStore()
  const connection = useConnection()
  const profile = s.profiles?.profiles.find((p) => p.id === s.profiles?.active)
  const sandbox = s.profiles?.active === 'sandbox'
  const go = useNavStore((n) => n.go)
  // With the data folder shut nothing is known of the outbox or the registry: say only that.
  const shut = selectShutFolder(s) !== null
  return (
    <footer className="status-bar" aria-label="Status">
      <span
        className={sandbox ? 'sandbox-mark' : 'profile-mark'}
        title={
          sandbox
            ? 'Practice registry: nothing reaches the real registry'
            : 'The real registry: reports sent from here are shared with other organizations'
        }
      >
        {sandbox ? 'SANDBOX' : (profile?.name ?? '…')}
      </span>
      {!shut && (
        <span
          className={`online ${connection.kind}`}
          role="status"
          title={connection.reason ?? undefined}
          data-testid="connection"
        >
          {connection.label}
          {connection.reason && <span className="visually-hidden">: {connection.reason}</span>}
        </span>
      )}
      {!shut && (
        <button
          type="button"
          className="link"
          onClick={() => go('outbox')}
          data-testid="pending-count"
        >
          {s.pending} pending
          {s.needsAttention
            ? ` · ${s.needsAttention} need${s.needsAttention === 1 ? 's' : ''} attention`
            : ''}
        </button>
      )}
      {s.paused && (
        <span className="paused" title={refusedSaid(s.paused)}>
          <span className="error-text">Sending paused</span>{' '}
          <button
            type="button"
            className="link"
            onClick={() => {
              go('settings')
              // The field that mends it: the key when it was refused, the proxy's user name when
              // the proxy asks for one, else the registry's address.
              focusWhenShown(
                s.paused?.reason === 'unauthorized'
                  ? 'api-key'
                  : s.paused?.reason === 'proxy_auth'
                    ? 'proxy-username'
                    : 'base-url',
              )
            }}
          >
            Open Settings
          </button>
        </span>
      )}
      {s.coreTrouble && (
        <span className="error-text" role="alert">
          {shut ? 'This data folder cannot be opened: see the panel above.' : s.coreTrouble.message}
        </span>
      )}
      {!shut && (
        <span className="last-sync">
          Last sync: {s.lastSyncAt ? <Time value={s.lastSyncAt} past /> : 'never'}
        </span>
      )}
    </footer>
  )
}
