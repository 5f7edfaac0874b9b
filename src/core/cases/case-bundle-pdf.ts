import { FRAUD_TYPE_LABELS, type FraudType } from '../../shared/domain/fraud-types'
import { IDENTIFIER_TYPE_LABELS, type IdentifierType } from '../../shared/domain/identifiers'
import { ALERT_KIND_WORDS } from '../../shared/watch-change-words'
import type { CaseItemView } from '../../shared/contracts/cases'
import {
  writeReportSections,
  type CasePdfInput,
  type AttachmentDrawings,
  lagosShortTime,
  lagosTime,
  createPdfWriter,
  type PdfWriter,
  timedStage,
} from '../case-file/case-file'
import { clockWords } from '../registry/registry'

/*
 * A case's case.pdf: every item in the order it was added — each report drawn as its own case
 * file draws it (case-pdf.ts: the report, its retrieval, its attachments), each search with
 * what was asked, when the registry answered and what it said, each alert as it was raised,
 * each note — in one document with one footer.
 */

export type BundleItem =
  | {
      view: Extract<CaseItemView, { kind: 'report' }>
      report: CasePdfInput
      /**
       * Its attachments' pictures, drawn meanwhile by the drawing pool; let go (an empty map)
       * once they are written, so case.pdf's pictures are never all held at once.
       */
      drawings: Promise<AttachmentDrawings>
    }
  | { view: Extract<CaseItemView, { kind: 'search' }>; answerName: string; answer: unknown }
  | { view: Extract<CaseItemView, { kind: 'alert' }>; fileName: string }
  | { view: Extract<CaseItemView, { kind: 'note' }> }

export interface CaseBundlePdfInput {
  caseId: string
  title: string
  createdAt: string
  exportedAt: number
  computerAheadMs: number | null
  registry: string
  system: { software: string; computer: string }
  items: BundleItem[]
}

/** A report's drawings once written into case.pdf. */
const WRITTEN: Promise<AttachmentDrawings> = Promise.resolve(new Map())

const KIND_WORDS = {
  report: 'a report',
  search: 'a search',
  alert: 'a watch alert',
  note: 'a note',
}

const typeWords = (type: string) => IDENTIFIER_TYPE_LABELS[type as IdentifierType] ?? type

function fraudWords(type: unknown): string {
  if (typeof type !== 'string' || !type) return '\u2014'
  return FRAUD_TYPE_LABELS[type as FraudType] ?? type
}

/** One line per report the answer holds: its id, fraud type, listing and who filed it. */
function answerLines(answer: unknown): string[] {
  const data = (answer as { data?: Record<string, unknown> } | null)?.data ?? {}
  const lines: string[] = []
  for (const [key, label] of [
    ['reports', 'Report'],
    ['publicReports', 'Public report'],
  ] as const) {
    const list = Array.isArray(data[key]) ? (data[key] as Record<string, unknown>[]) : []
    for (const r of list) {
      const company = (r.reportingCompany as { businessName?: string } | undefined)?.businessName
      lines.push(
        `${label} ${String(r.id)}: ${fraudWords(r.fraudType)}${r.listingStatus ? `, ${String(r.listingStatus)}` : ''}${company ? `, filed by ${company}` : ''}${r.createdAt ? `, filed ${lagosTime(r.createdAt as string)}` : ''}`,
      )
    }
  }
  return lines
}

function searchSection(pdf: PdfWriter, item: Extract<BundleItem, { answerName: string }>) {
  const s = item.view
  pdf.field('Searched for', `${typeWords(s.identifier)}: ${s.value}`)
  pdf.field('Request', `${s.request.method} ${s.request.url}`)
  pdf.field('Request body', s.request.body)
  pdf.field(
    'The registry answered',
    `${lagosTime(s.answeredAt)} (${s.clock === 'registry' ? 'the registry\u2019s clock' : 'this computer\u2019s clock: the registry\u2019s was not known'}), status ${s.status}`,
  )
  pdf.field(
    'The registry\u2019s certificate (SHA-256)',
    s.certificateSha256 ??
      'None: the registry was reached over plain http (a registry on this computer), which shows no certificate.',
  )
  pdf.field(`SHA-256 of the registry\u2019s answer (kept as ${item.answerName})`, s.answerSha256)
  const lines = answerLines(item.answer)
  pdf.field(
    `What it found (${lines.length})`,
    lines.length ? lines.join('\n') : 'No report on file for this value.',
  )
}

function alertSection(pdf: PdfWriter, item: Extract<BundleItem, { fileName: string }>) {
  const { alertId, alert } = item.view
  const before = alert.before as { listed?: boolean; fraudType?: string | null } | null
  const after = alert.after as { listed?: boolean; fraudType?: string | null } | null
  const seen = (s: typeof before) =>
    s ? `${s.listed ? 'listed' : 'not listed'}, ${fraudWords(s.fraudType)}` : 'not seen before'
  const kind = ALERT_KIND_WORDS[alert.kind as keyof typeof ALERT_KIND_WORDS] ?? alert.kind
  pdf.field('Alert', `${alertId}: ${kind} (its state when added: ${alert.state})`)
  pdf.field('Watched', `${typeWords(alert.type)}: ${alert.value}`)
  pdf.field('Report', alert.reportId)
  pdf.field('Raised', lagosTime(alert.createdAt))
  pdf.field('The report before', seen(before))
  pdf.field('The report as the check found it', seen(after))
  pdf.field('Kept as', item.fileName)
}

/**
 * case.pdf of a case: its items in order, in one document, its bytes given to `onData` as they
 * are written. Each report's pictures are written as soon as they are drawn and let go.
 */
export async function writeCaseBundlePdf(
  input: CaseBundlePdfInput,
  onData: (chunk: Buffer) => void,
): Promise<void> {
  const pdf = createPdfWriter({
    title: `Case ${input.caseId}: ${input.title}`,
    subject:
      'An investigation\u2019s reports, searches, alerts and notes, for the police or a court',
    onData,
  })
  pdf.title(
    `Case ${input.caseId}: ${input.title}`,
    `Opened ${lagosTime(input.createdAt)}; exported ${lagosTime(input.exportedAt)} from ${input.registry} by ${input.system.software} on the computer \u201c${input.system.computer}\u201d. Every file of this bundle but the certificate is listed with its SHA-256 in SHA256SUMS, whose own SHA-256 the certificate states; check them with \u201csha256sum -c SHA256SUMS\u201d or \u201ccasefile case verify\u201d.`,
  )
  pdf.paragraph(clockWords(input.computerAheadMs))
  pdf.heading(`Contents (${input.items.length} items, in the order they were added)`)
  pdf.paragraph(
    input.items.length
      ? input.items
          .map(
            ({ view }) =>
              `${view.position}. ${KIND_WORDS[view.kind]}${view.kind === 'report' ? ` (${view.reportId})` : view.kind === 'search' ? ` (${typeWords(view.identifier)} ${view.value})` : view.kind === 'alert' ? ` (alert ${view.alertId})` : ''}, added ${lagosTime(view.addedAt)}`,
          )
          .join('\n')
      : 'The case has no items yet.',
  )
  for (const item of input.items) {
    const { view } = item
    pdf.heading(`Item ${view.position}: ${KIND_WORDS[view.kind]}, added ${lagosTime(view.addedAt)}`)
    if ('report' in item) {
      const drawings = await timedStage('case.pdf: waits for drawings', () => item.drawings)
      writeReportSections(pdf, item.report, drawings)
      await timedStage('case.pdf: a report laid out and written', () => pdf.flush())
      item.drawings = WRITTEN
    } else if ('answerName' in item) searchSection(pdf, item)
    else if ('fileName' in item) alertSection(pdf, item)
    else if (view.kind === 'note') pdf.paragraph(view.text)
  }
  await timedStage('case.pdf: footers and the end', () =>
    pdf.finish(
      (page, pages) =>
        `Case ${input.caseId} \u00b7 exported ${lagosShortTime(input.exportedAt)} \u00b7 page ${page} of ${pages}`,
    ),
  )
}
