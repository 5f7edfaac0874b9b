import { randomUUID } from 'node:crypto'
import type { ReportInput } from '../shared/domain/report-input'
import type { Organization } from './organizations'
import { prepare, type SandboxDb } from './sandbox-db'

export const REPORT_STATUS_PUBLISHED = 'published'
export const LISTING_STATUS_LISTED = 'listed'
export const LISTING_STATUS_UNLISTED = 'unlisted'
export const UNLIST_REASON = 'Unlisted by the reporting organization through the API.'

export interface StoredIdentifier {
  id: string
  label: string
  value: string
}

export interface StoredReport {
  id: string
  companyId: string
  companyName: string
  userId: string
  fraudType: string
  fraudReason: string
  showUploaderInfo: boolean
  attachments: string[]
  status: string
  listingStatus: string
  exitedListAt: string | null
  exitListReason: string | null
  createdAt: string
  updatedAt: string
  identifiers: StoredIdentifier[]
}

interface ReportRow {
  id: string
  company_id: string
  business_name: string
  user_id: string
  fraud_type: string
  fraud_reason: string
  show_uploader_info: number
  attachments_json: string
  status: string
  listing_status: string
  exited_list_at: string | null
  exit_list_reason: string | null
  created_at: string
  updated_at: string
}

interface IdentifierRow {
  id: string
  report_id: string
  label: string
  value: string
}

const REPORT_COLUMNS = `r.id, r.company_id, o.business_name, r.user_id, r.fraud_type, r.fraud_reason,
  r.show_uploader_info, r.attachments_json, r.status, r.listing_status, r.exited_list_at,
  r.exit_list_reason, r.created_at, r.updated_at`

const FROM_REPORTS = 'FROM reports r JOIN organizations o ON o.id = r.company_id'

/** Reads the identifiers of many reports in one statement (ids passed as a JSON array). */
function identifiersOf(db: SandboxDb, reportIds: string[]): Map<string, StoredIdentifier[]> {
  const byReport = new Map<string, StoredIdentifier[]>(reportIds.map((id) => [id, []]))
  if (reportIds.length === 0) return byReport
  const rows = prepare<[string], IdentifierRow>(
    db,
    `SELECT id, report_id, label, value FROM report_identifiers
     WHERE report_id IN (SELECT value FROM json_each(?)) ORDER BY report_id, position`,
  ).all(JSON.stringify(reportIds))
  for (const row of rows)
    byReport.get(row.report_id)?.push({ id: row.id, label: row.label, value: row.value })
  return byReport
}

function withIdentifiers(db: SandboxDb, rows: ReportRow[]): StoredReport[] {
  const identifiers = identifiersOf(
    db,
    rows.map((row) => row.id),
  )
  return rows.map((row) => ({
    id: row.id,
    companyId: row.company_id,
    companyName: row.business_name,
    userId: row.user_id,
    fraudType: row.fraud_type,
    fraudReason: row.fraud_reason,
    showUploaderInfo: row.show_uploader_info === 1,
    attachments: JSON.parse(row.attachments_json) as string[],
    status: row.status,
    listingStatus: row.listing_status,
    exitedListAt: row.exited_list_at,
    exitListReason: row.exit_list_reason,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    identifiers: identifiers.get(row.id) ?? [],
  }))
}

function insertIdentifiers(
  db: SandboxDb,
  reportId: string,
  input: ReportInput,
): StoredIdentifier[] {
  const insert = prepare(
    db,
    'INSERT INTO report_identifiers (id, report_id, position, label, value) VALUES (?, ?, ?, ?, ?)',
  )
  return input.identifiers.map((identifier, position) => {
    const stored = { id: randomUUID(), label: identifier.label, value: identifier.value }
    insert.run(stored.id, reportId, position, stored.label, stored.value)
    return stored
  })
}

/**
 * Files one report for the organization and returns it as stored, built from what was
 * written rather than read back (the create path is the hot one). Call inside a transaction.
 */
function insertReport(
  db: SandboxDb,
  organization: Organization,
  input: ReportInput,
  now: Date,
): StoredReport {
  const id = randomUUID()
  const at = now.toISOString()
  prepare(
    db,
    `INSERT INTO reports (id, company_id, user_id, fraud_type, fraud_reason, show_uploader_info,
       attachments_json, status, listing_status, exited_list_at, exit_list_reason, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, NULL, NULL, ?, ?)`,
  ).run(
    id,
    organization.id,
    organization.userId,
    input.fraudType,
    input.fraudReason,
    input.showUploaderInfo ? 1 : 0,
    JSON.stringify(input.attachments),
    REPORT_STATUS_PUBLISHED,
    LISTING_STATUS_LISTED,
    at,
    at,
  )
  return {
    id,
    companyId: organization.id,
    companyName: organization.businessName,
    userId: organization.userId,
    fraudType: input.fraudType,
    fraudReason: input.fraudReason,
    showUploaderInfo: input.showUploaderInfo,
    attachments: [...input.attachments],
    status: REPORT_STATUS_PUBLISHED,
    listingStatus: LISTING_STATUS_LISTED,
    exitedListAt: null,
    exitListReason: null,
    createdAt: at,
    updatedAt: at,
    identifiers: insertIdentifiers(db, id, input),
  }
}

export function createReport(
  db: SandboxDb,
  organization: Organization,
  input: ReportInput,
  now: Date,
): StoredReport {
  return db.transaction(() => insertReport(db, organization, input, now))()
}

/** Files several reports in one transaction: all are stored, or none. */
export function createReports(
  db: SandboxDb,
  organization: Organization,
  inputs: readonly ReportInput[],
  now: Date,
): string[] {
  return db.transaction(() =>
    inputs.map((input) => insertReport(db, organization, input, now).id),
  )()
}

/** A report of this organization, or undefined when it does not exist or belongs to another. */
export function getOwnReport(
  db: SandboxDb,
  companyId: string,
  reportId: string,
): StoredReport | undefined {
  const row = prepare<[string, string], ReportRow>(
    db,
    `SELECT ${REPORT_COLUMNS} ${FROM_REPORTS} WHERE r.id = ? AND r.company_id = ?`,
  ).get(reportId, companyId)
  return row ? withIdentifiers(db, [row])[0] : undefined
}

/** Replaces the report's fields and identifiers. The caller has checked it is listed and owned. */
export function replaceReport(
  db: SandboxDb,
  companyId: string,
  reportId: string,
  input: ReportInput,
  now: Date,
): StoredReport {
  db.transaction(() => {
    prepare(
      db,
      `UPDATE reports SET fraud_type = ?, fraud_reason = ?, show_uploader_info = ?,
         attachments_json = ?, updated_at = ?
       WHERE id = ? AND company_id = ?`,
    ).run(
      input.fraudType,
      input.fraudReason,
      input.showUploaderInfo ? 1 : 0,
      JSON.stringify(input.attachments),
      now.toISOString(),
      reportId,
      companyId,
    )
    prepare(db, 'DELETE FROM report_identifiers WHERE report_id = ?').run(reportId)
    insertIdentifiers(db, reportId, input)
  })()
  return getOwnReport(db, companyId, reportId) as StoredReport
}

/** Takes a listed report off the list; a report already unlisted keeps its first exit time. */
export function unlistReport(db: SandboxDb, companyId: string, reportId: string, now: Date): void {
  const at = now.toISOString()
  prepare(
    db,
    `UPDATE reports SET listing_status = ?, exited_list_at = ?, exit_list_reason = ?, updated_at = ?
     WHERE id = ? AND company_id = ? AND listing_status = ?`,
  ).run(LISTING_STATUS_UNLISTED, at, UNLIST_REASON, at, reportId, companyId, LISTING_STATUS_LISTED)
}

/**
 * One page of the organization's submissions, newest first (oldest first when a fault says so),
 * listed and unlisted alike; `shift` moves the page's start (a fault: shift_pages).
 */
export function listOwnReports(
  db: SandboxDb,
  companyId: string,
  page: number,
  limit: number,
  fault: { oldestFirst: boolean; shift: number } = { oldestFirst: false, shift: 0 },
): { reports: StoredReport[]; total: number } {
  const total =
    prepare<[string], { n: number }>(
      db,
      'SELECT count(*) AS n FROM reports WHERE company_id = ?',
    ).get(companyId)?.n ?? 0
  const rows = prepare<[string, number, number], ReportRow>(
    db,
    `SELECT ${REPORT_COLUMNS} ${FROM_REPORTS} WHERE r.company_id = ?
     ORDER BY r.seq ${fault.oldestFirst ? 'ASC' : 'DESC'} LIMIT ? OFFSET ?`,
  ).all(companyId, limit, Math.max(0, (page - 1) * limit + fault.shift))
  return { reports: withIdentifiers(db, rows), total }
}

/** The organization's newest report other than `exceptId` (a fault answers a create with it). */
export function newestOtherReport(
  db: SandboxDb,
  companyId: string,
  exceptId: string,
): StoredReport | undefined {
  const row = prepare<[string, string], ReportRow>(
    db,
    `SELECT ${REPORT_COLUMNS} ${FROM_REPORTS} WHERE r.company_id = ? AND r.id != ?
     ORDER BY r.seq DESC LIMIT 1`,
  ).get(companyId, exceptId)
  return row ? withIdentifiers(db, [row])[0] : undefined
}

/** Listed reports of every organization carrying exactly this identifier, newest first. */
export function searchListedReports(db: SandboxDb, label: string, value: string): StoredReport[] {
  const rows = prepare<[string, string, string], ReportRow>(
    db,
    `SELECT ${REPORT_COLUMNS} ${FROM_REPORTS}
     WHERE r.listing_status = ?
       AND r.id IN (SELECT report_id FROM report_identifiers WHERE label = ? AND value = ?)
     ORDER BY r.seq DESC`,
  ).all(LISTING_STATUS_LISTED, label, value)
  return withIdentifiers(db, rows)
}

/** Every report in the registry, all organizations: for tests and the admin counters. */
export function countReports(db: SandboxDb): number {
  return prepare<[], { n: number }>(db, 'SELECT count(*) AS n FROM reports').get()?.n ?? 0
}
