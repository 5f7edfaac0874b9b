import { setAsideTarget } from '../../core/set-aside-target'
import { readKeyExport } from '../../core/key-export-file'
import { keyTail, type ApiKeyStore } from '../../core/secrets'
import {
  profileKeyAccount,
  profilesView,
  registryChange,
  whyProfileNotReady,
  type Settings,
  type SettingsStore,
} from '../../core/settings'
import { registryOrigins } from '../../shared/registry-address'
import { registryChangeDialog, registryFirstDialog } from './registry-dialogs'
import type { ContractHandlers, ContractOutput } from '../../shared/contracts'
import type { KeyStatus, ProfileId } from '../../shared/contracts/shell'
import type { AppCoreProfile } from '../../shared/app-core'
import type { CoreHost } from '../core-host/core-host'
import { coreStartErrorOf } from '../../shared/core-start-error'
import type { PushEvent } from './push-events'
import { keyChangeDialog, type Confirm, type ConfirmDialog } from '../security/confirmations'

/** What the handlers work with; each is a plain object, so tests pass real ones or doubles. */
export interface ShellServices {
  appInfo: () => ContractOutput<'appInfo'>
  keys: Pick<ApiKeyStore, 'status' | 'setKey' | 'removeKey'>
  settings: Pick<SettingsStore, 'current' | 'update'>
  cores: Pick<CoreHost, 'run' | 'start' | 'keyChanged' | 'status'>
  profileFor: (settings: Settings, profileId: ProfileId) => AppCoreProfile
  push: PushEvent
  /**
   * Asks the person, in main's own native dialog, before what a script in the page must not do
   * for them: a first or another registry address, setting, replacing or removing a key.
   * Resolves true only on their yes; the window can neither draw nor answer it.
   */
  confirm: Confirm
  /**
   * Asks the person, in main's own open dialog, for a folder key export; resolves its path, or
   * null when the dialog was closed. The window never names a file to read.
   */
  chooseKeyFile: () => Promise<string | null>
}

/** Asked only for the storage state when no registry is set: no key can be set for none. */
const NO_ACCOUNT = 'registry@'

/** The shell's own channels; the work channels' handlers are src/core/work-handlers.ts. */
export const SHELL_METHODS = [
  'appInfo',
  'keyStatus',
  'setKey',
  'removeKey',
  'profiles',
  'switchProfile',
  'setRegistryConnection',
  'coreStatus',
  'folderImportKey',
  'folderSetAside',
] as const
export type ShellHandlers = Pick<ContractHandlers, (typeof SHELL_METHODS)[number]>

/**
 * The shell's handlers: each one wires a call to the service that does the work and tells
 * the window what changed. Nothing here returns or throws the key itself.
 */
export function createShellHandlers(services: ShellServices): ShellHandlers {
  const { keys, settings, cores, push } = services

  const accountFor = (profileId: ProfileId): string => {
    const account = profileKeyAccount(settings.current, profileId)
    if (account === null)
      throw new Error(
        "Set the registry's base URL and upload URL first: the key is kept for that registry only.",
      )
    return account
  }
  const keyStatusOf = async (profileId: ProfileId, current: Settings): Promise<KeyStatus> => {
    const account = profileKeyAccount(current, profileId)
    return account === null
      ? { profileId, ...(await keys.status(NO_ACCOUNT)), set: false, last4: null }
      : { profileId, ...(await keys.status(account)) }
  }

  /** Asks in main; on no, nothing is done and the window is told so in `refusal`'s words. */
  const confirmed = async (words: ConfirmDialog, refusal: string): Promise<void> => {
    if (!(await services.confirm(words))) throw new Error(refusal)
  }

  /** The registry a profile's key speaks to, as the dialogs name it. */
  const keyHolder = (profileId: ProfileId): string =>
    profileId === 'registry' && settings.current.registry
      ? new URL(settings.current.registry.baseUrl).host
      : 'the sandbox registry on this computer'

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

  /**
   * The ways out are offered only while the active folder is shut: a page calling them on a
   * folder that opens must not rename the investigator's data away or restart the core.
   */
  const requireShutFolder = () => {
    if (!cores.status?.folderProblem)
      throw new Error(
        'This data folder opens with its key: there is no key to import and nothing to set aside.',
      )
  }

  const activeProfile = () => services.profileFor(settings.current, settings.current.activeProfile)

  /** Starts the profile's core again, first taking the way out of a lost key. */
  const recover = async (profile: AppCoreProfile, way: AppCoreProfile['recover']) => {
    try {
      await cores.start({ ...profile, recover: way })
    } catch (error) {
      // A failed key import leaves the folder as it was: say why in the panel, in words.
      const start = coreStartErrorOf(error)
      throw new Error(start?.message ?? (error as Error).message)
    }
  }

  return {
    appInfo: () => services.appInfo(),

    coreStatus: () => cores.status,

    folderImportKey: async ({ passphrase }) => {
      requireShutFolder()
      const path = await services.chooseKeyFile()
      if (path === null) return { imported: false }
      const exportText = readKeyExport(path)
      await recover(activeProfile(), { action: 'importKey', exportText, passphrase })
      return { imported: true }
    },

    folderSetAside: async () => {
      requireShutFolder()
      const profile = activeProfile()
      const target = setAsideTarget(profile.dataDir)
      await recover(profile, { action: 'setAside', target })
      return { setAsideAs: target }
    },

    // Each key lives under its registry's origin (profileKeyAccount): the window names only the
    // profile, main decides which keychain entry that is under the current settings.
    keyStatus: ({ profileId }) => keyStatusOf(profileId, settings.current),
    // The key speaks for the organization: which one is used, or none, is confirmed in main.
    setKey: async ({ profileId, key }) => {
      const account = accountFor(profileId)
      const before = await keys.status(account)
      await confirmed(
        keyChangeDialog({ where: keyHolder(profileId), before, after: { last4: keyTail(key) } }),
        before.set
          ? 'The key was not replaced: the change was not confirmed. Casefile keeps the key it had.'
          : 'The key was not saved: it was not confirmed.',
      )
      return keyChanged({ profileId, ...(await keys.setKey(account, key)) })
    },
    removeKey: async ({ profileId }) => {
      const account = accountFor(profileId)
      const before = await keys.status(account)
      if (before.set)
        await confirmed(
          keyChangeDialog({ where: keyHolder(profileId), before }),
          'The key was not removed: the removal was not confirmed.',
        )
      return keyChanged({ profileId, ...(await keys.removeKey(account)) })
    },

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
      // Another registry's origins, or the first: nothing changes, nothing is sent, until the
      // person says yes in main's own dialog. The old core keeps running meanwhile.
      const current = settings.current.registry
      const change = registryChange(current, connection)
      if (change)
        await confirmed(
          registryChangeDialog(change),
          'The registry address was not changed: the change was not confirmed. Casefile keeps sending to the current registry.',
        )
      if (current === null)
        await confirmed(
          registryFirstDialog(registryOrigins(connection)),
          'The registry address was not saved: it was not confirmed.',
        )
      const next = await settings.update((s) => ({ ...s, registry: connection }))
      if (next.activeProfile === 'registry')
        await cores.run({
          ...services.profileFor(next, 'registry'),
          ...(change ? { acceptOriginChange: true } : {}),
        })
      if (change) push('keyStateChanged', await keyStatusOf('registry', next))
      return profilesChanged(next)
    },
  }
}
