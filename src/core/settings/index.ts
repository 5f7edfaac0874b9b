export { DEFAULT_SETTINGS, settingsSchema, type Settings } from './settings-schema'
export { readSettingsFile, writeSettingsFile, type LoadedSettings } from './settings-file'
export { SettingsStore } from './settings-store'
export {
  SETTINGS_FILE,
  profileDataDir,
  sandboxRegistryDataDir,
  settingsFilePath,
} from './profile-paths'
export { profileKeyAccount, registryChange, type RegistryChange } from './registry-change'
export { PROFILE_NAMES, profilesView, whyProfileNotReady } from './profiles-view'
