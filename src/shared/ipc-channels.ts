/**
 * The names of every IPC channel, with no schema attached, so the preload can bundle this
 * list alone (it must stay one small file that imports only electron). contract.ts pairs
 * each name with its zod schemas; a type check there keeps the two lists equal.
 */
import { FILES_INVOKE_CHANNELS } from './ipc-channels-files'
import { NETWORK_INVOKE_CHANNELS } from './ipc-channels-network'
import { UPDATE_EVENT_CHANNELS, UPDATE_INVOKE_CHANNELS } from './ipc-channels-update'
import { WORK_EVENT_CHANNELS, WORK_INVOKE_CHANNELS } from './ipc-channels-work'

export const INVOKE_CHANNELS = {
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
  ...WORK_INVOKE_CHANNELS,
  ...UPDATE_INVOKE_CHANNELS,
  ...NETWORK_INVOKE_CHANNELS,
  ...FILES_INVOKE_CHANNELS,
} as const

/**
 * Events pushed from main to the renderer. The preload turns each into a subscription
 * `on<Name>(listener)` that returns its unsubscribe function.
 */
export const EVENT_CHANNELS = {
  onlineChanged: 'event:online-changed',
  keyStateChanged: 'event:key-state-changed',
  profileChanged: 'event:profile-changed',
  outboxChanged: 'event:outbox-changed',
  syncFinished: 'event:sync-finished',
  coreStatus: 'event:core-status',
  ...WORK_EVENT_CHANNELS,
  ...UPDATE_EVENT_CHANNELS,
} as const

export type InvokeMethod = keyof typeof INVOKE_CHANNELS
export type InvokeChannel = (typeof INVOKE_CHANNELS)[InvokeMethod]
export type EventName = keyof typeof EVENT_CHANNELS
export type EventChannel = (typeof EVENT_CHANNELS)[EventName]

/** `onlineChanged` → `onOnlineChanged`: the name of an event's subscription on window.casefile. */
export type SubscriptionName<E extends EventName> = `on${Capitalize<E>}`
export function subscriptionName<E extends EventName>(event: E): SubscriptionName<E> {
  return `on${event.charAt(0).toUpperCase()}${event.slice(1)}` as SubscriptionName<E>
}
