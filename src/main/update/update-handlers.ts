import type { SettingsStore } from '../../core/settings'
import type { ContractHandlers } from '../../shared/contract'
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
}): UpdateHandlers {
  const { updates, settings } = services
  return {
    updateStatus: () => updates.view(),
    updateSetPreferences: async (preferences) => {
      // Saved first: a preference the window showed as set survives a restart.
      await settings.update((current) => ({ ...current, updates: preferences }))
      return updates.setPreferences(preferences)
    },
    updateCheck: () => updates.checkNow(),
    updateDownload: () => updates.download(),
    updateRestart: () => updates.restart(),
  }
}
