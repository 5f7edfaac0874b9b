import { readCaFile as readCaFileFromDisk } from '../../core/network/network'
import type { ProxyCredentialStore } from '../../core/secrets'
import type { Settings, SettingsStore } from '../../core/settings'
import type { ContractHandlers } from '../../shared/contracts'
import type { ProfileId } from '../../shared/contracts/shell'
import type { ConnectionSettingsView } from '../../shared/contracts/network'
import type { AppCoreProfile } from '../../shared/app-core'
import type { CoreHost } from '../core-host/core-host'

export const NETWORK_METHODS = [
  'connectionSettings',
  'chooseCaFile',
  'clearCaFile',
  'setProxyCredentials',
] as const
export type NetworkHandlers = Pick<ContractHandlers, (typeof NETWORK_METHODS)[number]>

export interface NetworkServices {
  settings: Pick<SettingsStore, 'current' | 'update'>
  cores: Pick<CoreHost, 'run' | 'keyChanged'>
  profileFor: (settings: Settings, profileId: ProfileId) => AppCoreProfile
  proxyCredentials: Pick<ProxyCredentialStore, 'set'>
  /**
   * Asks the person, in main's own open dialog, for the organization's CA file; resolves its
   * path, or null when the dialog was closed. The window never names a file.
   */
  chooseCaFile: () => Promise<string | null>
  /** Reads and checks a CA file (certificate-trust.ts's readCaFile; a double in tests). */
  readCaFile?: typeof readCaFileFromDisk
  now?: () => number
}

/**
 * The window's calls about how Casefile reaches the registry from this computer: the
 * organization's CA file (chosen in main's dialog, checked, kept in settings.json, and the
 * Registry profile's core restarted with it) and a proxy's user name and password (kept in the
 * keychain; sending paused for them resumes). Nothing here returns a password.
 */
export function createNetworkHandlers(services: NetworkServices): NetworkHandlers {
  const { settings, cores } = services
  const readCaFile = services.readCaFile ?? readCaFileFromDisk
  const now = services.now ?? Date.now

  const view = (current: Settings): ConnectionSettingsView => {
    const path = current.registryCaFile
    if (!path) return { caFile: null }
    try {
      const { certificates } = readCaFile(path)
      return {
        caFile: {
          path,
          certificates: certificates.map(({ subject, issuer, validTo }) => ({
            subject,
            issuer,
            validTo,
            expired: new Date(validTo).getTime() < now(),
          })),
          problem: null,
        },
      }
    } catch (error) {
      return {
        caFile: {
          path,
          certificates: [],
          problem: `${error instanceof Error ? error.message : String(error)} Until it is fixed, Casefile trusts this computer's certificates and its own.`,
        },
      }
    }
  }

  /** The Registry profile's core reads the CA file at start: start it again if it is the one running. */
  const restartRegistryCore = async (next: Settings) => {
    if (next.activeProfile === 'registry') await cores.run(services.profileFor(next, 'registry'))
  }

  return {
    connectionSettings: () => view(settings.current),

    chooseCaFile: async () => {
      const path = await services.chooseCaFile()
      if (path === null) return { chosen: false, settings: view(settings.current) }
      // Checked before it is kept: a file that holds no certificate is refused, in words.
      readCaFile(path)
      const next = await settings.update((s) => ({ ...s, registryCaFile: path }))
      await restartRegistryCore(next)
      return { chosen: true, settings: view(next) }
    },

    clearCaFile: async () => {
      if (!settings.current.registryCaFile) return view(settings.current)
      const next = await settings.update(({ registryCaFile: _removed, ...rest }) => rest)
      await restartRegistryCore(next)
      return view(next)
    },

    setProxyCredentials: async ({ proxy, username, password }) => {
      const kept = await services.proxyCredentials.set(proxy, { username, password })
      // As after a new key: sending paused for the proxy's password goes on, nothing retried by hand.
      cores.keyChanged(settings.current.activeProfile)
      return { proxy, ...kept }
    },
  }
}
