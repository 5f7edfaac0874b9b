import type { SettingsStore } from '../../core/settings'
import type { ContractHandlers } from '../../shared/contracts'
import { installUpdateDialog, updateChannelDialog, type Confirm } from '../security/confirmations'
import type { UpdateController } from './update-controller'

export const UPDATE_METHODS = [
  'updateStatus',
  'updateSetPreferences',
  'updateCheck',
  'updateDownload',
  'updateRestart',
] as const
export type UpdateHandlers = Pick<ContractHandlers, (typeof UPDATE_METHODS)[number]>

/** The window's update calls: each asks the controller, which answers with what it shows. */
export function createUpdateHandlers(services: {
  updates: UpdateController
  settings: Pick<SettingsStore, 'update'>
  /**
   * Main's native dialog: a change of channel and installing an update are confirmed by the
   * person, never done by the page alone (see contract-handlers.ts).
   */
  confirm: Confirm
}): UpdateHandlers {
  const { updates, settings, confirm } = services
  return {
    updateStatus: () => updates.view(),
    updateSetPreferences: async (preferences) => {
      const from = updates.view().preferences.channel
      if (
        preferences.channel !== from &&
        !(await confirm(updateChannelDialog(from, preferences.channel)))
      )
        throw new Error(
          `The update channel was not changed: the change was not confirmed. Casefile keeps updating from ${from}.`,
        )
      // Saved first: a preference the window showed as set survives a restart.
      await settings.update((current) => ({ ...current, updates: preferences }))
      return updates.setPreferences(preferences)
    },
    updateCheck: () => updates.checkNow(),
    updateDownload: () => updates.download(),
    updateRestart: async () => {
      const view = updates.view()
      // Only a downloaded update installs; asking before anything is there would ask for nothing.
      if (
        view.phase === 'downloaded' &&
        !(await confirm(installUpdateDialog(view.currentVersion, view.version)))
      )
        return view
      return updates.restart()
    },
  }
}
