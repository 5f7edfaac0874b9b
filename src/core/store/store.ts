/**
 * The front door of src/core/store: all that code outside this folder may import
 * of it (docs/architecture.md, "Front doors"; enforced by eslint's front-doors rule).
 */

export { prepare } from './prepare'
export {
  DATABASE_FILE,
  FOLDER_CIPHER,
  FOLDER_CIPHERS,
  applyKey,
  openDatabase,
  openSqlite,
  rekeyDatabase,
} from './open-database'
export type { Db, FolderCipher } from './open-database'
export { isDatabaseBusy, readTransaction, writeTransaction } from './write-transaction'
export { startReader } from './read-thread'
export type { ReadQuery, Reader } from './read-thread'
export { cachedReportFingerprint } from './migrations/0015-cached-fingerprints'
export { withoutDiskSync } from './without-disk-sync'
export { newLocalId } from './local-id'
export { multiRowInsert } from './multi-row-insert'
export { checkFolderNotNewer, refuseNewerFolder } from './folder-schema'
export { ATTACHMENTS_DIR, FOLDER_FILE, FOLDER_FILE_MAX_BYTES } from './folder-layout'
export { MIGRATIONS, NewerSchemaError } from './migrations/index'
export {
  assertSameFile,
  describeStorageFailure,
  fileIdentity,
  FolderGoneError,
  storageProblemOf,
} from './storage-failure'
export { startWalCheckpointer } from './wal-checkpointer'

// What the rest of the app uses of this folder's other files.
export { isHolderAlive, processHolder } from './lease-holder'
export {
  deleteSyncValue,
  keepOutboxOrigins,
  keptOutboxOrigins,
  lastSyncAt,
  liftOriginPause,
  pauseSync,
  readSyncValue,
  resumeSync,
  setLastSyncAt,
  syncPause,
  writeSyncValue,
} from './sync-state'
export type { PauseState } from './sync-state'
