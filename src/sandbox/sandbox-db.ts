import type Database from 'better-sqlite3-multiple-ciphers'
import { join } from 'node:path'
import { migrate as runMigrations } from '../core/store/migrations'
import type { Migration } from '../core/store/migrations/migration'
import { ensurePrivateDir } from '../core/private-files'
import { openSqlite } from '../core/store/open-database'
import { SANDBOX_MIGRATIONS } from './sandbox-migrations'

export type SandboxDb = Database.Database

export const SANDBOX_DB_FILE = 'sandbox-registry.sqlite'
export const UPLOADS_DIR = 'uploads'

/**
 * Opens (or creates) the sandbox's own database in `dataDir` and brings it to the latest
 * migration. WAL with synchronous=NORMAL: a sandbox may lose the last commits on a power cut,
 * never on a process crash, and this is what lets it take well over 1,000 creates a second.
 */
export function openSandboxDb(dataDir: string): SandboxDb {
  // The uploads hold what reporters sent: private to this user, like Casefile's own folders.
  ensurePrivateDir(dataDir)
  ensurePrivateDir(join(dataDir, UPLOADS_DIR))
  // NORMAL: a test registry may lose its last commits in a power cut, not in a crash. Checkpoints
  // are where NORMAL still syncs; doing them every ~40 MB of WAL instead of every 4 MB halves the
  // cost of a commit under a burst of creates.
  return openSqlite(join(dataDir, SANDBOX_DB_FILE), {
    synchronous: 'NORMAL',
    walAutocheckpoint: 10000,
    migrations: SANDBOX_MIGRATION_LIST,
  })
}

/** The sandbox's migrations in the shape the shared runner takes: index + 1 is the version. */
const SANDBOX_MIGRATION_LIST: readonly Migration[] = SANDBOX_MIGRATIONS.map((up, index) => ({
  version: index + 1,
  name: up.name,
  up,
}))

/** Runs every migration above the file's user_version, each in its own transaction. */
export function migrate(db: SandboxDb): void {
  runMigrations(db, SANDBOX_MIGRATION_LIST)
}

export { prepare } from '../core/store/prepare'
