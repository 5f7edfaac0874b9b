import { type Core, openCore } from '../core/open-core'
import { keyAccount } from '../shared/registry-address'
import { resolve } from 'node:path'
import {
  CaFileError,
  readCaFile,
  environmentProxyResolver,
  type NetworkSettings,
} from '../core/network/network'
import { requireConnection, resolveDataDir, type Connection } from './cli-context'
import { CliError } from './cli-error'
import type { CommandContext } from './command-line-spec'
import { openCliFolder } from './folder-access'
import { folderStorageFailure } from './folder-failure'
import { databaseOpenFailure } from './open-store'

/**
 * How this run reaches the registry: the proxy from the environment as curl reads it, and the
 * computer's certificates plus the extra CA file (--ca-file for this run, else the folder's).
 */
export function cliNetworkSettings(
  context: CommandContext,
  connection: Connection,
): NetworkSettings {
  const caFile = context.global.caFile ?? connection.caFile
  let extraCaPems: string[] | undefined
  if (caFile) {
    try {
      extraCaPems = readCaFile(resolve(caFile)).pems
    } catch (error) {
      if (error instanceof CaFileError)
        throw new CliError(
          `${error.message}${context.global.caFile ? '' : ' (It is the CA file set with `casefile config set --ca-file`; set another, or --clear-ca-file.)'}`,
        )
      throw error
    }
  }
  return { resolveProxy: environmentProxyResolver(context.env), extraCaPems }
}

/** Opens the core of the data folder, with the key from CASEFILE_API_KEY or the keychain (never from disk). */
export async function openCliCore(
  context: CommandContext,
  options: { acceptOriginChange?: boolean } = {},
): Promise<Core> {
  const dataDir = await resolveDataDir(context.global, context.env)
  const connection = await requireConnection(dataDir, context.env)
  const folderKey = await openCliFolder(context, dataDir)
  const fromEnv = context.env['CASEFILE_API_KEY']?.trim()
  const readKeychain =
    context.readKeychain ??
    (async (account: string) =>
      (await import('../core/secrets')).createKeychainKeyStore().getKey(account))
  // The key of this registry only: `registry@https://host[:port]`, as the app files it.
  const account = keyAccount(connection.profileId, connection.baseUrl)
  const network = cliNetworkSettings(context, connection)
  try {
    return openCore({
      dataDir,
      folderKey,
      connection: { baseUrl: connection.baseUrl, uploadUrl: connection.uploadUrl },
      userAgent: 'Casefile-CLI',
      getApiKey: async () => fromEnv || ((await readKeychain(account)) ?? undefined),
      acceptOriginChange: options.acceptOriginChange === true,
      network,
    })
  } catch (error) {
    throw databaseOpenFailure(error, dataDir)
  }
}

/** Runs `work` with the data folder's core open, and closes it after (releasing the lease). */
export async function withCore<T>(
  context: CommandContext,
  work: (core: Core) => Promise<T> | T,
): Promise<T> {
  const core = await openCliCore(context)
  try {
    return await work(core)
  } catch (error) {
    // A full disk, a disk error, the folder deleted under the command: said naming the folder.
    throw folderStorageFailure(error, core.dataDir) ?? error
  } finally {
    // Interrupted: in-flight requests are aborted at once and left to reconciliation.
    await core.close(context.signal.aborted ? 0 : undefined)
  }
}
