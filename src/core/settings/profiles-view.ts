import type { ProfileId, ProfilesView } from '../../shared/contracts/shell'
import type { Settings } from './settings-schema'

export const PROFILE_NAMES: Record<ProfileId, string> = { sandbox: 'Sandbox', registry: 'Registry' }

/** The connection profiles as the renderer shows them. */
export function profilesView(settings: Settings): ProfilesView {
  return {
    active: settings.activeProfile,
    profiles: [
      { id: 'sandbox', name: PROFILE_NAMES.sandbox, baseUrl: null, uploadUrl: null, ready: true },
      {
        id: 'registry',
        name: PROFILE_NAMES.registry,
        baseUrl: settings.registry?.baseUrl ?? null,
        uploadUrl: settings.registry?.uploadUrl ?? null,
        ready: settings.registry !== null,
      },
    ],
  }
}

/** Why a profile cannot be switched to, in words that say what to do; null when it can. */
export function whyProfileNotReady(settings: Settings, profileId: ProfileId): string | null {
  if (profileId === 'registry' && settings.registry === null)
    return "Set the registry's base URL and upload URL before switching to the Registry profile."
  return null
}
