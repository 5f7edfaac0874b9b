import { EXIT } from './exit-codes'

/**
 * The stable `code` of a failure in `--json` output (README.md lists them): one per kind of
 * fix, so a script can branch on it without reading the message.
 */
export type CliErrorCode =
  /** The command line is wrong: unknown command or option, a missing or extra argument. */
  | 'usage'
  /** A file, folder or value given is wrong or cannot be read; the message says which and why. */
  | 'invalid_input'
  /** The registry refused the request itself (not the key). */
  | 'registry_refused'
  /** The registry cannot be reached or is unavailable for now; nothing is lost. */
  | 'registry_unreachable'
  /** The API key is missing or was refused. */
  | 'unauthorized'
  /** The network refused before the registry was asked: a certificate, a proxy (exit 3). */
  | 'network_refused'
  /** Another Casefile process is syncing this data folder. */
  | 'busy'
  /** The data folder is encrypted and no key for it was found (exit 6). */
  | 'folder_key_missing'
  /** The key found does not open the data folder (exit 6). */
  | 'folder_key_wrong'
  /** A new folder's key cannot be kept: no OS keychain, and none given (exit 6). */
  | 'folder_key_unavailable'
  /** Stopped by SIGINT or SIGTERM. */
  | 'interrupted'
  /** Casefile itself failed: a bug. */
  | 'internal'

/** A failure the user can act on: printed as one message, never a stack, with its exit code. */
export class CliError extends Error {
  override name = 'CliError'
  readonly exitCode: number
  readonly code: CliErrorCode

  constructor(message: string, options: { exitCode?: number; code?: CliErrorCode } = {}) {
    super(message)
    this.exitCode = options.exitCode ?? EXIT.usage
    this.code = options.code ?? (this.exitCode === EXIT.usage ? 'invalid_input' : 'internal')
  }
}

/** The command line itself is wrong (exit 1, code "usage"). */
export class UsageError extends CliError {
  override name = 'UsageError'
  constructor(message: string) {
    super(message, { exitCode: EXIT.usage, code: 'usage' })
  }
}
