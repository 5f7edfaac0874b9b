import type { WorkHandlers } from '../../shared/contracts/work'
import type { CoreContext } from '../core-context'
import type { RegistryConnection } from './registry'
import { checkConnection, DEFAULT_UPDATE_FEED_URL } from './connection-check'
import { formatConnectionReport } from './connection-report'
import type { NetworkSettings } from '../network/network'

/** What the connection check needs of the running core's start: its registry, key and network. */
export interface ConnectionCheckSource {
  connection: RegistryConnection
  network: NetworkSettings
  getApiKey: () => Promise<string | undefined>
  timeoutMs?: number
}

/** Settings → Check connection: the doctor's checks, over what the core sends with. */
export function connectionCheckHandlers(
  core: () => CoreContext,
  source?: () => ConnectionCheckSource,
): Pick<WorkHandlers, 'connectionCheck'> {
  return {
    connectionCheck: async () => {
      core()
      const from = source?.()
      if (!from) throw new Error('This build of Casefile cannot check the connection.')
      const report = await checkConnection({ ...from, updateFeedUrl: DEFAULT_UPDATE_FEED_URL })
      return { ...report, text: formatConnectionReport(report) }
    },
  }
}
