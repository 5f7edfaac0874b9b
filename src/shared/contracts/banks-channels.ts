/**
 * Channel names of the registry's bank list, with no schema attached so the preload can bundle
 * them. banks.ts pairs each with its schemas; work channels, served by the core process.
 */
export const BANKS_INVOKE_CHANNELS = {
  banksList: 'banks:list',
  banksRefresh: 'banks:refresh',
} as const
