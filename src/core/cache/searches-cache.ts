import { normalizeIdentifierValue, type IdentifierType } from '../../shared/domain/identifiers'
import type { SearchResult } from '../../shared/domain/responses'
import { type Db, prepare, writeTransaction, withoutDiskSync } from '../store/store'
import { upsertRegistryReports } from './reports-cache'

/** A search as the registry takes it (registry-notes.md): identifier type and value. */
export interface IdentifierQuery {
  identifier: IdentifierType
  value: string
}

export interface StoredSearch {
  identifier: IdentifierType
  /** Normalized. */
  value: string
  searchedAt: number
  reportIds: string[]
  publicReportIds: string[]
}

/** The one key a query is stored and looked up under. */
export function searchKey(query: IdentifierQuery): IdentifierQuery {
  return {
    identifier: query.identifier,
    value: normalizeIdentifierValue(query.identifier, query.value),
  }
}

/**
 * Keeps what an online search returned: the records themselves (so they are found offline,
 * by this identifier and by any other they carry) and which ids this exact query gave, with
 * its time. A newer search of the same query replaces the older; an older answer that
 * arrives late does not replace a newer one.
 */
export function storeSearchResult(
  db: Db,
  query: IdentifierQuery,
  result: SearchResult,
  at: number,
): void {
  // What the registry said, asked again if a power cut loses it: no disk sync.
  withoutDiskSync(db, () =>
    writeTransaction(db, () => {
      upsertRegistryReports(db, 'report', result.reports, { own: false, seenAt: at })
      upsertRegistryReports(db, 'public_report', result.publicReports, { own: false, seenAt: at })
      storeSearchIds(
        db,
        query,
        {
          reportIds: result.reports.map((r) => r.id),
          publicReportIds: result.publicReports.map((r) => r.id),
        },
        at,
      )
    }),
  )
}

/**
 * Which ids a query gave, as of `at`, for a caller that stored the records already (screening
 * stores each spelling's records as it is answered, and the query's ids once all are in).
 */
export function storeSearchIds(
  db: Db,
  query: IdentifierQuery,
  ids: { reportIds: readonly string[]; publicReportIds: readonly string[] },
  at: number,
): void {
  const key = searchKey(query)
  prepare(
    db,
    `INSERT INTO cached_searches (identifier, value, searched_at, report_ids_json, public_report_ids_json)
     VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (identifier, value) DO UPDATE SET searched_at = excluded.searched_at,
       report_ids_json = excluded.report_ids_json,
       public_report_ids_json = excluded.public_report_ids_json
     WHERE excluded.searched_at >= cached_searches.searched_at`,
  ).run(
    key.identifier,
    key.value,
    Math.floor(at),
    JSON.stringify(ids.reportIds),
    JSON.stringify(ids.publicReportIds),
  )
}

/** A stored list of ids (the cache's and screening's `*_ids_json` columns); [] when unreadable. */
export function idList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json)
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []
  } catch {
    return []
  }
}

/** The stored search for exactly this query (after normalization), or null. */
export function findStoredSearch(db: Db, query: IdentifierQuery): StoredSearch | null {
  const key = searchKey(query)
  const row = prepare<
    [string, string],
    { searched_at: number; report_ids_json: string; public_report_ids_json: string }
  >(
    db,
    `SELECT searched_at, report_ids_json, public_report_ids_json FROM cached_searches
     WHERE identifier = ? AND value = ?`,
  ).get(key.identifier, key.value)
  if (!row) return null
  return {
    ...key,
    searchedAt: row.searched_at,
    reportIds: idList(row.report_ids_json),
    publicReportIds: idList(row.public_report_ids_json),
  }
}
