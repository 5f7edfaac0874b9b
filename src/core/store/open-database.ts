import Database from 'better-sqlite3-multiple-ciphers'
import { dirname } from 'node:path'
import { createPrivateFile, ensurePrivateDir, tightenFile } from '../private-files'
import { MIGRATIONS, migrate } from './migrations'
import type { Migration } from './migrations/migration'
import { recordFolderSchema } from './folder-schema'

export type Db = Database.Database

export interface SqliteOptions {
  /** FULL for Casefile's store (an outbox row called "queued" survives a power cut); NORMAL where a crash may lose the last commits. */
  synchronous: 'FULL' | 'NORMAL'
  /** WAL pages between automatic checkpoints (SQLite's default is 1000). */
  walAutocheckpoint?: number
  migrations: readonly Migration[]
  /**
   * The 32-byte key of an encrypted database (AEGIS-256 pages, through SQLite3 Multiple
   * Ciphers): every page of the file and of its WAL is encrypted and authenticated; temporary
   * tables and indexes stay in memory. Absent: a plain database.
   */
  key?: Buffer
  /** The cipher the database is in now, when it is not the folder cipher (a migration reads it). */
  cipher?: FolderCipher
}

/**
 * The page ciphers of SQLite3 Multiple Ciphers that a Casefile folder may be in, each as the
 * pragmas that select it before the key:
 * - aegis256: what every folder is written in. AEGIS-256 (CAESAR final portfolio; the IRTF
 *   CFRG's AEGIS specification) encrypts and authenticates each page with the CPU's AES
 *   instructions; SQLCipher 4's HMAC-SHA512, computed in software, cost 17-25 % of a 50,000-row
 *   import where AEGIS costs a few (docs/architecture.md, "The page cipher").
 * - sqlcipher4: folders encrypted before that change; opened only to be re-encrypted
 *   (src/core/encryption/migrate-folder.ts).
 */
export const FOLDER_CIPHERS = {
  aegis256: [`cipher = 'aegis'`, `algorithm = 'aegis-256'`],
  sqlcipher4: [`cipher = 'sqlcipher'`, 'legacy = 4'],
} as const

export type FolderCipher = keyof typeof FOLDER_CIPHERS

/** The cipher every folder is written in; the others are read only to be re-encrypted. */
export const FOLDER_CIPHER: FolderCipher = 'aegis256'

/** The key as SQLite3 Multiple Ciphers takes a raw one: no key derivation on open. */
function rawKey(key: Buffer): string {
  if (key.length !== 32) throw new Error('A data folder key is 32 bytes.')
  return `"x'${key.toString('hex')}'"`
}

/** The pragmas, in order, that make a connection read and write pages with the key. */
export function keyPragmas(key: Buffer, cipher: FolderCipher = FOLDER_CIPHER): string[] {
  return [...FOLDER_CIPHERS[cipher], `key = ${rawKey(key)}`]
}

/** Makes the connection read and write encrypted pages with the key; first thing after open. */
export function applyKey(db: Db, key: Buffer, cipher: FolderCipher = FOLDER_CIPHER): void {
  for (const pragma of keyPragmas(key, cipher)) db.pragma(pragma)
}

/**
 * Rewrites every page of the database under `cipher` and the key, its journal kept in memory so
 * that no page is written anywhere but the file itself. The connection must be the file's only
 * one (a copy being migrated): a rekey cannot run in WAL mode.
 */
export function rekeyDatabase(db: Db, key: Buffer, cipher: FolderCipher = FOLDER_CIPHER): void {
  db.pragma('journal_mode = MEMORY')
  for (const pragma of FOLDER_CIPHERS[cipher]) db.pragma(pragma)
  db.pragma(`rekey = ${rawKey(key)}`)
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
      applyKey(db, options.key, options.cipher)
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
  const db = openSqlite(path, { synchronous: 'FULL', migrations: MIGRATIONS, key })
  // The schema is recorded beside the database, where a version that does not know it looks
  // first; an older Casefile's folder record is brought up to the schema just migrated to.
  if (path !== ':memory:')
    recordFolderSchema(dirname(path), db.pragma('user_version', { simple: true }) as number)
  return db
}
