import { z } from 'zod'
import { profileIdSchema, registryConnectionSchema } from '../../shared/contracts/shell'
import { updatePreferencesSchema } from '../../shared/contracts/update'

/** The settings file's format; a file with a higher `version` is a newer Casefile's. */
export const SETTINGS_FILE_VERSION = 1

/**
 * The app's settings file (settings.json in the user-data folder). Keys this version does not
 * know (a later Casefile's, of the same version) are kept and written back as they were.
 */
export const settingsSchema = z.looseObject({
  version: z.literal(SETTINGS_FILE_VERSION),
  /** A new install starts on the sandbox, so every feature can be tried without an account. */
  activeProfile: profileIdSchema,
  /** The real registry's addresses; null until someone sets them. Its key is in the keychain. */
  registry: registryConnectionSchema.nullable(),
  /** How the app updates itself; files from before updates existed get the defaults. */
  updates: updatePreferencesSchema.default({ autoDownload: true, channel: 'stable' }),
  /**
   * The Registry profile's extra CA file (PEM or DER): an organization's root, trusted next to
   * the computer's store and the bundled roots. Absent when none is set. Only the path is kept;
   * the core process reads the file at each start.
   */
  registryCaFile: z.string().min(1).max(4096).optional(),
})
export type Settings = z.output<typeof settingsSchema>

export const DEFAULT_SETTINGS: Settings = Object.freeze({
  version: 1,
  activeProfile: 'sandbox',
  registry: null,
  updates: Object.freeze({ autoDownload: true, channel: 'stable' }),
})
