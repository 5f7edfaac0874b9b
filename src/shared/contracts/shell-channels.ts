/**
 * Channel names of the shell's own work (the app, keys, profiles, the core's status, a shut data
 * folder), with no schema attached so the preload can bundle them. shell.ts pairs each with its
 * schemas; main serves them.
 */
export const SHELL_INVOKE_CHANNELS = {
  appInfo: 'app:info',
  keyStatus: 'key:status',
  setKey: 'key:set',
  removeKey: 'key:remove',
  profiles: 'profiles:get',
  switchProfile: 'profiles:switch',
  setRegistryConnection: 'profiles:set-registry-connection',
  coreStatus: 'core:status',
  folderImportKey: 'folder:import-key',
  folderSetAside: 'folder:set-aside',
} as const

/** Events main pushes of its own: the registry's reachability, keys, profiles, the outbox, the core. */
export const SHELL_EVENT_CHANNELS = {
  onlineChanged: 'event:online-changed',
  keyStateChanged: 'event:key-state-changed',
  profileChanged: 'event:profile-changed',
  outboxChanged: 'event:outbox-changed',
  syncFinished: 'event:sync-finished',
  coreStatus: 'event:core-status',
} as const
