import type { Db } from './open-database'

/*
 * The one way the core opens a transaction. A data folder is shared: the app, a scheduler's
 * `casefile watch check` and another CLI may write it at once. better-sqlite3's plain
 * `db.transaction(fn)()` begins DEFERRED: it reads under a snapshot and asks for the write
 * lock only at its first write. If another process committed meanwhile, SQLite cannot upgrade
 * that snapshot and fails at once with SQLITE_BUSY_SNAPSHOT; busy_timeout is never consulted.
 * A transaction that begins IMMEDIATE takes the write lock first and waits out busy_timeout
 * (open-database.ts) for it, so two writers queue instead of one crashing. Inside another
 * transaction either becomes a savepoint of it.
 */

/** Runs `work` in one transaction that writes: begun IMMEDIATE, so it waits for the lock. */
export function writeTransaction<T>(db: Db, work: () => T): T {
  return db.transaction(work).immediate()
}

/**
 * Runs `work` in one transaction that only reads (figures that must agree with each other
 * while another process writes). It never asks for the write lock, so it cannot be refused it.
 */
export function readTransaction<T>(db: Db, work: () => T): T {
  return db.transaction(work).deferred()
}

/**
 * The database stayed locked by another process past busy_timeout (SQLITE_BUSY and its
 * extended codes): the write did not go in, and nothing of it was kept.
 */
export function isDatabaseBusy(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return (
    error instanceof Error &&
    error.name === 'SqliteError' &&
    typeof code === 'string' &&
    code.startsWith('SQLITE_BUSY')
  )
}
