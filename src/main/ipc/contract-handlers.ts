import type { ApiKeyStore } from '../../core/secrets'
import {
  profilesView,
  whyProfileNotReady,
  type Settings,
  type SettingsStore,
} from '../../core/settings'
import type { ContractHandlers, ContractOutput, KeyStatus, ProfileId } from '../../shared/contract'
import type { AppCoreProfile } from '../core-host/app-core'
import type { CoreHost } from '../core-host/core-host'
import type { PushEvent } from './push-events'

/** What the handlers work with; each is a plain object, so tests pass real ones or doubles. */
export interface ShellServices {
  appInfo: () => ContractOutput<'appInfo'>
  keys: Pick<ApiKeyStore, 'status' | 'setKey' | 'removeKey'>
  settings: Pick<SettingsStore, 'current' | 'update'>
  cores: Pick<CoreHost, 'run' | 'keyChanged'>
  profileFor: (settings: Settings, profileId: ProfileId) => AppCoreProfile
  push: PushEvent
}

/** The shell's own channels; the work channels' handlers are src/core/work-handlers.ts. */
export const SHELL_METHODS = [
  'appInfo',
  'keyStatus',
  'setKey',
  'removeKey',
  'profiles',
  'switchProfile',
  'setRegistryConnection',
] as const
export type ShellHandlers = Pick<ContractHandlers, (typeof SHELL_METHODS)[number]>

/**
 * The shell's handlers: each one wires a call to the service that does the work and tells
 * the window what changed. Nothing here returns or throws the key itself.
 */
export function createShellHandlers(services: ShellServices): ShellHandlers {
  const { keys, settings, cores, push } = services

  const keyChanged = (status: KeyStatus): KeyStatus => {
    push('keyStateChanged', status)
    cores.keyChanged(status.profileId)
    return status
  }

  const profilesChanged = (next: Settings) => {
    const view = profilesView(next)
    push('profileChanged', view)
    return view
  }

  return {
    appInfo: () => services.appInfo(),

    keyStatus: async ({ profileId }) => ({ profileId, ...(await keys.status(profileId)) }),
    setKey: async ({ profileId, key }) =>
      keyChanged({ profileId, ...(await keys.setKey(profileId, key)) }),
    removeKey: async ({ profileId }) =>
      keyChanged({ profileId, ...(await keys.removeKey(profileId)) }),

    profiles: () => profilesView(settings.current),

    switchProfile: async ({ profileId }) => {
      const current = settings.current
      if (current.activeProfile === profileId) return profilesView(current)
      const notReady = whyProfileNotReady(current, profileId)
      if (notReady) throw new Error(notReady)
      try {
        await cores.run(services.profileFor(current, profileId))
      } catch (error) {
        // Go back to the profile that was running, so a failed switch leaves a working app.
        await cores.run(services.profileFor(current, current.activeProfile)).catch(() => undefined)
        throw error
      }
      return profilesChanged(await settings.update((s) => ({ ...s, activeProfile: profileId })))
    },

    setRegistryConnection: async (connection) => {
      const next = await settings.update((s) => ({ ...s, registry: connection }))
      if (next.activeProfile === 'registry') await cores.run(services.profileFor(next, 'registry'))
      return profilesChanged(next)
    },
  }
}
