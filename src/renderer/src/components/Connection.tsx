import { useConnection } from '../stores/status-store'
import { TechnicalDetails } from './TechnicalDetails'

/**
 * The connection in a callout, for the screens whose answers depend on it (Search, Outbox): the
 * same reading as the status bar, with why and the technical detail. Nothing while online.
 */
export function ConnectionNote() {
  const connection = useConnection()
  if (connection.kind === 'online' || connection.kind === 'unknown') return null
  return (
    <div className="callout warn connection-note" data-connection={connection.kind}>
      <strong>{connection.label}.</strong> {connection.reason}
      {connection.detail && <TechnicalDetails detail={connection.detail} />}
    </div>
  )
}
