import { prepare, type Db, writeTransaction } from '../store/store'
import { timerDelay } from './timer-delay'

export const LEASE_TTL_MS = 30_000

/**
 * One sync worker per data folder: a lease row the worker renews (its heartbeat). Another
 * process (the app and the CLI share a folder) may take it only once it has expired, so a
 * crashed worker blocks the folder for at most the TTL.
 */
export function acquireLease(db: Db, holder: string, now: number, ttlMs = LEASE_TTL_MS): boolean {
  return writeTransaction(db, () => {
    const row = prepare<[], { holder: string; expires_at: number }>(
      db,
      'SELECT holder, expires_at FROM sync_lease WHERE id = 1',
    ).get()
    if (row && row.holder !== holder && row.expires_at > now) return false
    prepare(
      db,
      'INSERT INTO sync_lease (id, holder, expires_at, heartbeat_at) VALUES (1, ?, ?, ?) ON CONFLICT (id) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at, heartbeat_at = excluded.heartbeat_at',
    ).run(holder, now + ttlMs, now)
    return true
  })
}

/** Renews the lease; false when another worker has taken it meanwhile (then stop syncing). */
export function renewLease(db: Db, holder: string, now: number, ttlMs = LEASE_TTL_MS): boolean {
  return (
    prepare(
      db,
      'UPDATE sync_lease SET expires_at = ?, heartbeat_at = ? WHERE id = 1 AND holder = ?',
    ).run(now + ttlMs, now, holder).changes === 1
  )
}

export function releaseLease(db: Db, holder: string): void {
  prepare(db, 'DELETE FROM sync_lease WHERE id = 1 AND holder = ?').run(holder)
}

function leaseRow(db: Db): { holder: string; expires_at: number } | undefined {
  return prepare<[], { holder: string; expires_at: number }>(
    db,
    'SELECT holder, expires_at FROM sync_lease WHERE id = 1',
  ).get()
}

export function leaseHolder(db: Db, now: number): string | null {
  const row = leaseRow(db)
  return row && row.expires_at > now ? row.holder : null
}

/**
 * Takes the lease for a run: free or expired, or held by a process that is gone (`isHolderAlive`
 * says so: a crashed app's pid on this host), whose lease is taken over at once instead of after
 * its TTL. False when a live worker holds it.
 */
export function takeLease(
  db: Db,
  holder: string,
  now: number,
  options: { ttlMs?: number; isHolderAlive?: (holder: string) => boolean } = {},
): boolean {
  const ttlMs = options.ttlMs ?? LEASE_TTL_MS
  if (acquireLease(db, holder, now, ttlMs)) return true
  const current = leaseRow(db)?.holder
  if (current === undefined || !options.isHolderAlive || options.isHolderAlive(current))
    return false
  releaseLease(db, current)
  return acquireLease(db, holder, now, ttlMs)
}

/**
 * Renews a lease every third of its TTL while a run goes on: `onLost` when another worker took
 * it meanwhile, `onError` when it could not be written. Returns the stop.
 */
export function keepLease(
  db: Db,
  holder: string,
  options: {
    now: () => number
    ttlMs: number
    onLost: () => void
    onError: (error: unknown) => void
  },
): () => void {
  const heartbeat = setInterval(
    () => {
      try {
        if (!renewLease(db, holder, options.now(), options.ttlMs)) options.onLost()
      } catch (error) {
        options.onError(error)
      }
    },
    timerDelay(options.ttlMs / 3),
  )
  heartbeat.unref()
  return () => clearInterval(heartbeat)
}
