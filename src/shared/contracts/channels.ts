/**
 * The names of every IPC channel, with no schema attached, so the preload can bundle this
 * list alone (it must stay one small file that imports only electron: a feature's contract file
 * imports zod, which a sandboxed preload cannot load). Each feature's names are in
 * `<feature>-channels.ts` beside its contract `<feature>.ts`; index.ts pairs each name with its
 * zod schemas, and a type check there keeps the two lists equal.
 */
import { FILES_INVOKE_CHANNELS } from './files-channels'
import { NETWORK_INVOKE_CHANNELS } from './network-channels'
import { SHELL_EVENT_CHANNELS, SHELL_INVOKE_CHANNELS } from './shell-channels'
import { UPDATE_EVENT_CHANNELS, UPDATE_INVOKE_CHANNELS } from './update-channels'
import { WORK_EVENT_CHANNELS, WORK_INVOKE_CHANNELS } from './work-channels'

export const INVOKE_CHANNELS = {
  ...SHELL_INVOKE_CHANNELS,
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
  ...SHELL_EVENT_CHANNELS,
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
