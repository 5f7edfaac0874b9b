import type { Db } from './open-database'
import { prepare } from './prepare'
import type { NetworkRefusal } from '../../shared/network-refusal'

/**
 * Why the whole queue is paused, or null when it runs: a refused key or a proxy that wants a
 * password (lifted when a key or the proxy's credentials are set, at each CLI run, or when the
 * user retries), or a registry address that changed under queued work (lifted only when the
 * user confirms the new registry: outbox-origin.ts).
 */
export interface PauseState {
  reason: 'unauthorized' | 'proxy_auth' | 'origin_changed'
  message: string
  since: number
  /** A proxy's refusal (proxy_auth), for each front to word with its own way to give the password. */
  refusal?: NetworkRefusal
}

export function pauseSync(db: Db, state: PauseState): void {
  prepare(
    db,
    "INSERT INTO sync_state (key, value) VALUES ('paused', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
  ).run(JSON.stringify(state))
}

/**
 * Lifts a pause refused credentials caused (the key, the proxy's password); a pause for a
 * changed registry stays (see outbox-origin.ts).
 */
export function resumeSync(db: Db): void {
  prepare(
    db,
    "DELETE FROM sync_state WHERE key = 'paused' AND json_extract(value, '$.reason') IN ('unauthorized', 'proxy_auth')",
  ).run()
}

export function syncPause(db: Db): PauseState | null {
  const row = prepare<[], { value: string }>(
    db,
    "SELECT value FROM sync_state WHERE key = 'paused'",
  ).get()
  return row ? (JSON.parse(row.value) as PauseState) : null
}

export function setLastSyncAt(db: Db, at: number): void {
  prepare(
    db,
    "INSERT INTO sync_state (key, value) VALUES ('last_success_at', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
  ).run(String(at))
}

export function lastSyncAt(db: Db): number | null {
  const row = prepare<[], { value: string }>(
    db,
    "SELECT value FROM sync_state WHERE key = 'last_success_at'",
  ).get()
  return row ? Number(row.value) : null
}

/** A JSON value kept under `key` (null when absent or unreadable): the folder clock's, the search pace's. */
export function readSyncValue<T>(db: Db, key: string): T | null {
  const row = prepare<[string], { value: string }>(
    db,
    'SELECT value FROM sync_state WHERE key = ?',
  ).get(key)
  if (!row) return null
  try {
    return JSON.parse(row.value) as T
  } catch {
    return null
  }
}

export function writeSyncValue(db: Db, key: string, value: unknown): void {
  prepare(
    db,
    'INSERT INTO sync_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  ).run(key, JSON.stringify(value))
}

/** Forgets the value kept under `key` (the signer's, the search ceiling's). */
export function deleteSyncValue(db: Db, key: string): void {
  prepare(db, 'DELETE FROM sync_state WHERE key = ?').run(key)
}

const ORIGINS_KEY = 'registry_origins'

/** The registry the outbox was written for, as kept (outbox/outbox-origin.ts reads it). */
export function keptOutboxOrigins(db: Db): string | null {
  const row = prepare<[], { value: string }>(
    db,
    `SELECT value FROM sync_state WHERE key = '${ORIGINS_KEY}'`,
  ).get()
  return row ? row.value : null
}

export function keepOutboxOrigins(db: Db, origins: string): void {
  prepare(
    db,
    `INSERT INTO sync_state (key, value) VALUES ('${ORIGINS_KEY}', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
  ).run(origins)
}

/** Lifts the pause a changed registry caused (once the change is confirmed: outbox-origin.ts). */
export function liftOriginPause(db: Db): void {
  prepare(
    db,
    "DELETE FROM sync_state WHERE key = 'paused' AND json_extract(value, '$.reason') = 'origin_changed'",
  ).run()
}
