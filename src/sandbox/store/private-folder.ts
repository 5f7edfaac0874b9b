import { chmodSync, closeSync, fchmodSync, mkdirSync, openSync } from 'node:fs'

// The uploads and reports a sandbox holds are what reporters sent (made-up PII in demos, real
// looking in training): its folders are 0700 and its files 0600, whatever the umask. On
// Windows the per-user ACL of the folder does this job and the modes are not set.

const posix = process.platform !== 'win32'

/** chmod, except on what another user owns (a shared mount) or what is not there. */
function tighten(path: string, mode: number): void {
  try {
    chmodSync(path, mode)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code !== 'EPERM' && code !== 'ENOENT') throw error
  }
}

/** Creates the folder (and missing parents) 0700, or tightens it to 0700 if it exists. */
export function ensurePrivateDir(path: string): void {
  mkdirSync(path, { recursive: true, mode: 0o700 })
  if (posix) tighten(path, 0o700)
}

/** Sets an existing file to 0600; a missing one stays missing. */
export function tightenFile(path: string): void {
  if (posix) tighten(path, 0o600)
}

/** Creates an empty 0600 file unless one is there, so SQLite's -wal and -shm, made in its image, are 0600 too. */
export function createPrivateFile(path: string): void {
  const fd = openSync(path, 'a', 0o600)
  try {
    if (posix) fchmodSync(fd, 0o600)
  } finally {
    closeSync(fd)
  }
}
