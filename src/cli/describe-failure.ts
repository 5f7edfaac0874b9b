import { InputError } from '../core/input-error'
import { NewerCasefileError } from '../core/newer-casefile'
import { isRegistryError } from '../core/registry-error'
import { CliError } from './cli-error'
import { inputErrorSaid } from './core-words'
import { EXIT } from './exit-codes'
import { CLI_FIXES } from './network-words'
import { storedErrorSaid } from '../core/network/network'

type ErrnoError = Error & { code: string; path?: string; syscall?: string }

const isErrno = (error: unknown): error is ErrnoError =>
  error instanceof Error &&
  typeof (error as ErrnoError).code === 'string' &&
  /^E[A-Z]+$/.test((error as ErrnoError).code)

/**
 * A file-system failure in words: which path, what is wrong with it, what to do. `path` names
 * the file when the error does not (reading a folder gives EISDIR without one).
 */
export function describeFileError(error: unknown, fallbackPath?: string): string | null {
  if (!isErrno(error)) return null
  const path = error.path ?? fallbackPath ?? 'A file'
  switch (error.code) {
    case 'ENOENT':
      return `${path} does not exist. Check the path (relative paths start from the current folder).`
    case 'EISDIR':
      return `${path} is a folder; give a file.`
    case 'ENOTDIR':
      return `${path} goes through something that is a file, not a folder. Check the path.`
    case 'EACCES':
    case 'EPERM':
      return `${path} cannot be ${error.syscall === 'open' || error.syscall === 'read' ? 'read' : 'used'}: permission denied. Check its permissions or choose another.`
    case 'ELOOP':
      return `${path} is a symbolic link that points back to itself. Give the real file.`
    case 'EEXIST':
      return `${path} is in the way: something already exists there.`
    case 'ENOSPC':
      return `The disk is full (writing ${path}). Free some space and run the command again; nothing queued was lost.`
    case 'EROFS':
      return `${path} is on a read-only disk. Choose a data folder you can write to.`
    case 'EMFILE':
    case 'ENFILE':
      return 'Too many files are open on this computer. Close some programs and try again.'
    default:
      return null
  }
}

/**
 * better-sqlite3's errors carry SQLITE_* codes. `database` names the file as the sentence says
 * it: the folder's database in general, or its path where the folder is known (open-store.ts).
 */
export function describeSqliteError(
  error: Error & { code?: string },
  database = "The data folder's database (casefile.db)",
): string | null {
  if (error.name !== 'SqliteError' || typeof error.code !== 'string') return null
  if (error.code.startsWith('SQLITE_NOTADB') || error.code.startsWith('SQLITE_CORRUPT'))
    return `${database} is damaged or is not a Casefile database. Keep a copy of it, then move it aside: Casefile starts a new one (queued work in the old file is not sent).`
  if (error.code.startsWith('SQLITE_FULL'))
    return 'The disk is full. Free some space and run the command again; nothing queued was lost.'
  if (error.code.startsWith('SQLITE_READONLY') || error.code.startsWith('SQLITE_CANTOPEN'))
    return `${database} cannot be opened for writing. Check the folder's permissions.`
  if (error.code.startsWith('SQLITE_BUSY'))
    return 'Another Casefile process kept the database busy for too long. Try again when it is done.'
  return null
}

/**
 * Turns whatever a command threw into a CliError: a message that says what to fix and the
 * documented exit code. Only a bug (an error nobody anticipated) becomes "internal" (exit 70).
 */
export function describeFailure(error: unknown): CliError {
  if (error instanceof CliError) return error
  // An unknown job, item or alert number, or input the core cannot use: the person's to fix.
  if (error instanceof InputError) return new CliError(inputErrorSaid(error))
  // A folder or settings file of a newer Casefile: nothing was changed; install that version.
  if (error instanceof NewerCasefileError) return new CliError(error.message)
  if (isRegistryError(error)) {
    const said = storedErrorSaid(
      { message: error.message, refusal: error.networkRefusal, kind: error.kind },
      CLI_FIXES,
    )
    if (error.kind === 'unauthorized' && !error.networkRefusal)
      return new CliError(said, { exitCode: EXIT.unauthorized, code: 'unauthorized' })
    // The network refused (a certificate, a proxy): the message names the fix; exit 3 as offline.
    if (error.networkRefusal || error.kind === 'proxy_auth')
      return new CliError(said, { exitCode: EXIT.offline, code: 'network_refused' })
    if (error.retryable)
      return new CliError(`${error.message} Try again later; nothing was lost.`, {
        exitCode: EXIT.offline,
        code: 'registry_unreachable',
      })
    if (error.kind === 'cancelled')
      return new CliError('Stopped before the registry answered.', {
        exitCode: EXIT.interruptedSigint,
        code: 'interrupted',
      })
    return new CliError(error.message, { exitCode: EXIT.usage, code: 'registry_refused' })
  }
  const fileProblem = describeFileError(error)
  if (fileProblem) return new CliError(fileProblem)
  if (error instanceof Error) {
    const message = describeSqliteError(error)
    if (message) return new CliError(message)
  }
  const detail = error instanceof Error ? error.message : String(error)
  return new CliError(
    `Casefile failed unexpectedly: ${detail}\nThis is a bug. Run the command again with CASEFILE_DEBUG=1 to see where, and report it.`,
    { exitCode: EXIT.internal, code: 'internal' },
  )
}
