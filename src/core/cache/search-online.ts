import type { PublicReport, ReportRecord } from '../../shared/domain/responses'
import type { CallOptions } from '../registry/registry-client'
import { isRegistryError, type RegistryErrorKind } from '../registry/registry-error'
import type { Db } from '../store/open-database'
import { isoTime } from './cache-times'
import { searchOffline, type OfflineSearchAnswer } from './offline-search'
import type { SearchSource } from './registry-sources'
import { searchKey, storeSearchResult, type IdentifierQuery } from './searches-cache'

export interface OnlineSearchAnswer {
  source: 'online'
  reports: ReportRecord[]
  publicReports: PublicReport[]
  asOf: { search: string }
}

export type SearchAnswer = OnlineSearchAnswer | OfflineSearchAnswer

/**
 * Failures after which the cache is the best answer there is: the registry could not be
 * reached or could not answer now. A refused key or a refused value is the user's to fix and
 * is thrown; so is the caller's own cancel.
 */
const FALL_BACK_ON: readonly RegistryErrorKind[] = ['offline', 'timeout', 'server', 'rate_limited']

/**
 * Searches the registry (with the value normalized, as it is stored), keeps the result for
 * offline use and returns it as `source: 'online'`. When the registry is unreachable or
 * failing, answers from the cache instead, as `source: 'offline'` with the reason.
 */
export async function searchOnline(
  db: Db,
  client: SearchSource,
  input: IdentifierQuery,
  now: number,
  options: CallOptions = {},
): Promise<SearchAnswer> {
  const query = searchKey(input)
  let result
  try {
    result = await client.searchReports(query, options)
  } catch (error) {
    if (!isRegistryError(error) || !FALL_BACK_ON.includes(error.kind)) throw error
    return {
      ...searchOffline(db, query),
      offlineReason: { kind: error.kind, message: error.message },
    }
  }
  storeSearchResult(db, query, result, now)
  return {
    source: 'online',
    reports: result.reports,
    publicReports: result.publicReports,
    asOf: { search: isoTime(now) },
  }
}
