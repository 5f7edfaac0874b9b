import { FRAUD_TYPE_LABELS, type FraudType } from '../../shared/domain/fraud-types'
import {
  IDENTIFIER_TYPE_LABELS,
  splitAccountValue,
  type IdentifierType,
} from '../../shared/domain/identifiers'
import { CASE_PDF_WORDS } from './case-file-names'
import type { CaseAttachment } from './case-model'
import type { CaseReport } from './case-report'
import { lagosShortTime, lagosTime } from './case-time'
import { clockWords } from '../registry/clock-standing'
import { createPdfWriter, type PdfWriter } from './pdf-writer'
import { drawEvidence, type Drawing } from './evidence-drawing'

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

/** "Bank account: 0123456789 at Access Bank (registry value 0123456789_access-bank)". */
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
  return `${type}: ${parts.accountNumber} at ${bank ?? `the bank with slug \u201c${parts.bankSlug}\u201d (not in the saved bank list)`} (registry value ${value})`
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
  pdf.heading('The report')
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

function attachmentWords(a: CaseAttachment): string {
  if (a.from === 'registry')
    return `Fetched from its link for this case file; kept as ${a.zipName}.`
  if (a.from === 'kept')
    return `The link could not be fetched (${a.linkProblem ?? 'no answer'}). Included instead: the sealed copy this computer kept when the file was attached and uploaded here, kept as ${a.zipName}. It is the file this computer sent, not a copy fetched from the registry now.`
  return `Not included. The link could not be fetched (${a.linkProblem ?? 'no answer'}), and ${a.keptProblem ?? 'this computer keeps no copy of it'}`
}

const IN_THE_ZIP = 'the file itself is in the zip unchanged'

/** Why an attachment is not drawn, in words; the file is in the zip either way. */
function notDrawnWords(kind: 'pdf' | 'image', drawing: Exclude<Drawing, { drawn: true }>): string {
  const what = kind === 'pdf' ? 'A PDF: its first page' : 'The image'
  const open = 'open the file in the zip to read it'
  if (drawing.why === 'unavailable')
    return `${what} could not be drawn, because this copy of Casefile cannot load its renderer (${drawing.detail}); ${open}.`
  if (drawing.why === 'timeout')
    return `${what} could not be drawn (${drawing.detail}, the time allowed); ${open}.`
  if (drawing.why === 'too-large') return `${what} was not drawn: ${drawing.detail}; ${IN_THE_ZIP}.`
  return kind === 'pdf'
    ? `${what} could not be drawn (the file cannot be read as a PDF: ${drawing.detail}); ${open}.`
    : `${what} was not drawn: ${drawing.detail}; ${IN_THE_ZIP}.`
}

function attachmentsSection(
  pdf: PdfWriter,
  input: CasePdfInput,
  drawings: ReadonlyMap<number, Drawing>,
) {
  pdf.heading(`Attachments (${input.attachments.length})`)
  if (input.attachments.length === 0) pdf.paragraph('The report has no attachments.')
  for (const a of input.attachments) {
    pdf.paragraph(`Attachment ${a.number}: ${a.fileName}`, { bold: true })
    pdf.field('Link', a.url)
    pdf.field(
      'Type',
      a.typeLabel ?? (a.bytes ? 'A file of a type Casefile does not name' : '\u2014'),
    )
    pdf.field('Size', a.size === null ? '\u2014' : formatSize(a.size))
    // The name and the hash on lines of their own, for a person and for `case verify`.
    if (a.zipName) pdf.field(CASE_PDF_WORDS.inZip, a.zipName)
    pdf.field(CASE_PDF_WORDS.hash, a.sha256 ?? '\u2014 (not had)')
    pdf.field('Obtained', attachmentWords(a))
    const drawing = drawings.get(a.number)
    if (!drawing || (a.kind !== 'pdf' && a.kind !== 'image')) continue
    const caption =
      a.kind === 'pdf'
        ? `Attachment ${a.number}, ${a.fileName}: its first page, drawn by Casefile (pdf.js); the file itself is in the zip.`
        : `Attachment ${a.number}, ${a.fileName}, as a picture drawn by Casefile; the file itself is in the zip.`
    if (!drawing.drawn) pdf.paragraph(notDrawnWords(a.kind, drawing), { muted: true })
    else pdf.picture(drawing.png, caption, `It could not be drawn; ${IN_THE_ZIP}.`)
  }
}

/** case.pdf: the report as the registry returned it, every field labelled, its retrieval and its files. */
export async function writeCasePdf(input: CasePdfInput): Promise<Buffer> {
  // Each PDF attachment's first page and each image, one at a time, in a worker (each bounded
  // in pixels, time and memory): pdfkit embeds only the PNGs Casefile made of them.
  const drawings = new Map<number, Drawing>()
  for (const a of input.attachments)
    if (a.bytes && (a.kind === 'pdf' || a.kind === 'image'))
      drawings.set(a.number, await drawEvidence(a.kind, a.bytes))
  const pdf = createPdfWriter({
    title: `Case file: fraud report ${input.id}`,
    subject: 'A fraud report of the registry, as retrieved for the police or a court',
  })
  pdf.title(
    `Case file: fraud report ${input.id}`,
    `Exported ${lagosTime(input.exportedAt)} from ${input.registry}. Every file of this case file but the certificate is listed with its SHA-256 in SHA256SUMS, whose own SHA-256 the certificate states; check them with \u201csha256sum -c SHA256SUMS\u201d or \u201ccasefile case verify\u201d.`,
  )
  reportSection(pdf, input)
  retrievalSection(pdf, input)
  attachmentsSection(pdf, input, drawings)
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
  const drawings = new Map<number, Drawing>()
  for (const a of input.attachments)
    if (a.bytes && (a.kind === 'pdf' || a.kind === 'image'))
      drawings.set(a.number, await drawEvidence(a.kind, a.bytes))
  reportSection(pdf, input)
  retrievalSection(pdf, input)
  attachmentsSection(pdf, input, drawings)
}
