import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs'

/**
 * Reading a file that a person or another program could have replaced (a data folder's
 * connection.json or casefile-folder.json, settings.json, a key file, a CA file). Opened with
 * O_NONBLOCK and checked with fstat before a byte is read: a FIFO in its place would block the
 * open or the read for ever (and a blocked synchronous read does not even let SIGTERM stop the
 * process), a device such as /dev/zero never ends. Only a regular file of a bounded size is read.
 * The check is on the descriptor that is read, so nothing can be swapped in between.
 */

export type RegularFileProblem = 'missing' | 'unreadable' | 'not-a-file' | 'too-large'

/** Why a file was not read; the callers turn it into a sentence about their own file. */
export class RegularFileError extends Error {
  override name = 'RegularFileError'
  constructor(
    readonly problem: RegularFileProblem,
    readonly path: string,
    /** What is wrong, to follow the file's name: "is a named pipe, not a file". */
    readonly why: string,
    /** The errno code, for 'missing' and 'unreadable'. */
    readonly code?: string,
  ) {
    super(`${path} ${why}.`)
  }
}

/** What it is, in a word a person knows, for a file that is not a regular one. */
export function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a folder'
  if (stats.isFIFO()) return 'a named pipe'
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device'
  if (stats.isSocket()) return 'a socket'
  return 'something other than a file'
}

/**
 * Opens `path` without blocking, checks it is a regular file and calls `use` with its
 * descriptor and stats; the descriptor is closed afterwards whatever happens.
 */
export function withRegularFile<T>(path: string, use: (fd: number, stats: Stats) => T): T {
  let fd: number
  try {
    // O_NONBLOCK: opening a FIFO with no writer returns at once instead of waiting for one
    // (Windows has no such flag and no FIFOs at a file path).
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0))
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR')
      throw new RegularFileError('missing', path, 'does not exist', code)
    if (code === 'EISDIR') throw new RegularFileError('not-a-file', path, 'is a folder, not a file')
    throw new RegularFileError(
      'unreadable',
      path,
      `cannot be read (${code ?? (error as Error).message})`,
      code,
    )
  }
  try {
    const stats = fstatSync(fd)
    if (!stats.isFile())
      throw new RegularFileError('not-a-file', path, `is ${kindOf(stats)}, not a file`)
    return use(fd, stats)
  } finally {
    closeSync(fd)
  }
}

/**
 * The bytes of the regular file at `path`, at most `maxBytes` of them: a larger file (or one that
 * grows while it is read) is refused, not cut. Throws a RegularFileError saying why otherwise.
 */
export function readRegularFile(
  path: string,
  options: {
    maxBytes: number
    /** Runs on the open file's stats before a byte is read (a mode check); throws to refuse. */
    check?: (stats: Stats) => void
  },
): Buffer {
  const { maxBytes } = options
  const tooLarge = (size: number) =>
    new RegularFileError('too-large', path, `is larger than ${maxBytes} bytes (${size} or more)`)
  return withRegularFile(path, (fd, stats) => {
    options.check?.(stats)
    if (stats.size > maxBytes) throw tooLarge(stats.size)
    // Room for what fstat said and a byte more, so a file that grew since is seen; it grows up
    // to one byte past the bound (files such as /proc's say 0 and have more).
    let buffer = Buffer.alloc(Math.min(maxBytes, Math.max(stats.size, 4096)) + 1)
    let read = 0
    for (;;) {
      if (read === buffer.length) {
        const larger = Buffer.alloc(Math.min(maxBytes + 1, buffer.length * 2))
        buffer.copy(larger)
        buffer = larger
      }
      let n: number
      try {
        n = readSync(fd, buffer, read, buffer.length - read, read)
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code
        throw new RegularFileError('unreadable', path, `cannot be read (${code})`, code)
      }
      if (n === 0) break
      read += n
      if (read > maxBytes) throw tooLarge(read)
    }
    return buffer.subarray(0, read)
  })
}
