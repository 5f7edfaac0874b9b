import { describeOrigins, sameOrigins, type RegistryOrigins } from '../../shared/registry-address'
import {
  type Db,
  writeTransaction,
  keepOutboxOrigins,
  keptOutboxOrigins,
  liftOriginPause,
  pauseSync,
  syncPause,
} from '../store/store'
import { pendingCount } from './outbox-repository'

/** The registry (its base and upload origins) the data folder's outbox was written for. */
export function outboxOrigins(db: Db): RegistryOrigins | null {
  const value = keptOutboxOrigins(db)
  return value ? (JSON.parse(value) as RegistryOrigins) : null
}

function saveOrigins(db: Db, origins: RegistryOrigins): void {
  keepOutboxOrigins(db, JSON.stringify({ base: origins.base, upload: origins.upload }))
}

/**
 * Binds a data folder's outbox to the registry it is opened with. Reports queued for one
 * registry (with their PII) are never sent to another without the user's confirmation: when the
 * folder is opened with other origins while work waits, the queue is paused and nothing is sent
 * until the change is confirmed (`accept`: the app's dialog, the CLI's flag). An empty outbox
 * simply moves to the new registry; there is nothing of the old one's to send.
 */
export function bindOutboxOrigin(
  db: Db,
  origins: RegistryOrigins,
  options: { accept: boolean; now: number },
): void {
  writeTransaction(db, () => {
    const bound = outboxOrigins(db)
    if (bound && sameOrigins(bound, origins)) return liftOriginPause(db)
    const waiting = pendingCount(db)
    if (bound && waiting > 0 && !options.accept) {
      if (syncPause(db)?.reason !== 'origin_changed')
        pauseSync(db, {
          reason: 'origin_changed',
          message: `${waiting} operation(s) were queued for the registry at ${describeOrigins(bound)}, and this data folder now points at ${describeOrigins(origins)}. Nothing is sent until you confirm the change of registry.`,
          since: options.now,
        })
      return
    }
    saveOrigins(db, origins)
    liftOriginPause(db)
  })
}
