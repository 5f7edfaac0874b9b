import type { ScryptParams } from '../core/encryption/encryption'
import type { SecretBackend } from '../core/secrets/index'
import type { CliIo } from './cli-io'

/** One option of a command (or a global one): `--name VALUE` for strings, `--name` for booleans. */
export interface OptionSpec {
  type: 'string' | 'boolean'
  /** For a string option: what the value is, as shown in usage (`--limit N`). */
  value?: string
  description: string
  short?: string
  /** A string option that may be given many times (`--map A=phone --map B=bvn`): a list. */
  repeatable?: boolean
}

export interface ArgumentSpec {
  name: string
  optional?: boolean
}

/** What a command's implementation receives: parsed, checked arguments, and where to write. */
export interface CommandContext {
  io: CliIo
  env: NodeJS.ProcessEnv
  /** --data-dir as given (resolved by the command), --json. */
  global: GlobalOptions
  /** The command's own options, by long name; absent when not given. */
  options: Readonly<Record<string, string | boolean | readonly string[] | undefined>>
  /** The arguments after the command's name, in order (their number is checked). */
  args: readonly string[]
  /** Aborted on SIGINT/SIGTERM: long commands stop what they are doing and return. */
  signal: AbortSignal
  /** Reads the API key of a profile from the OS keychain (null when none); tests pass their own. */
  readKeychain?: (profileId: string) => Promise<string | null>
  /** Where data folder keys are kept: the OS keychain by default; tests pass their own. */
  folderKeychain?: SecretBackend | null
  /** Asks the user for a passphrase (no echo on a terminal); tests pass their own. */
  readPassphrase?: (prompt: string) => Promise<string>
  /**
   * scrypt's parameters for `key export`, EXPORT_SCRYPT when absent. Tests running the command
   * in their own process pass cheap ones; no option or environment variable sets it.
   */
  keyExportScrypt?: ScryptParams
}

export interface GlobalOptions {
  dataDir?: string
  /** --db-key-file: the data folder's key, for machines with no keychain. */
  dbKeyFile?: string
  /** --ca-file: an extra CA certificate to trust for this run (beside the computer's). */
  caFile?: string
  json: boolean
}

/** A command's implementation: resolves to the exit code. */
export type CommandRun = (context: CommandContext) => Promise<number>

export interface CommandSpec {
  /** One word (`outbox`) or a command and its subcommand (`config set`). */
  name: string
  summary: string
  arguments: readonly ArgumentSpec[]
  options: Readonly<Record<string, OptionSpec>>
  /** Whether --json changes the output (else it only shapes errors). */
  json?: boolean
  /** Lines of explanation shown by `casefile help NAME` under the usage line. */
  details?: readonly string[]
  examples: readonly string[]
  /**
   * Loads the implementation only when the command runs: `casefile outbox` never loads the
   * sandbox server or the spreadsheet readers.
   */
  load: () => Promise<CommandRun>
}
