import type { CaseItemView, CaseSummary, CaseView } from '../../shared/contracts/cases'
import { reportedBy } from '../../shared/reported-by'
import { getCachedReport } from '../cache/cache'
import type { Db } from '../store/store'
import type { CaseExportRow, CaseItemRow, CaseListRow, CaseRow } from './case-store'
import type { SearchPayload } from './case-search'

/* What the window and `casefile case show --json` are shown of a case, read from its rows. */

const iso = (ms: number) => new Date(ms).toISOString()

type ReportAbout = Extract<CaseItemView, { kind: 'report' }>['about']

/** What a report's item says of it, for the window to name it: from the saved copy, if any. */
export type AboutReport = (reportId: string) => ReportAbout

/**
 * A report's fraud type, identifiers and who filed it, from the copy saved on this computer
 * (the organization's submissions, a search's answer); null when none is saved.
 */
export function savedReportAbout(db: Db, reportId: string): ReportAbout {
  const saved = getCachedReport(db, reportId)
  if (!saved) return null
  const record = saved.record
  return {
    fraudType: record.fraudType ?? null,
    identifiers: (record.identifiers ?? []).map((i) => ({ label: i.label ?? '', value: i.value })),
    reportedBy: reportedBy(record),
  }
}

/**
 * An item's row as the contract shows it: its kind's payload, its place and when it was added;
 * a report's with what `about` says of it, when given.
 */
export function itemView(row: CaseItemRow, about?: AboutReport): CaseItemView {
  const payload = JSON.parse(row.payload_json) as Record<string, unknown>
  const base = { position: row.position, addedAt: iso(row.added_at) }
  switch (row.kind) {
    case 'report':
      return {
        kind: 'report',
        ...base,
        reportId: String(payload.reportId),
        ...(about ? { about: about(String(payload.reportId)) } : {}),
      }
    case 'search': {
      const search = payload as unknown as SearchPayload
      return {
        kind: 'search',
        ...base,
        identifier: search.identifier,
        value: search.value,
        request: search.request,
        answeredAt: iso(search.answeredAt),
        clock: search.clock,
        status: search.status,
        answerSha256: search.answerSha256,
        answerBytes: search.answerBytes,
        certificateSha256: search.certificateSha256,
        reportIds: search.reportIds,
        publicReportIds: search.publicReportIds,
      }
    }
    case 'alert':
      return {
        kind: 'alert',
        ...base,
        alertId: Number(payload.alertId),
        alert: payload.alert as Extract<CaseItemView, { kind: 'alert' }>['alert'],
      }
    case 'note':
      return { kind: 'note', ...base, text: String(payload.text) }
  }
}

export const exportView = (row: CaseExportRow) => ({
  at: iso(row.at),
  fingerprint: row.fingerprint,
  file: row.file_name,
  by: row.os_user,
})

export function caseView(
  row: CaseRow,
  items: readonly CaseItemRow[],
  exports: readonly CaseExportRow[],
  about?: AboutReport,
): CaseView {
  return {
    id: row.id,
    title: row.title,
    createdAt: iso(row.created_at),
    items: items.map((item) => itemView(item, about)),
    exports: exports.map(exportView),
  }
}

export const summaryView = (row: CaseListRow): CaseSummary => ({
  id: row.id,
  title: row.title,
  createdAt: iso(row.created_at),
  items: row.items,
  lastExportAt: row.last_export_at === null ? null : iso(row.last_export_at),
})
