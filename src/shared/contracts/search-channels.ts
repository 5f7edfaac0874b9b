/**
 * Channel names of search (an identifier, the reports already on file, reasons, the folder's
 * pace), with no schema attached so the preload can bundle them. search.ts pairs each with its
 * schemas; work channels, served by the core process.
 */
export const SEARCH_INVOKE_CHANNELS = {
  onFile: 'search:on-file',
  searchRun: 'search:run',
  searchReasons: 'search:reasons',
  searchPace: 'search:pace',
  searchSetMaxRate: 'search:set-max-rate',
} as const
