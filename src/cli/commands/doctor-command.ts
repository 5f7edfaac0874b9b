import {
  checkConnection,
  DEFAULT_UPDATE_FEED_URL,
  formatConnectionReport,
} from '../../core/registry/registry'
import { keyAccount } from '../../shared/registry-address'
import { requireConnection, resolveDataDir } from '../cli-context'
import { printJson } from '../cli-io'
import type { CommandRun } from '../command-line-spec'
import { EXIT } from '../exit-codes'
import { CLI_FIXES } from '../network-words'
import { cliNetworkSettings } from '../open-core'

/**
 * casefile doctor: the connection check, without opening the data folder's database (IT can run
 * it with no folder key). The key comes from where sync takes it, and only its acceptance shows.
 */
export const run: CommandRun = async (context) => {
  const dataDir = await resolveDataDir(context.global, context.env)
  const connection = await requireConnection(dataDir, context.env)
  const fromEnv = context.env['CASEFILE_API_KEY']?.trim()
  const readKeychain =
    context.readKeychain ??
    (async (account: string) =>
      (await import('../../core/secrets')).createKeychainKeyStore().getKey(account))
  const account = keyAccount(connection.profileId, connection.baseUrl)
  const report = await checkConnection({
    connection,
    network: cliNetworkSettings(context, connection),
    getApiKey: async () =>
      fromEnv || ((await readKeychain(account).catch(() => null)) ?? undefined),
    updateFeedUrl: context.env['CASEFILE_UPDATE_FEED_URL']?.trim() || DEFAULT_UPDATE_FEED_URL,
    fixes: CLI_FIXES,
  })
  const exitCode = report.ok ? EXIT.ok : EXIT.offline
  // The JSON as it always was: a check's fix is for a window's control; the words name the CLI's.
  const checks = report.checks.map(({ fix: _fix, ...check }) => check)
  if (context.global.json) printJson(context.io, { ...report, checks, exitCode })
  else context.io.out(formatConnectionReport(report))
  return exitCode
}
