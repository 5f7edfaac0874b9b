import { cachedReportFingerprint, type Db, prepare, writeTransaction } from '../store/store'
import {
  publicReportSchema,
  reportRecordSchema,
  reportingCompanySchema,
  type CreatedReport,
  type PublicReport,
  type ReportRecord,
} from '../../shared/domain/responses'
import { cachedIdentifier } from './cached-identifiers'
import { rowIdFor } from './cached-row-ids'
import { isoTime, registryTimeMs } from './cache-times'

/** A registry report (2.4, filed by an organization) or a public report (2.5). */
export type CachedKind = 'report' | 'public_report'

export interface RecordOfKind {
  report: ReportRecord
  public_report: PublicReport
}

/** One cached registry record, with when we last saw it from the registry. */
export type CachedReport =
  | { kind: 'report'; record: ReportRecord; own: boolean; seenAt: string }
  | { kind: 'public_report'; record: PublicReport; own: boolean; seenAt: string }

/** The listing status markUnlisted sets (KNOWN_LISTING_STATUSES; the spec does not name it). */
export const UNLISTED = 'unlisted'

export interface CachedReportRow {
  row_id: number
  kind: CachedKind
  id: string
  fraud_type: string | null
  fraud_reason: string
  listing_status: string | null
  status: string | null
  company_id: string | null
  own: number
  record_json: string
  seen_at: number
}

/** The columns toCachedReport needs, for SELECTs elsewhere in the cache. */
export const CACHED_REPORT_COLUMNS =
  'r.row_id, r.kind, r.id, r.fraud_type, r.fraud_reason, r.listing_status, r.status, r.company_id, r.own, r.record_json, r.seen_at'

/**
 * Reads a row back. The JSON was written from a parsed record, but a row written by an older
 * Casefile, or edited by hand, must still show: what does not parse falls back to the columns.
 */
export function toCachedReport(row: CachedReportRow): CachedReport {
  let json: unknown
  try {
    json = JSON.parse(row.record_json)
  } catch {
    json = null
  }
  const fallback = {
    id: row.id,
    fraudType: row.fraud_type,
    fraudReason: row.fraud_reason,
    listingStatus: row.listing_status,
    status: row.status,
    companyId: row.company_id,
  }
  const own = row.own === 1
  const seenAt = isoTime(row.seen_at)
  if (row.kind === 'public_report') {
    const parsed = publicReportSchema.safeParse(json)
    return {
      kind: 'public_report',
      record: parsed.success ? parsed.data : publicReportSchema.parse(fallback),
      own,
      seenAt,
    }
  }
  const parsed = reportRecordSchema.safeParse(json)
  return {
    kind: 'report',
    record: parsed.success ? parsed.data : reportRecordSchema.parse(fallback),
    own,
    seenAt,
  }
}

export interface UpsertOptions {
  /** Whether these are the organization's own submissions (never cleared by a later upsert). */
  own: boolean
  /** When they were read from the registry (epoch ms). */
  seenAt: number
}

/** The fields the cache reads from any record shape the registry returns (2.3, 2.4, 2.5). */
type AnyRecord = ReportRecord | PublicReport | CreatedReport

/** A record read again: seen now, and own if it is. */
function markSeen(db: Db, kind: CachedKind, id: string, options: UpsertOptions): void {
  prepare(
    db,
    `UPDATE cached_reports SET own = max(own, ?), seen_at = max(seen_at, ?)
     WHERE kind = ? AND id = ?`,
  ).run(options.own ? 1 : 0, Math.floor(options.seenAt), kind, id)
}

/**
 * Writes one record; returns whether it was new or changed: not cached before, updated since
 * (a later updatedAt), or with another listing status. A record read again as it was is written
 * (its shape may differ: the list's, a fetch's) but is not news: "35 new or changed" on every
 * refresh said something had happened when nothing had.
 */
function upsertOne(db: Db, kind: CachedKind, record: AnyRecord, options: UpsertOptions): boolean {
  // STRICT INTEGER refuses a fractional time (a clock built on performance.now()).
  const seenAt = Math.floor(options.seenAt)
  const before = prepare<
    [CachedKind, string],
    { updated_at: number | null; listing_status: string | null; record_json: string }
  >(
    db,
    'SELECT updated_at, listing_status, record_json FROM cached_reports WHERE kind = ? AND id = ?',
  ).get(kind, record.id)
  const json = JSON.stringify(record)
  // Read again exactly as cached (most of a full pass): only its times move. Rewriting the
  // row and its identifiers cost a full pass most of its time.
  if (before?.record_json === json) {
    markSeen(db, kind, record.id, options)
    return false
  }
  // Only 2.4 records name the reporting company; on other shapes the field is not typed.
  const reporting = reportingCompanySchema.safeParse(record.reportingCompany)
  const company = reporting.success ? reporting.data : undefined
  // An answer older than what we hold (a page fetched before our own update landed) must not
  // overwrite it; it still counts as seen.
  const createdAt = registryTimeMs(record.createdAt)
  const updatedAt = registryTimeMs(record.updatedAt)
  const rowId = rowIdFor(db, kind, record.id, createdAt ?? updatedAt ?? seenAt)
  const written = prepare<unknown[], { row_id: number }>(
    db,
    `INSERT INTO cached_reports (row_id, kind, id, fraud_type, fraud_reason, listing_status,
       status, company_id, company_name, created_at, updated_at, own, record_json, seen_at,
       fingerprint)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (kind, id) DO UPDATE SET
       fraud_type = excluded.fraud_type, fraud_reason = excluded.fraud_reason,
       listing_status = excluded.listing_status, status = excluded.status,
       company_id = excluded.company_id, company_name = excluded.company_name,
       created_at = excluded.created_at, updated_at = excluded.updated_at,
       own = max(cached_reports.own, excluded.own), record_json = excluded.record_json,
       seen_at = max(cached_reports.seen_at, excluded.seen_at),
       fingerprint = excluded.fingerprint
     WHERE excluded.updated_at IS NULL OR cached_reports.updated_at IS NULL
       OR excluded.updated_at >= cached_reports.updated_at
     RETURNING row_id`,
  ).get(
    rowId,
    kind,
    record.id,
    record.fraudType ?? null,
    record.fraudReason ?? '',
    record.listingStatus ?? null,
    record.status ?? null,
    record.companyId ?? company?.id ?? null,
    company?.businessName ?? null,
    createdAt,
    updatedAt,
    options.own ? 1 : 0,
    json,
    seenAt,
    // "Already submitted" for an import's rows (known-reports.ts): a report's, not a public one's.
    kind === 'report' ? cachedReportFingerprint(record as ReportRecord) : null,
  )
  if (!written) {
    markSeen(db, kind, record.id, options)
    return false
  }
  const changed =
    !before ||
    before.updated_at === null ||
    (updatedAt !== null && updatedAt > before.updated_at) ||
    (before.listing_status ?? null) !== (record.listingStatus ?? null)
  // Migration 0007's triggers keep cached_own_account_banks (Insights' banks) from these writes.
  prepare(db, 'DELETE FROM cached_identifiers WHERE report_row = ?').run(written.row_id)
  const insert = prepare(
    db,
    'INSERT INTO cached_identifiers (report_row, label, value) VALUES (?, ?, ?)',
  )
  const seen = new Set<string>()
  for (const raw of record.identifiers ?? []) {
    const identifier = cachedIdentifier(raw.label, raw.value)
    if (!identifier) continue
    const key = `${identifier.label}\u0000${identifier.value}`
    if (seen.has(key)) continue
    seen.add(key)
    insert.run(written.row_id, identifier.label, identifier.value)
  }
  return changed
}

/**
 * Stores records the registry returned, in one transaction: each row and its identifiers
 * (replaced whole, so an identifier removed by an update no longer finds the report).
 * Returns how many were new or changed (a record older than the cached one is only marked seen;
 * one read again unchanged is written but not counted).
 */
export function upsertRegistryReports<K extends CachedKind>(
  db: Db,
  kind: K,
  records: readonly RecordOfKind[K][],
  options: UpsertOptions,
): number {
  return writeTransaction(db, () => {
    let written = 0
    for (const record of records) if (upsertOne(db, kind, record, options)) written++
    return written
  })
}

function withoutUndefined(record: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined))
}

/**
 * What the outbox calls after a create or update succeeded: the registry's answer (2.3) is
 * laid over what we already had, because 2.3 leaves out fields the list gives (attachments,
 * reportingCompany…) and a successful update should not make them disappear.
 */
export function upsertOwnSubmission(
  db: Db,
  record: CreatedReport | ReportRecord,
  seenAt: number,
): void {
  writeTransaction(db, () => {
    const cached = getCachedOfKind(db, 'report', record.id)
    const merged = { ...(cached?.record ?? {}), ...withoutUndefined(record) } as ReportRecord
    upsertOne(db, 'report', merged, { own: true, seenAt })
  })
}

/**
 * Marks a report as having left the list (after our unlist succeeded, or when a full refresh
 * no longer lists it), so offline search stops offering it. The first exit time is kept.
 * Returns whether a cached report was changed.
 */
export function markUnlisted(db: Db, id: string, at: number): boolean {
  return (
    prepare(
      db,
      `UPDATE cached_reports SET listing_status = ?,
         record_json = json_set(record_json, '$.listingStatus', ?,
           '$.exitedListAt', coalesce(json_extract(record_json, '$.exitedListAt'), ?))
       WHERE kind = 'report' AND id = ?`,
    ).run(UNLISTED, UNLISTED, isoTime(at), id).changes > 0
  )
}

function getCachedOfKind(db: Db, kind: CachedKind, id: string): CachedReport | null {
  const row = prepare<[CachedKind, string], CachedReportRow>(
    db,
    `SELECT ${CACHED_REPORT_COLUMNS} FROM cached_reports r WHERE r.kind = ? AND r.id = ?`,
  ).get(kind, id)
  return row ? toCachedReport(row) : null
}

/** A cached report by registry id: an organization's report first, else a public report. */
export function getCachedReport(db: Db, id: string): CachedReport | null {
  return getCachedOfKind(db, 'report', id) ?? getCachedOfKind(db, 'public_report', id)
}

/** The organization's name as its own reports carry it (the newest filed), or null when none is cached. */
export function ownOrganizationName(db: Db): string | null {
  return (
    prepare<[], { name: string }>(
      db,
      // Newest first down the own list's index, stopping at the first named: no scan of every
      // own report to sort it by seen_at (58 ms at the start of a screening with 24,000).
      `SELECT company_name AS name FROM cached_reports INDEXED BY cached_reports_own_created
       WHERE own = 1 AND kind = 'report' AND company_name IS NOT NULL
       ORDER BY created_at DESC LIMIT 1`,
    ).get()?.name ?? null
  )
}
