import { join } from 'node:path'
import { PROFILE_IDS, type ProfileId } from '../../shared/contracts/shell'

export const SETTINGS_FILE = 'settings.json'

/** The settings file in the app's user-data folder (Electron's app.getPath('userData')). */
export function settingsFilePath(userDataDir: string): string {
  return join(userDataDir, SETTINGS_FILE)
}

/**
 * The data folder of one connection profile: its store, outbox and attachments. Each profile
 * has its own, so sandbox drafts never reach the real registry and switching back finds
 * everything as it was.
 */
export function profileDataDir(userDataDir: string, profileId: ProfileId): string {
  // The type is gone at run time (the CLI passes strings): only the known ids make a folder name.
  if (!(PROFILE_IDS as readonly string[]).includes(profileId))
    throw new Error(
      `Unknown connection profile "${profileId}": use one of ${PROFILE_IDS.join(', ')}.`,
    )
  return join(userDataDir, 'profiles', profileId)
}

/** Where the app's own sandbox registry server keeps its database and uploads. */
export function sandboxRegistryDataDir(userDataDir: string): string {
  return join(userDataDir, 'sandbox-registry')
}
