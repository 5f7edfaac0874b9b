import { prepare } from '../store/prepare'
import type { Db } from '../store/open-database'

export const LEASE_TTL_MS = 30_000

/**
 * One sync worker per data folder: a lease row the worker renews (its heartbeat). Another
 * process (the app and the CLI share a folder) may take it only once it has expired, so a
 * crashed worker blocks the folder for at most the TTL.
 */
export function acquireLease(db: Db, holder: string, now: number, ttlMs = LEASE_TTL_MS): boolean {
  return db
    .transaction(() => {
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
    .immediate()
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

export function leaseHolder(db: Db, now: number): string | null {
  const row = prepare<[], { holder: string; expires_at: number }>(
    db,
    'SELECT holder, expires_at FROM sync_lease WHERE id = 1',
  ).get()
  return row && row.expires_at > now ? row.holder : null
}
