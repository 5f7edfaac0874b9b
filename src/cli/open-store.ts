import { join } from 'node:path'
import type { StoreContext } from '../core/core-context'
import { NewerSchemaError, DATABASE_FILE, openDatabase, type Db } from '../core/store/store'
import { requireConnection, resolveDataDir } from './cli-context'
import { CliError } from './cli-error'
import type { CommandContext } from './command-line-spec'
import { describeFailure, describeSqliteError } from './describe-failure'
import { openCliFolder } from './folder-access'
import { folderStorageFailure, NOTHING_CHANGED } from './folder-failure'

/** Why the data folder's database could not be opened, naming the file; rethrows a bug. */
export function databaseOpenFailure(error: unknown, dataDir: string): CliError {
  const database = join(dataDir, DATABASE_FILE)
  if (error instanceof NewerSchemaError) return new CliError(`${database}: ${error.message}`)
  const storage = folderStorageFailure(error, dataDir, NOTHING_CHANGED)
  if (storage) return storage
  // SQLite's refusal of the file, said of this folder's database by its path.
  const sqlite = error instanceof Error ? describeSqliteError(error, database) : null
  if (sqlite) return new CliError(sqlite)
  const failure = describeFailure(error)
  if (failure.code === 'internal') throw error
  return failure
}

/**
 * Runs `work` on the data folder's store alone, for commands that only read or set the folder's
 * own state (`outbox`, `config set --max-rate`, the signer, a verification's log entry): they
 * start without the sync engine, the registry client or the caches' schemas, and call the same
 * front functions as the window's handlers, over a StoreContext. The folder must have a
 * registry set, as for every command on it.
 */
export async function withStore<T>(
  context: CommandContext,
  work: (store: StoreContext) => Promise<T> | T,
): Promise<T> {
  const dataDir = await resolveDataDir(context.global, context.env)
  await requireConnection(dataDir, context.env)
  const folderKey = await openCliFolder(context, dataDir)
  let db: Db
  try {
    db = openDatabase(join(dataDir, DATABASE_FILE), folderKey)
  } catch (error) {
    throw databaseOpenFailure(error, dataDir)
  }
  try {
    return await work({ db })
  } catch (error) {
    throw folderStorageFailure(error, dataDir) ?? error
  } finally {
    db.close()
  }
}
