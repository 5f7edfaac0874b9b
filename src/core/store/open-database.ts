import Database from 'better-sqlite3'
import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import { migrate } from './migrations'

export type Db = Database.Database

/**
 * Opens (creating if needed) the Casefile database of a data folder: WAL so the app and the
 * CLI can read while the other writes, synchronous=FULL so an outbox row the UI called
 * "queued" survives a power cut, foreign keys on, and a busy timeout for the other process.
 */
export function openDatabase(path: string): Db {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true })
  const db = new Database(path)
  try {
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = FULL')
    db.pragma('foreign_keys = ON')
    db.pragma('busy_timeout = 5000')
    migrate(db)
    return db
  } catch (error) {
    db.close()
    throw error
  }
}
