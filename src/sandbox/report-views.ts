import { maskIdentifierValue } from './masking'
import type { StoredReport } from './report-repository'

/** 2.3: what create and update answer. Identifiers as {label, value}. */
export function createdReportView(report: StoredReport) {
  return {
    id: report.id,
    listingStatus: report.listingStatus,
    exitedListAt: report.exitedListAt,
    exitListReason: report.exitListReason,
    status: report.status,
    fraudType: report.fraudType,
    fraudReason: report.fraudReason,
    companyId: report.companyId,
    createdAt: report.createdAt,
    updatedAt: report.updatedAt,
    identifiers: report.identifiers.map(({ label, value }) => ({ label, value })),
    reportedBy: report.userId,
  }
}

/**
 * How a 2.4 record shows its identifiers:
 * - `list`: the submissions list, {label, value} in full;
 * - `full`: search and decode, {id, label, value} in full;
 * - `masked`: the plain single fetch, {id, label, value} with the value masked.
 */
export type IdentifierForm = 'list' | 'full' | 'masked'

/** 2.4: a report as search, the submissions list, fetch and decode answer it. */
export function reportRecordView(report: StoredReport, form: IdentifierForm) {
  return {
    id: report.id,
    companyId: report.companyId,
    userId: report.userId,
    listingStatus: report.listingStatus,
    exitedListAt: report.exitedListAt,
    exitListReason: report.exitListReason,
    fraudType: report.fraudType,
    fraudReason: report.fraudReason,
    showUploaderInfo: report.showUploaderInfo,
    attachments: report.attachments,
    status: report.status,
    createdAt: report.createdAt,
    updatedAt: report.updatedAt,
    identifiers: report.identifiers.map(({ id, label, value }) => {
      if (form === 'list') return { label, value }
      return { id, label, value: form === 'masked' ? maskIdentifierValue(label, value) : value }
    }),
    reportingCompany: { businessName: report.companyName, id: report.companyId },
  }
}
