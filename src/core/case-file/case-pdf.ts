import { FRAUD_TYPE_LABELS, type FraudType } from '../../shared/domain/fraud-types'
import {
  IDENTIFIER_TYPE_LABELS,
  splitAccountValue,
  type IdentifierType,
} from '../../shared/domain/identifiers'
import { CASE_PDF_WORDS } from './case-file-names'
import type { CaseAttachment } from './case-model'
import type { CaseReport } from './case-report'
import { lagosMinute, lagosShortTime, lagosTime } from './case-time'
import { clockWords } from '../registry/registry'
import { createPdfWriter, type PdfWriter } from './pdf-writer'
import {
  attachmentsSection,
  drawAttachments,
  type AttachmentDrawings,
} from './case-pdf-attachments'

export interface CasePdfInput {
  id: string
  report: CaseReport
  attachments: CaseAttachment[]
  exportedAt: number
  /** This computer's clock minus the registry's; null when the registry's was not read. */
  computerAheadMs: number | null
  registry: string
  system: { software: string; computer: string }
  bankName: (slug: string) => string | undefined
}

const text = (value: unknown): string =>
  value === null || value === undefined || value === '' ? '\u2014' : String(value)

export const formatSize = (bytes: number): string =>
  bytes < 1024
    ? `${bytes} bytes`
    : `${(bytes / 1024 / (bytes < 1024 * 1024 ? 1 : 1024)).toFixed(1)} ${bytes < 1024 * 1024 ? 'KiB' : 'MiB'} (${bytes.toLocaleString('en-GB')} bytes)`

/** "Bank account: 0123456789 — Access Bank (registry value 0123456789_access-bank)". */
function identifierLine(
  identifier: { label?: string | null; value?: string | null },
  bankName: (slug: string) => string | undefined,
): string {
  const label = identifier.label ?? ''
  const type = IDENTIFIER_TYPE_LABELS[label as IdentifierType] ?? (label || 'Identifier')
  const value = identifier.value ?? ''
  if (label !== 'account') return `${type}: ${value}`
  const parts = splitAccountValue(value)
  if (!parts) return `${type}: ${value}`
  const bank = bankName(parts.bankSlug)
  return `${type}: ${parts.accountNumber} \u2014 ${bank ?? `the bank with slug \u201c${parts.bankSlug}\u201d (not in the registry\u2019s bank list)`} (registry value ${value})`
}

function fraudTypeWords(type: unknown): string {
  if (typeof type !== 'string' || !type) return '\u2014'
  const words = FRAUD_TYPE_LABELS[type as FraudType]
  return words
    ? `${words} (registry value \u201c${type}\u201d)`
    : `${type} (a type new to Casefile)`
}

function listing(record: Record<string, unknown>): string {
  const status = record.listingStatus
  if (typeof status !== 'string' || !status) return '\u2014'
  const word = status === 'listed' ? 'Listed' : status === 'unlisted' ? 'Unlisted' : status
  return `${word} (registry value \u201c${status}\u201d)`
}

function organization(record: Record<string, unknown>): string {
  const company = record.reportingCompany as { businessName?: string; id?: string } | undefined
  if (company?.businessName)
    return `${company.businessName}${company.id ? ` (organization id ${company.id})` : ''}`
  if ('reportingEntity' in record || 'financialInstitution' in record)
    return record.reportingEntity === 'self' || !record.reportingEntity
      ? 'The victim, a member of the public (a public report)'
      : `A member of the public (${String(record.reportingEntity)})`
  return record.companyId ? `Organization id ${String(record.companyId)}` : '\u2014'
}

function reportSection(pdf: PdfWriter, input: CasePdfInput) {
  const record = input.report.record as Record<string, unknown>
  const { source } = input.report
  pdf.heading('The report')
  if (source.kind === 'saved' && source.foundBySearch)
    pdf.paragraph(
      `As found by a search at ${lagosMinute(source.seenAt)} (registry time): a report ${source.reportKind === 'public_report' ? 'a member of the public filed' : 'another organization filed'}, as the registry\u2019s answer to that search gave it.`,
      { bold: true },
    )
  pdf.field('Report id (registry)', text(record.id ?? input.id))
  pdf.field('Fraud type', fraudTypeWords(record.fraudType))
  pdf.field('Reason given', text(record.fraudReason))
  const identifiers = (record.identifiers ?? []) as { label?: string; value?: string }[]
  pdf.field(
    `Identifiers (${identifiers.length})`,
    identifiers.length
      ? identifiers.map((i) => identifierLine(i, input.bankName)).join('\n')
      : 'None given',
  )
  pdf.field('Listing status', listing(record))
  if (record.exitedListAt) pdf.field('Left the list', lagosTime(record.exitedListAt as string))
  if (record.exitListReason) pdf.field('Why it left the list', text(record.exitListReason))
  pdf.field('Publication status', text(record.status))
  pdf.field('Reporting organization', organization(record))
  if (record.companyId) pdf.field('Company id', text(record.companyId))
  if (record.userId) pdf.field('Filed by user id', text(record.userId))
  if (record.showUploaderInfo !== undefined && record.showUploaderInfo !== null)
    pdf.field(
      'Filer shown to other organizations',
      String(record.showUploaderInfo) === 'true' ? 'Yes' : 'No',
    )
  if (record.financialInstitution)
    pdf.field('Victim\u2019s bank', text(record.financialInstitution))
  if (record.eventDate) pdf.field('When it happened', lagosTime(record.eventDate as string))
  pdf.field('Filed', lagosTime(record.createdAt as string))
  pdf.field('Last changed', lagosTime(record.updatedAt as string))
}

function retrievalSection(pdf: PdfWriter, input: CasePdfInput) {
  const { source, answer } = input.report
  pdf.heading('How it was retrieved')
  pdf.paragraph(clockWords(input.computerAheadMs))
  pdf.field('Registry', input.registry)
  if (source.kind === 'registry') {
    pdf.field('Request', `${source.endpoint} (decoded: identifiers in full)`)
    pdf.field('Time of retrieval', lagosTime(source.at))
    pdf.field(
      `SHA-256 of the registry\u2019s answer (${CASE_PDF_WORDS.keptAs} ${answer.fileName})`,
      answer.sha256,
    )
  } else if (source.foundBySearch) {
    // The registry gives a report's full record only to its filer: another organization's
    // report is what a search answered, said as such, not as the registry's refusal.
    pdf.paragraph(
      `The registry gives the full record of a report only to the organization that filed it. What this case file shows is the registry\u2019s answer to a search made on this computer, saved then: not a fresh retrieval.`,
    )
    pdf.field('Found by a search', `${lagosTime(source.seenAt)} (registry time)`)
    pdf.field(
      `SHA-256 of the saved copy (${CASE_PDF_WORDS.keptAs} ${answer.fileName})`,
      answer.sha256,
    )
  } else {
    pdf.paragraph(
      `The registry did not give this report now (${source.why}). What follows is the copy this computer saved from the registry\u2019s answer to a ${source.reportKind === 'public_report' ? 'search (a public report)' : 'search or the submissions list'}, not a fresh retrieval.`,
      { bold: true },
    )
    pdf.field('Saved on this computer', lagosTime(source.seenAt))
    pdf.field(
      `SHA-256 of the saved copy (${CASE_PDF_WORDS.keptAs} ${answer.fileName})`,
      answer.sha256,
    )
  }
  pdf.field(
    'Exported',
    `${lagosTime(input.exportedAt)} by ${input.system.software} on the computer \u201c${input.system.computer}\u201d`,
  )
}

/**
 * One report's sections of a case file: the report, every field labelled, how it was retrieved,
 * and its attachments with their pictures (drawn beforehand by drawAttachments). A case of many
 * items writes each report's sections so, in its own writer.
 */
export function writeReportSections(
  pdf: PdfWriter,
  input: CasePdfInput,
  drawings: AttachmentDrawings,
): void {
  reportSection(pdf, input)
  retrievalSection(pdf, input)
  attachmentsSection(pdf, input.attachments, drawings, formatSize)
}

/** case.pdf: the report as the registry returned it, every field labelled, its retrieval and its files. */
export async function writeCasePdf(input: CasePdfInput): Promise<Buffer> {
  // Each PDF attachment's pages and each image, one at a time, in workers (each bounded in
  // pixels, time and memory): pdfkit embeds only the JPEGs Casefile made of them.
  const drawings = await drawAttachments(input.attachments)
  const pdf = createPdfWriter({
    title: `Case file: fraud report ${input.id}`,
    subject: 'A fraud report of the registry, as retrieved for the police or a court',
    // The registry's time, as the body states it: never this computer's clock.
    createdAt: input.exportedAt,
  })
  pdf.title(
    `Case file: fraud report ${input.id}`,
    `Exported ${lagosTime(input.exportedAt)} from ${input.registry}. Every file of this case file but the certificate is listed with its SHA-256 in SHA256SUMS, whose own SHA-256 the certificate states; check them with \u201csha256sum -c SHA256SUMS\u201d or \u201ccasefile case verify\u201d.`,
  )
  writeReportSections(pdf, input, drawings)
  return pdf.finish(
    (page, pages) =>
      `Case ${input.id} \u00b7 exported ${lagosShortTime(input.exportedAt)} \u00b7 page ${page} of ${pages}`,
  )
}

/**
 * A report's sections (the report, its retrieval, its attachments, each picture drawn as in its
 * own case file) written into another document: a case's case.pdf, which covers many items.
 */
export async function drawReportInto(pdf: PdfWriter, input: CasePdfInput): Promise<void> {
  writeReportSections(pdf, input, await drawAttachments(input.attachments))
}
