import {
  DB_KEY_ENV,
  FolderKeyError,
  type FolderKeySource,
  openDataFolder,
} from '../core/encryption/encryption'
import { CliError } from './cli-error'
import { folderKeySaid } from './core-words'
import type { CommandContext } from './command-line-spec'
import { EXIT } from './exit-codes'
import { folderStorageFailure, NOTHING_CHANGED } from './folder-failure'

// The data folder's key for a CLI run. Light on purpose: `casefile outbox` opens the store
// through it without loading the core.

/** Where this run finds data folder keys: the keychain, CASEFILE_DB_KEY, --db-key-file. */
export async function folderKeySource(context: CommandContext): Promise<FolderKeySource> {
  const keychain =
    context.folderKeychain !== undefined
      ? context.folderKeychain
      : (await import('../core/secrets/index')).keyringBackend()
  return { keychain, envKey: context.env[DB_KEY_ENV], keyFile: context.global.dbKeyFile }
}

/** The folder's key (a new folder gets one; a plain one is encrypted), or exit 6 saying why. */
export async function openCliFolder(context: CommandContext, dataDir: string): Promise<Buffer> {
  try {
    return (await openDataFolder(dataDir, await folderKeySource(context))).key
  } catch (error) {
    // A full disk is said as full, never as a wrong key.
    throw folderStorageFailure(error, dataDir, NOTHING_CHANGED) ?? folderKeyFailure(error)
  }
}

export function folderKeyFailure(error: unknown): unknown {
  if (!(error instanceof FolderKeyError)) return error
  const hint =
    error.problem === 'missing' || error.problem === 'wrong'
      ? '\nTo import the key: casefile key import FILE. To start a new folder: casefile folder set-aside.'
      : ''
  const code = (
    {
      missing: 'folder_key_missing',
      wrong: 'folder_key_wrong',
      'no-keychain': 'folder_key_unavailable',
      'bad-key': 'invalid_input',
      damaged: 'invalid_input',
    } as const
  )[error.problem]
  return new CliError(`${folderKeySaid(error)}${hint}`, {
    exitCode: code === 'invalid_input' ? EXIT.usage : EXIT.folderKey,
    code,
  })
}
