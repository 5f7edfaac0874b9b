import type { ReportRecord } from '../../shared/domain/responses'
import type { Db } from '../store/store'
import {
  ownReportsCount,
  ownReportsPage,
  toCachedReport,
  type OwnFilterParams,
} from '../cache/cache'

export interface OwnSubmissionsFilter {
  fraudType?: string
  listingStatus?: string
  /** Created at or after this ISO date-time. */
  from?: string
  /** Created before this ISO date-time (half-open, so consecutive ranges do not overlap). */
  to?: string
  /** Part of one of its identifiers' values, as typed: "0123456789", "0803 123 4567", "mule@". */
  identifier?: string
}

export interface OwnSubmissionsQuery extends OwnSubmissionsFilter {
  offset: number
  limit: number
}

export interface OwnSubmission {
  record: ReportRecord
  seenAt: string
}

export const MAX_LIST_LIMIT = 1000

function timeBound(name: string, text: string | undefined): number | null {
  if (text === undefined) return null
  const ms = Date.parse(text)
  if (Number.isNaN(ms))
    throw new RangeError(`The "${name}" date "${text}" is not a date; write it like 2024-05-31.`)
  return ms
}

type FilterParams = OwnFilterParams

/** The list's queries (the cache's: cache/own-reports.ts), whose plans the tests check. */
export { OWN_SUBMISSIONS_COUNT_SQL, OWN_SUBMISSIONS_PAGE_SQL } from '../cache/cache'

/**
 * The LIKE pattern for part of an identifier: separators a person types in numbers dropped, and
 * a Nigerian phone's 0 or +234 prefix too, so "0803 123 4567" finds the number however it is
 * written; % and _ (an account's number_bank) taken as themselves.
 */
function identifierPattern(text: string | undefined): string | null {
  let part = text?.trim() ?? ''
  if (part === '') return null
  if (/^[\d\s().+-]+$/.test(part)) {
    part = part.replace(/[\s().-]/g, '')
    if (/^\+?234\d{10}$/.test(part)) part = part.slice(-10)
    else if (/^0\d{10}$/.test(part)) part = part.slice(1)
  }
  return `%${part.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

function filterParams(filter: OwnSubmissionsFilter): FilterParams {
  return {
    fraudType: filter.fraudType ?? null,
    listingStatus: filter.listingStatus ?? null,
    from: timeBound('from', filter.from),
    to: timeBound('to', filter.to),
    identifier: identifierPattern(filter.identifier),
  }
}

/**
 * A window of the organization's own submissions, newest created first (a report whose
 * createdAt is unreadable comes last), for a virtualized list. The window is found on the
 * index alone and only its rows are read, so a deep offset stays cheap.
 */
export function listOwnSubmissions(db: Db, query: OwnSubmissionsQuery): OwnSubmission[] {
  const limit = Math.min(Math.max(0, Math.floor(query.limit) || 0), MAX_LIST_LIMIT)
  const offset = Math.max(0, Math.floor(query.offset) || 0)
  if (limit === 0) return []
  return ownReportsPage(db, { ...filterParams(query), limit, offset }).flatMap((row) => {
    const cached = toCachedReport(row)
    return cached.kind === 'report' ? [{ record: cached.record, seenAt: cached.seenAt }] : []
  })
}

/** How many own submissions the same filter matches (the list's scroll height). */
export function countOwnSubmissions(db: Db, filter: OwnSubmissionsFilter = {}): number {
  return ownReportsCount(db, filterParams(filter))
}
