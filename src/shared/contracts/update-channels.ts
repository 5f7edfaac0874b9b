/**
 * Channel names of the app's own updates, with no schema attached so the preload can bundle
 * them. update.ts pairs each with its schemas.
 */
export const UPDATE_INVOKE_CHANNELS = {
  updateStatus: 'update:status',
  updateSetPreferences: 'update:set-preferences',
  updateCheck: 'update:check',
  updateDownload: 'update:download',
  updateRestart: 'update:restart',
} as const

export const UPDATE_EVENT_CHANNELS = {
  updateChanged: 'event:update-changed',
} as const
