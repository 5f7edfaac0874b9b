import type { CoreContext } from '../core-context'
import { clockWords, computerAheadMs } from '../registry/registry'
import { prepare } from '../store/store'
import { readAudit, type JobAudit } from './screening-audit'
import type { JobRow } from './screening-store'

/*
 * What a screening record says about itself, for an auditor (issue 40): the same facts in the
 * XLSX's "About this record" sheet (label and value a row) and, for a CSV, in a sidecar JSON
 * file beside it (`record.csv` → `record.about.json`), so the CSV stays a plain table every
 * program reads from its first line (docs/user-guide.md).
 */

/** What the registry's search cannot tell: said in every record. */
export const UNLISTED_NOT_RETURNED =
  'The registry\'s search returns listed reports only: a report that was filed and later unlisted is not returned, so "No report on file" means that no listed report holds the identifier, not that none was ever filed.'

export interface AboutFact {
  label: string
  /** The key of the CSV line's JSON. */
  key: string
  value: string | number | null
}

const DAY = 86_400_000
const ageWords = (ms: number) =>
  ms % DAY === 0
    ? `${ms / DAY} day${ms === DAY ? '' : 's'}`
    : ms % 3_600_000 === 0
      ? `${ms / 3_600_000} hours`
      : `${Math.round(ms / 60_000)} minutes`
const registryTime = (ms: number | undefined) =>
  ms === undefined ? null : new Date(ms).toISOString()

function paceWords(audit: JobAudit, job: JobRow): string {
  const changes = audit.pace?.changes ?? []
  const rates = changes.map((c) => c.rate)
  const halved = changes.filter((c) => c.why === 'halved').length
  const round = (n: number) => Math.round(n * 10) / 10
  if (job.pace !== 'auto')
    return `fixed: ${Number.isFinite(job.rate) ? job.rate : 'no limit'} searches a second`
  const range =
    rates.length > 0
      ? `, from ${round(Math.min(...rates))} to ${round(Math.max(...rates))} a second`
      : ''
  return `auto: the data folder's pace (start low, rise while the registry answers promptly, halve on a 429, keep every Retry-After)${range}; halved ${halved} time${halved === 1 ? '' : 's'}`
}

function identifierCounts(core: CoreContext, jobId: number): { now: number; reused: number } {
  const rows = prepare<[number], { source: string | null; n: number }>(
    core.db,
    "SELECT source, count(*) AS n FROM screening_identifiers WHERE job_id = ? AND state = 'done' GROUP BY source",
  ).all(jobId)
  const of = (source: string) => rows.find((r) => r.source === source)?.n ?? 0
  return { now: of('online'), reused: of('reused') }
}

/** The facts of the record, in the order the XLSX's sheet gives them. */
export function aboutFacts(core: CoreContext, job: JobRow): AboutFact[] {
  const audit = readAudit(core.db, job.id)
  const counts = identifierCounts(core, job.id)
  const changes = (audit.pace?.changes ?? [])
    .map((c) => `${new Date(c.at).toISOString()} ${Math.round(c.rate * 10) / 10}/s (${c.why})`)
    .join('; ')
  return [
    { label: 'Screening job', key: 'job', value: job.id },
    { label: 'Screened from', key: 'file', value: job.file_name },
    { label: 'Input file SHA-256', key: 'inputSha256', value: audit.input?.sha256 ?? null },
    { label: 'Input file size (bytes)', key: 'inputBytes', value: audit.input?.bytes ?? null },
    { label: 'Registry', key: 'registry', value: audit.registry ?? null },
    {
      label: 'Organization',
      key: 'organization',
      value:
        audit.organization ??
        'not known: no report of the organization was saved in this data folder when the job started',
    },
    { label: 'Run by (this computer’s user)', key: 'osUser', value: audit.osUser ?? null },
    { label: 'Casefile version', key: 'casefileVersion', value: audit.version ?? null },
    { label: 'Pace', key: 'pace', value: paceWords(audit, job) },
    { label: 'Pace changes (registry’s clock)', key: 'paceChanges', value: changes },
    {
      label: 'Earlier answers reused when younger than',
      key: 'fresherThan',
      value:
        audit.fresherThanMs === undefined
          ? 'none reused: every identifier searched by this job'
          : ageWords(audit.fresherThanMs),
    },
    { label: 'Identifiers searched by this job', key: 'identifiersSearchedNow', value: counts.now },
    {
      label: 'Identifiers whose answer was reused',
      key: 'identifiersReused',
      value: counts.reused,
    },
    {
      label: 'First search (registry’s clock)',
      key: 'startedAt',
      value: registryTime(audit.startedAt),
    },
    { label: 'Job ended (registry’s clock)', key: 'endedAt', value: registryTime(audit.endedAt) },
    {
      label: 'Times are',
      key: 'clock',
      value: clockWords(computerAheadMs(core), 'The times of this record'),
    },
    {
      label: 'What the registry’s search returns',
      key: 'searchLimit',
      value: UNLISTED_NOT_RETURNED,
    },
  ]
}

/** The facts by key, for the CSV record's sidecar JSON. */
export function aboutJson(facts: readonly AboutFact[]): Record<string, string | number | null> {
  return Object.fromEntries(facts.map((f) => [f.key, f.value]))
}

/** Where a CSV record's facts go: `record.csv` → `record.about.json`. */
export function aboutPathOf(recordPath: string): string {
  return `${recordPath.replace(/\.csv$/i, '')}.about.json`
}
