/**
 * Channel names of the exchange log, with no schema attached so the preload can bundle them.
 * log.ts pairs each with its schemas; a work channel, served by the core process.
 */
export const LOG_INVOKE_CHANNELS = {
  exchangeLog: 'log:read',
} as const
