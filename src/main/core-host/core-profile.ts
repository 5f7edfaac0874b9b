import type { ApiKeyStore } from '../../core/secrets'
import {
  profileDataDir,
  profileKeyAccount,
  sandboxRegistryDataDir,
  type Settings,
} from '../../core/settings'
import type { ProfileId } from '../../shared/contract'
import type { AppCoreProfile } from './app-core'

/** What the core of one profile is started with, from the settings and the user-data folder. */
export function appCoreProfile(
  settings: Settings,
  profileId: ProfileId,
  userDataDir: string,
  keys: Pick<ApiKeyStore, 'getKey'>,
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
  }
}
