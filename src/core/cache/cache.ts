/*
 * The cache's front file: the saved copy of what the registry said (reports, their identifiers,
 * searches, when each was refreshed), which search, submissions, screening, insights and the
 * import read and the sync keeps in step. Its tables are its own (docs/architecture.md, "Tables
 * and their owners"): other folders ask these functions.
 */
export {
  moveOwnFlag,
  OWN_SUBMISSIONS_COUNT_SQL,
  OWN_SUBMISSIONS_PAGE_SQL,
  ownFingerprintFound,
  ownListedNotSeenSince,
  ownReportsCount,
  ownReportsPage,
  ownSeenSince,
  savedUpdatedAt,
  type OwnFilterParams,
} from './own-reports'
export { markUnlisted, toCachedReport } from './reports-cache'
export {
  NEWEST_REASON_SQL,
  newestReasonMatches,
  newestReasonRows,
  OFFLINE_SEARCH_SQL,
  offlineSearchRows,
  ownReportIdsAmong,
  RANKED_REASON_SQL,
  rankedReasonRows,
  savedAccountValues,
} from './cache-searches'
export {
  cacheStateValue,
  ownAccountsWithoutBank,
  ownByTypeAndListing,
  ownCreatedByDay,
  ownUndated,
  ownWithAccounts,
} from './own-report-counts'
export { ownReportsByBankName } from './bank-names'
export { CACHE_STATE_KEYS } from './cache-state'

// What the rest of the app uses of this folder's other files.
export {
  CACHED_REPORT_COLUMNS,
  UNLISTED,
  getCachedReport,
  ownOrganizationName,
  upsertOwnSubmission,
  upsertRegistryReports,
} from './reports-cache'
export type { CachedReport, CachedReportRow } from './reports-cache'
export { isoTime, registryTimeMs } from './cache-times'
export type { BankListSource, SearchSource, SubmissionsSource } from './registry-sources'
export {
  findStoredSearch,
  idList,
  searchKey,
  storeSearchIds,
  storeSearchResult,
} from './searches-cache'
export type { IdentifierQuery } from './searches-cache'
export { upsertRegistryReportsInSlices, yieldToLoop } from './sliced-upsert'
export { cachedIdentifier } from './cached-identifiers'
export {
  deleteCacheState,
  perOrganization,
  readCacheNumber,
  readCacheState,
  writeCacheState,
} from './cache-state'
export { foldWord, toFtsQuery } from './fts-query'
export type { FtsTerm } from './fts-query'
