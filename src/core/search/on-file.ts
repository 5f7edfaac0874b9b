import type { PublicReport, ReportRecord } from '../../shared/domain/responses'
import type { Db } from '../store/store'
import { ownReportIdsAmong, searchKey, type IdentifierQuery } from '../cache/cache'
import { lookUpCached, matchKey, submissionsRefreshedAt, waitingFor } from './offline-search'
import type { SearchAnswer } from './search-online'
import { planSearch, SearchPlanError } from './search-plan'
import type { WaitingReport } from '../outbox/outbox'

/** One report already on file for an identifier, as the editor's side panel shows it. */
export interface OnFileMatch {
  /** The registry's id; for a report not yet sent (`unsent`), its id on this computer. */
  id: string
  /** `unsent`: waiting in this computer's outbox, not yet on the registry. */
  kind: 'report' | 'public_report' | 'unsent'
  /** Filed by this organization (it may update it instead of filing again). */
  own: boolean
  fraudType: string | null
  createdAt: string | null
  /** The filing organization, when the registry shows it. */
  organization: string | null
  /** The identifier as the report holds it, when another spelling than the one asked for. */
  matchedAs?: string[]
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

/** The spellings that found a record, when they are not only the value asked for. */
function otherSpellings(found: readonly string[] | undefined, asked: string): string[] | undefined {
  const others = (found ?? []).filter((value) => value !== asked)
  return others.length > 0 ? [...new Set(found)] : undefined
}

export function toOnFileMatch(
  kind: 'report' | 'public_report',
  record: ReportRecord | PublicReport,
  own: boolean,
  matchedAs?: string[],
): OnFileMatch {
  return {
    id: record.id,
    kind,
    own,
    fraudType: record.fraudType ?? null,
    createdAt: record.createdAt ?? null,
    organization: organizationOf(record),
    ...(matchedAs ? { matchedAs } : {}),
  }
}

function unsentMatch(waiting: WaitingReport, asked: string): OnFileMatch {
  const matchedAs = otherSpellings(waiting.matchedAs, asked)
  return {
    id: waiting.localId,
    kind: 'unsent',
    own: true,
    fraudType: waiting.fraudType || null,
    createdAt: waiting.queuedAt,
    organization: null,
    ...(matchedAs ? { matchedAs } : {}),
  }
}

/** Whether the organization filed these reports (from its cached submissions): ids → own. */
export function ownReportIds(db: Db, ids: readonly string[]): Set<string> {
  if (ids.length === 0) return new Set()
  return new Set(ownReportIdsAmong(db, JSON.stringify(ids)))
}

/**
 * The reports already on file for one identifier, from this computer alone (offline too): the
 * same lookup as an offline search (every spelling of it), with whether each is the
 * organization's own, and the reports waiting in the outbox. Never touches the network, so the
 * editor can show it as the identifier is typed.
 */
export function onFileFromCache(db: Db, input: IdentifierQuery): OnFileAnswer {
  const query = searchKey(input)
  const answer: OnFileAnswer = { ...query, source: 'cache', asOf: null, reason: null, matches: [] }
  let plan
  try {
    plan = planSearch(db, query)
  } catch (error) {
    if (error instanceof SearchPlanError) return { ...answer, reason: error.message }
    throw error
  }
  const found = lookUpCached(db, plan)
  answer.asOf = found.searchedAt ?? submissionsRefreshedAt(db) ?? null
  for (const cached of found.records) {
    const matchedAs = otherSpellings(
      found.matchedAs[matchKey(cached.kind, cached.record.id)],
      query.value,
    )
    answer.matches.push(toOnFileMatch(cached.kind, cached.record, cached.own, matchedAs))
  }
  const reports = found.records.flatMap((c) => (c.kind === 'report' ? [c.record] : []))
  for (const waiting of waitingFor(db, plan, reports))
    answer.matches.push(unsentMatch(waiting, query.value))
  return answer
}

/** An online search's answer as "already on file": the registry's records and what waits here. */
export function onFileFromAnswer(
  db: Db,
  input: IdentifierQuery,
  answer: SearchAnswer & { source: 'online' },
): OnFileAnswer {
  const query = searchKey(input)
  const own = ownReportIds(
    db,
    answer.reports.map((report) => report.id),
  )
  const spelled = (kind: 'report' | 'public_report', id: string) =>
    otherSpellings(answer.matchedAs[matchKey(kind, id)], query.value)
  return {
    ...query,
    source: 'online',
    asOf: answer.asOf.search,
    reason: null,
    matches: [
      ...answer.reports.map((r) =>
        toOnFileMatch('report', r, own.has(r.id), spelled('report', r.id)),
      ),
      ...answer.publicReports.map((r) =>
        toOnFileMatch('public_report', r, false, spelled('public_report', r.id)),
      ),
      ...answer.waiting.map((waiting) => unsentMatch(waiting, query.value)),
    ],
  }
}
