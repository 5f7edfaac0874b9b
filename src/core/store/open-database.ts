import Database from 'better-sqlite3-multiple-ciphers'
import { dirname } from 'node:path'
import { createPrivateFile, ensurePrivateDir, tightenFile } from '../private-files'
import { MIGRATIONS, migrate } from './migrations'
import type { Migration } from './migrations/migration'

export type Db = Database.Database

export interface SqliteOptions {
  /** FULL for Casefile's store (an outbox row called "queued" survives a power cut); NORMAL where a crash may lose the last commits. */
  synchronous: 'FULL' | 'NORMAL'
  /** WAL pages between automatic checkpoints (SQLite's default is 1000). */
  walAutocheckpoint?: number
  migrations: readonly Migration[]
  /**
   * The 32-byte key of an encrypted database (SQLCipher 4 format, through SQLite3 Multiple
   * Ciphers): every page of the file and of its WAL is encrypted; temporary tables and indexes
   * stay in memory. Absent: a plain database.
   */
  key?: Buffer
}

/** Makes the connection read and write SQLCipher 4 pages with the key; first thing after open. */
export function applyKey(db: Db, key: Buffer): void {
  if (key.length !== 32) throw new Error('A data folder key is 32 bytes.')
  db.pragma(`cipher = 'sqlcipher'`)
  db.pragma('legacy = 4')
  db.pragma(`key = "x'${key.toString('hex')}'"`)
}

/**
 * Opens (creating if needed) a SQLite file the way every Casefile database is opened: WAL so
 * one process can read while another writes, foreign keys on, a busy timeout for the other
 * process, and its migrations run.
 */
export function openSqlite(path: string, options: SqliteOptions): Db {
  if (path !== ':memory:') {
    ensurePrivateDir(dirname(path))
    // 0600 before SQLite opens it: SQLite gives its -wal and -shm files the database's mode.
    createPrivateFile(path)
    for (const suffix of ['', '-wal', '-shm', '-journal']) tightenFile(`${path}${suffix}`)
  }
  const db = new Database(path)
  try {
    if (options.key) {
      applyKey(db, options.key)
      db.pragma('temp_store = MEMORY')
    }
    db.pragma('journal_mode = WAL')
    db.pragma(`synchronous = ${options.synchronous}`)
    if (options.walAutocheckpoint !== undefined)
      db.pragma(`wal_autocheckpoint = ${options.walAutocheckpoint}`)
    db.pragma('foreign_keys = ON')
    db.pragma('busy_timeout = 5000')
    migrate(db, options.migrations)
    return db
  } catch (error) {
    db.close()
    throw error
  }
}

/** The Casefile database's file in a data folder. */
export { DATABASE_FILE } from './folder-layout'

/**
 * Opens the Casefile database of a data folder, encrypted with the folder's key when one is
 * given (openDataFolder decides; see src/core/encryption/). synchronous=FULL: the app and the CLI share it,
 * and an outbox row the UI called "queued" must survive a power cut.
 */
export function openDatabase(path: string, key?: Buffer): Db {
  return openSqlite(path, { synchronous: 'FULL', migrations: MIGRATIONS, key })
}
