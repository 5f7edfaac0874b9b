import type { ProxyResolver } from '../../core/network/network'
import type { ApiKeyStore } from '../../core/secrets'
import {
  profileDataDir,
  profileKeyAccount,
  sandboxRegistryDataDir,
  type Settings,
} from '../../core/settings'
import type { ProfileId } from '../../shared/contracts/shell'
import type { AppCoreProfile } from '../../shared/app-core'

/**
 * What the core of one profile is started with, from the settings and the user-data folder;
 * `resolveProxy` is the computer's proxy (main's osProxyResolver), absent under plain Node.
 */
export function appCoreProfile(
  settings: Settings,
  profileId: ProfileId,
  userDataDir: string,
  keys: Pick<ApiKeyStore, 'getKey'>,
  resolveProxy?: ProxyResolver,
): AppCoreProfile {
  if (profileId === 'registry' && settings.registry === null)
    throw new Error(
      "The Registry profile has no addresses yet: set the registry's base URL and upload URL first.",
    )
  return {
    id: profileId,
    dataDir: profileDataDir(userDataDir, profileId),
    registry: profileId === 'registry' ? settings.registry : null,
    // The key of this profile's registry (bound to its origin), read at each request.
    getApiKey: async () => {
      const account = profileKeyAccount(settings, profileId)
      return account === null ? null : keys.getKey(account)
    },
    sandboxRegistryDir: profileId === 'sandbox' ? sandboxRegistryDataDir(userDataDir) : null,
    ...(resolveProxy ? { resolveProxy } : {}),
    // The organization's CA is for the real registry; the sandbox is http on this computer.
    ...(profileId === 'registry' && settings.registryCaFile
      ? { caFile: settings.registryCaFile }
      : {}),
  }
}
