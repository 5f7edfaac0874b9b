import { z } from 'zod'
import { UPDATE_EVENT_CHANNELS as E, UPDATE_INVOKE_CHANNELS as C } from './update-channels'

// The app's own updates, as the window sees them: what is on offer, how far it got, and the
// organization's preferences (automatic download, channel). The decisions are main's
// (src/main/update/update-policy.ts); the window only shows them and asks.

export const updateChannelSchema = z.enum(['stable', 'beta'])

export const updatePreferencesSchema = z.strictObject({
  /** Off for organizations that manage installs: the window then offers "Download". */
  autoDownload: z.boolean(),
  channel: updateChannelSchema,
})
export type UpdatePreferencesInput = z.input<typeof updatePreferencesSchema>

export const updateViewSchema = z.strictObject({
  currentVersion: z.string(),
  phase: z.enum([
    'unsupported',
    'idle',
    'checking',
    'available',
    'downloading',
    'downloaded',
    'failed',
  ]),
  /** Why this copy is not updated by the app (a .deb install, a development build). */
  unsupportedReason: z.string().nullable(),
  /** The version on offer: found, downloading or downloaded. */
  version: z.string().nullable(),
  percent: z.number().min(0).max(100).nullable(),
  lastCheckAt: z.iso.datetime().nullable(),
  error: z.string().nullable(),
  /** "Restart to update" was pressed while a report was sending or an import ran. */
  restartWhenIdle: z.boolean(),
  /** A downloaded update is installed when the app next quits, restart or not. */
  installsOnQuit: z.boolean(),
  preferences: updatePreferencesSchema,
})
export type UpdateView = z.infer<typeof updateViewSchema>

export const updateContract = {
  updateStatus: { channel: C.updateStatus, input: z.undefined(), output: updateViewSchema },
  updateSetPreferences: {
    channel: C.updateSetPreferences,
    input: updatePreferencesSchema,
    output: updateViewSchema,
  },
  updateCheck: { channel: C.updateCheck, input: z.undefined(), output: updateViewSchema },
  updateDownload: { channel: C.updateDownload, input: z.undefined(), output: updateViewSchema },
  updateRestart: { channel: C.updateRestart, input: z.undefined(), output: updateViewSchema },
}

export const updateEventContract = {
  updateChanged: { channel: E.updateChanged, payload: updateViewSchema },
}
