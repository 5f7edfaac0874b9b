import {
  closeSync,
  copyFileSync,
  existsSync,
  fsyncSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  unlinkSync,
} from 'node:fs'
import { join } from 'node:path'
import Database from 'better-sqlite3-multiple-ciphers'
import {
  keptAttachmentHashes,
  AttachmentFiles,
  attachmentKeys,
  isEncryptedAttachment,
} from '../drafts/drafts'
import {
  applyKey,
  openDatabase,
  openSqlite,
  rekeyDatabase,
  type Db,
  type FolderCipher,
  MIGRATIONS,
} from '../store/store'
import { RegularFileError, withRegularFile } from '../regular-file'
import { FolderKeyError } from './folder-key'

/**
 * Moves a plain data folder (from before encryption) to the encrypted layout, so that a kill
 * at any moment leaves either the old plain folder or the new encrypted one, whole:
 *
 * 1. every kept attachment is sealed into a new file beside the plain one (new names, so
 *    nothing the plain folder uses is touched);
 * 2. the database is copied and the copy rekeyed (its journal kept in memory, so no plain page
 *    is written anywhere but the copy being encrypted);
 * 3. the commit: the encrypted copy is renamed over casefile.db;
 * 4. the plain attachments are removed (a marker says so until it is done, so an interrupted
 *    clean-up finishes at the next open).
 *
 * Before 3 the folder is the plain one (plus sealed copies, made again next time); after 3 it
 * is the encrypted one. On an SSD, the plain bytes removed may survive in free blocks: only
 * full-disk encryption protects what was written before.
 */
export type MigrationStep = 'attachments-sealed' | 'database-encrypted' | 'committed' | 'cleaned'

export const PLAIN_COPIES_MARKER = '.plain-copies'
const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1')

export type DatabaseState = 'absent' | 'plain' | 'encrypted'

/**
 * What the database file is, read from its first bytes. Something other than a file in its
 * place (a named pipe, a device) is never read: a FolderKeyError says so, nothing is changed.
 */
export function databaseState(path: string): DatabaseState {
  const head = Buffer.alloc(SQLITE_HEADER.length)
  let size: number
  try {
    size = withRegularFile(path, (fd, stats) => {
      if (stats.size > 0) readSync(fd, head, 0, head.length, 0)
      return stats.size
    })
  } catch (error) {
    if (!(error instanceof RegularFileError) || error.problem === 'unreadable') throw error
    if (error.problem === 'missing') return 'absent'
    throw new FolderKeyError(
      'damaged',
      `${path} ${error.why}: it is not a Casefile database. Nothing in the folder was changed.`,
    )
  }
  if (size === 0) return 'absent'
  return head.equals(SQLITE_HEADER) ? 'plain' : 'encrypted'
}

function fsyncPath(path: string): void {
  const fd = openSync(path, 'r')
  try {
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

export interface MigrationPaths {
  dbPath: string
  attachmentsDir: string
}

export function migrateToEncrypted(
  paths: MigrationPaths,
  key: Buffer,
  onStep: (step: MigrationStep) => void = () => undefined,
): void {
  const { dbPath, attachmentsDir } = paths
  // Make the plain database whole in its main file, and learn which attachments it keeps.
  const hashes = settleWal(dbPath, openDatabase(dbPath), keptAttachmentHashes)

  // 1. Seal each kept attachment beside its plain copy.
  const plainFiles = new AttachmentFiles(attachmentsDir, null)
  const sealed = new AttachmentFiles(attachmentsDir, attachmentKeys(key))
  // Copied as they are: a plain copy that no longer matches its hash is refused when it is sent
  // (AttachmentFiles.read), not here, where refusing would keep the folder from opening.
  for (const sha256 of hashes)
    if (plainFiles.has(sha256) && !sealed.has(sha256))
      sealed.write(sha256, readFileSync(plainFiles.pathOf(sha256)))
  onStep('attachments-sealed')

  // 2. An encrypted copy of the database.
  const temp = encryptedCopy(dbPath, key, null)
  onStep('database-encrypted')

  // 3. The commit.
  if (existsSync(attachmentsDir))
    closeSync(openSync(join(attachmentsDir, PLAIN_COPIES_MARKER), 'w', 0o600))
  commitCopy(temp, dbPath)
  onStep('committed')

  // 4. The plain copies go.
  removePlainCopies(attachmentsDir)
  onStep('cleaned')
}

/**
 * Moves a folder's database from an earlier page cipher (SQLCipher 4) to the one every folder
 * is now written in, with the same key, the same way: an encrypted copy renamed over the
 * database as the commit, so a kill at any moment leaves the one or the other, whole. No page
 * is ever written plain: the copy is read with the old cipher and rekeyed with its journal in
 * memory. Attachments are sealed by Casefile itself and stay as they are.
 */
export function reencryptDatabase(
  dbPath: string,
  key: Buffer,
  from: FolderCipher,
  onStep: (step: MigrationStep) => void = () => undefined,
): void {
  const db = openSqlite(dbPath, { synchronous: 'FULL', migrations: MIGRATIONS, key, cipher: from })
  settleWal(dbPath, db, () => undefined)
  const temp = encryptedCopy(dbPath, key, from)
  onStep('database-encrypted')
  commitCopy(temp, dbPath)
  onStep('committed')
}

/**
 * Checkpoints the whole WAL into the database file, reads what `read` needs, closes, and makes
 * sure no other connection keeps a WAL going (another Casefile with the folder open).
 */
function settleWal<T>(dbPath: string, db: Db, read: (db: Db) => T): T {
  let result: T
  try {
    db.pragma('wal_checkpoint(TRUNCATE)')
    result = read(db)
  } finally {
    db.close()
  }
  const wal = `${dbPath}-wal`
  if (existsSync(wal) && statSync(wal).size > 0)
    throw new Error(
      'Another Casefile (the app or a casefile command) has this data folder open: close it, then start again.',
    )
  return result
}

/**
 * A copy of the database beside it, rekeyed into the folder cipher with the key (rekeyDatabase:
 * nothing but the copy is written); `from` is the copy's cipher now, null
 * for a plain database. Returns the copy's path, synced.
 */
function encryptedCopy(dbPath: string, key: Buffer, from: FolderCipher | null): string {
  const temp = `${dbPath}.encrypting`
  for (const leftover of [temp, `${temp}-journal`]) rmSync(leftover, { force: true })
  copyFileSync(dbPath, temp)
  const copy = new Database(temp)
  try {
    if (from) applyKey(copy, key, from)
    rekeyDatabase(copy, key)
  } finally {
    copy.close()
  }
  fsyncPath(temp)
  return temp
}

/** The commit: the encrypted copy takes the database's name; its old WAL and index go. */
function commitCopy(temp: string, dbPath: string): void {
  renameSync(temp, dbPath)
  for (const stale of [`${dbPath}-wal`, `${dbPath}-shm`]) rmSync(stale, { force: true })
}

/**
 * Removes the plain attachment files an interrupted migration left (named by a bare content
 * hash, unsealed), once the encrypted database has been committed; then the marker.
 */
export function removePlainCopies(attachmentsDir: string): void {
  const marker = join(attachmentsDir, PLAIN_COPIES_MARKER)
  if (!existsSync(marker)) return
  for (const name of readdirSync(attachmentsDir)) {
    if (name === PLAIN_COPIES_MARKER) continue
    const path = join(attachmentsDir, name)
    if (name.endsWith('.tmp') || !isSealedFile(path)) unlinkSync(path)
  }
  unlinkSync(marker)
}

function isSealedFile(path: string): boolean {
  const head = Buffer.alloc(4)
  const fd = openSync(path, 'r')
  try {
    readSync(fd, head, 0, 4, 0)
  } finally {
    closeSync(fd)
  }
  return isEncryptedAttachment(head)
}
