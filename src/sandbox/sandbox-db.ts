import Database from 'better-sqlite3-multiple-ciphers'
import { join } from 'node:path'
import { migrate } from './store/migrate'
import { createPrivateFile, ensurePrivateDir, tightenFile } from './store/private-folder'
import { SANDBOX_MIGRATIONS } from './sandbox-migrations'

export type SandboxDb = Database.Database

export const SANDBOX_DB_FILE = 'sandbox-registry.sqlite'
export const UPLOADS_DIR = 'uploads'

/**
 * Opens (or creates) the sandbox's own database in `dataDir` and brings it to the latest
 * migration. A plain SQLite file (the sandbox's data is test data, never a folder key's), in
 * WAL mode so a reader never waits for the writer, with foreign keys on and a busy timeout.
 * synchronous=NORMAL: a sandbox may lose its last commits in a power cut, never in a process
 * crash, and this is what lets it take well over 1,000 creates a second.
 */
export function openSandboxDb(dataDir: string): SandboxDb {
  // The uploads hold what reporters sent: private to this user, like Casefile's own folders.
  ensurePrivateDir(dataDir)
  ensurePrivateDir(join(dataDir, UPLOADS_DIR))
  const path = join(dataDir, SANDBOX_DB_FILE)
  // 0600 before SQLite opens it: SQLite gives its -wal and -shm files the database's mode.
  createPrivateFile(path)
  for (const suffix of ['', '-wal', '-shm', '-journal']) tightenFile(`${path}${suffix}`)
  const db = new Database(path)
  try {
    db.pragma('journal_mode = WAL')
    db.pragma('synchronous = NORMAL')
    // Checkpoints are where NORMAL still syncs; doing them every ~40 MB of WAL instead of every
    // 4 MB halves the cost of a commit under a burst of creates.
    db.pragma('wal_autocheckpoint = 10000')
    db.pragma('foreign_keys = ON')
    db.pragma('busy_timeout = 5000')
    migrate(db, SANDBOX_MIGRATIONS, `The sandbox data folder ${dataDir}`)
    return db
  } catch (error) {
    db.close()
    throw error
  }
}

export { prepare } from './store/prepare'
