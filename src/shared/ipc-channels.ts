/**
 * The names of every IPC channel, with no schema attached, so the preload can bundle this
 * list alone (it must stay one small file that imports only electron). contract.ts pairs
 * each name with its zod schemas; a type check there keeps the two lists equal.
 */
export const INVOKE_CHANNELS = {
  appInfo: 'app:info',
} as const

/** Events pushed from main to the renderer. */
export const EVENT_CHANNELS = {} as const

export type InvokeMethod = keyof typeof INVOKE_CHANNELS
export type InvokeChannel = (typeof INVOKE_CHANNELS)[InvokeMethod]
export type EventName = keyof typeof EVENT_CHANNELS
