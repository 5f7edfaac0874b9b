import {
  chmodSync,
  closeSync,
  createWriteStream,
  fchmodSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  statSync,
  writeSync,
  type WriteStream,
} from 'node:fs'
import { randomBytes } from 'node:crypto'
import { open, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { UnwrittenReason } from '../shared/contracts/case-export'

// What Casefile writes holds an organization's registry traffic and its investigators' PII
// (BVN, NIN, phone and account numbers): its folders are 0700 and its files 0600, whatever
// the umask, and folders written by an older version (0755/0644) are tightened when opened.
// On Windows the modes mean little: the per-user ACL of the app-data folder keeps other users
// out, and the chmod calls below are skipped.

export const PRIVATE_DIR_MODE = 0o700
export const PRIVATE_FILE_MODE = 0o600

const posix = (platform: NodeJS.Platform = process.platform) => platform !== 'win32'

/** Creates the folder (and missing parents) 0700, or tightens it to 0700 if it exists. */
export function ensurePrivateDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_DIR_MODE })
  if (posix()) tighten(path, PRIVATE_DIR_MODE)
}

/** chmod, except on a folder or file another user owns (a shared mount): that is theirs to set. */
function tighten(path: string, mode: number): void {
  try {
    chmodSync(path, mode)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'EPERM' && code !== 'ENOENT') throw error
  }
}

/** Sets an existing file to 0600; a missing one is left missing. */
export function tightenFile(path: string): void {
  if (posix()) tighten(path, PRIVATE_FILE_MODE)
}

/** Creates an empty 0600 file if none is there (so SQLite's WAL and SHM, made in its image, are 0600 too). */
export function createPrivateFile(path: string): void {
  const fd = openSync(path, 'a', PRIVATE_FILE_MODE)
  try {
    if (posix()) fchmodSync(fd, PRIVATE_FILE_MODE)
  } finally {
    closeSync(fd)
  }
}

/** Writes a new file 0600 from its first byte (never readable by others, not even for a moment), flushed. */
export function writePrivateFile(path: string, data: string | Uint8Array): void {
  const fd = openSync(path, 'w', PRIVATE_FILE_MODE)
  try {
    if (posix()) fchmodSync(fd, PRIVATE_FILE_MODE)
    const bytes = typeof data === 'string' ? Buffer.from(data, 'utf8') : data
    for (let offset = 0; offset < bytes.length;)
      offset += writeSync(fd, bytes, offset, bytes.length - offset)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
}

/**
 * A stream into a file that is 0600 from its first byte, whatever the umask: what Casefile writes
 * for the user holding suspects' data (hits, a screening record, rows to fix, exports). A file
 * that was there (an export written over an older one) is tightened before a byte is written.
 */
export function createPrivateWriteStream(path: string): WriteStream {
  const fd = openSync(path, 'w', PRIVATE_FILE_MODE)
  try {
    if (posix()) fchmodSync(fd, PRIVATE_FILE_MODE)
  } catch (error) {
    closeSync(fd)
    throw error
  }
  return createWriteStream(path, { fd })
}

/** writePrivateFile without holding the thread: for main, which writes what its save dialogs chose. */
export async function writePrivateFileAsync(path: string, data: Uint8Array): Promise<void> {
  const file = await open(path, 'w', PRIVATE_FILE_MODE)
  try {
    if (posix()) await file.chmod(PRIVATE_FILE_MODE)
    await file.writeFile(data)
    await file.sync()
  } finally {
    await file.close()
  }
}

/** A name beside `path` to write it whole under before it takes its own (hidden, random). */
export function besidePath(path: string): string {
  return join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`)
}

/**
 * Writes a file whole, 0600, without holding the thread: under a temporary name beside it, then
 * renamed into place, so a failed write leaves what was there (and no temporary file). What
 * failed is thrown as the system said it (its `code`): the caller words it.
 */
export async function replacePrivateFileAsync(path: string, data: Uint8Array): Promise<void> {
  const temporary = besidePath(path)
  try {
    await writePrivateFileAsync(temporary, data)
    await rename(temporary, path)
  } catch (error) {
    await rm(temporary, { force: true })
    throw error
  }
}

/**
 * Why a write failed, from the system's code, as the reasons a person is told (the words are
 * main's: src/main/files/unwritten-words.ts).
 */
export function writeFailureReason(code: string | undefined): UnwrittenReason {
  switch (code) {
    case 'EACCES':
    case 'EPERM':
    case 'EROFS':
      return 'permission_denied'
    case 'ENOSPC':
    case 'EDQUOT':
    case 'EFBIG':
      return 'disk_full'
    case 'ENOENT':
    case 'ENOTDIR':
      return 'folder_missing'
    case 'EISDIR':
      return 'not_a_file'
    default:
      return 'failed'
  }
}

/**
 * Tightens a folder Casefile owns and everything in it (one level of subfolders, as the data
 * folder has: attachments/): folders 0700, files 0600. Symbolic links are left alone.
 */
export function tightenPrivateTree(path: string, depth = 1): void {
  ensurePrivateDir(path)
  if (!posix()) return
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const child = join(path, entry.name)
    if (entry.isDirectory() && depth > 0) tightenPrivateTree(child, depth - 1)
    else if (entry.isFile() && (statSync(child).mode & 0o777) !== PRIVATE_FILE_MODE)
      tightenFile(child)
  }
}
