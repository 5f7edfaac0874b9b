import type { PublicReport, ReportRecord } from '../../shared/domain/responses'
import type { Db } from '../store/open-database'
import { prepare } from '../store/prepare'
import { cachedIdentifier } from './cached-identifiers'
import { OFFLINE_SEARCH_SQL, submissionsRefreshedAt } from './offline-search'
import { toCachedReport, type CachedReportRow } from './reports-cache'
import { findStoredSearch, searchKey, type IdentifierQuery } from './searches-cache'
import { isoTime } from './cache-times'

/** One report already on file for an identifier, as the editor's side panel shows it. */
export interface OnFileMatch {
  id: string
  kind: 'report' | 'public_report'
  /** Filed by this organization (it may update it instead of filing again). */
  own: boolean
  fraudType: string | null
  createdAt: string | null
  /** The filing organization, when the registry shows it. */
  organization: string | null
}

export interface OnFileAnswer extends IdentifierQuery {
  source: 'cache' | 'online' | 'offline'
  /** How fresh the answer is (ISO): the search's time, or the cache's. */
  asOf: string | null
  /** Why the registry was not asked, when an online look fell back to the cache. */
  reason: string | null
  matches: OnFileMatch[]
}

function organizationOf(record: ReportRecord | PublicReport): string | null {
  if ('reportingCompany' in record && record.reportingCompany) {
    const name = (record.reportingCompany as { businessName?: string | null }).businessName
    if (name) return name
  }
  const entity = 'reportingEntity' in record ? record.reportingEntity : null
  // (financialInstitution is the bank involved, not who filed: it is not shown as the filer.)
  return typeof entity === 'string' && entity && entity !== 'self' ? entity : null
}

export function toOnFileMatch(
  kind: OnFileMatch['kind'],
  record: ReportRecord | PublicReport,
  own: boolean,
): OnFileMatch {
  return {
    id: record.id,
    kind,
    own,
    fraudType: record.fraudType ?? null,
    createdAt: record.createdAt ?? null,
    organization: organizationOf(record),
  }
}

/** Whether the organization filed these reports (from its cached submissions): ids → own. */
export function ownReportIds(db: Db, ids: readonly string[]): Set<string> {
  if (ids.length === 0) return new Set()
  return new Set(
    prepare<[string], { id: string }>(
      db,
      "SELECT id FROM cached_reports WHERE kind = 'report' AND own = 1 AND id IN (SELECT value FROM json_each(?))",
    )
      .all(JSON.stringify(ids))
      .map((row) => row.id),
  )
}

/**
 * The reports already on file for one identifier, from the cache alone (offline too): the same
 * lookup as an offline search, with whether each is the organization's own. Never touches the
 * network, so the editor can show it as the identifier is typed.
 */
export function onFileFromCache(db: Db, input: IdentifierQuery): OnFileAnswer {
  const query = searchKey(input)
  const stored = findStoredSearch(db, query)
  const asOf = stored ? isoTime(stored.searchedAt) : (submissionsRefreshedAt(db) ?? null)
  const identifier = cachedIdentifier(query.identifier, query.value)
  const answer: OnFileAnswer = { ...query, source: 'cache', asOf, reason: null, matches: [] }
  if (!identifier) return answer
  const rows = prepare<[Record<string, unknown>], CachedReportRow>(db, OFFLINE_SEARCH_SQL).all({
    label: identifier.label,
    value: identifier.value,
    searchedAt: stored?.searchedAt ?? null,
    reportIds: JSON.stringify(stored?.reportIds ?? []),
    publicReportIds: JSON.stringify(stored?.publicReportIds ?? []),
  })
  for (const row of rows) {
    const cached = toCachedReport(row)
    answer.matches.push(toOnFileMatch(cached.kind, cached.record, cached.own))
  }
  return answer
}
