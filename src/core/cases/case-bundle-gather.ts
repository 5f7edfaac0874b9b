import { join } from 'node:path'
import type { CaseItemView, CaseView } from '../../shared/contracts/cases'
import {
  caseAttachments,
  CaseFileError,
  caseBankNames,
  caseReport,
  type RetrievalEntry,
  type CasePdfInput,
  type AttachmentDrawings,
  type DrawingPool,
  producingSystem,
  stageBytes,
  timedStage,
} from '../case-file/case-file'
import type { CoreContext } from '../core-context'
import { CaseInputError } from './case-input'
import type { BundleItem } from './case-bundle-pdf'
import type { EvidencePart } from './case-bundle-seal'
import * as Store from './case-store'

/*
 * A case's items gathered for its bundle, in order: each report fetched with its attachments,
 * each attachment written to disk as it is fetched (staged-file.ts) and given to the drawing
 * pool (drawing-pool.ts), which reads it back when its turn comes; the bytes are then let go,
 * so a case of many reports never holds every attachment at once. Searches, alerts and notes
 * are small and kept in memory.
 */

export const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8')
const place = (position: number) => String(position).padStart(2, '0')
const safe = (text: string) => text.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 60)

export interface Gathered {
  items: BundleItem[]
  evidence: EvidencePart[]
  log: (RetrievalEntry & { item: number })[]
  searchLog: Record<string, unknown>[]
  savedCopies: string[]
  reports: { source: CasePdfInput['report']['source'] }[]
}

/** Where attachments are staged, and who draws them. */
export interface Staging {
  dir: string
  pool: DrawingPool
}

async function gatherReport(
  core: CoreContext,
  view: Extract<CaseItemView, { kind: 'report' }>,
  into: Gathered,
  staging: Staging,
  signal?: AbortSignal,
): Promise<BundleItem> {
  const folder = `items/${place(view.position)}-report-${safe(view.reportId)}/`
  let report
  try {
    report = await timedStage('gather: report fetched', () =>
      caseReport(core, view.reportId, signal),
    )
  } catch (error) {
    if (error instanceof CaseFileError)
      throw new CaseInputError(`Item ${view.position} of the case: ${error.message}`)
    throw error
  }
  const log: RetrievalEntry[] = [...report.exchanges]
  const record = report.record as { attachments?: unknown }
  const urls = Array.isArray(record.attachments)
    ? record.attachments.filter((u): u is string => typeof u === 'string')
    : []
  /** Where the report's attachment `number` is staged, fetched or from a kept copy. */
  const stagedAt = (number: number) => join(staging.dir, `${place(view.position)}-${number}`)
  const attachments = (
    await timedStage('gather: attachments fetched and hashed', () =>
      caseAttachments(core, urls, log, {
        signal,
        now: () => core.clock.now(),
        // Fetched straight into its staging file, never whole in memory.
        stageAt: stagedAt,
      }),
    )
  ).map((a) => ({ ...a, zipName: a.zipName && `${folder}${a.zipName}` }))
  report.answer = { ...report.answer, fileName: `${folder}${report.answer.fileName}` }
  for (const entry of log)
    into.log.push({
      ...entry,
      item: view.position,
      ...(entry.savedAs ? { savedAs: `${folder}${entry.savedAs}` } : {}),
    })
  if (report.source.kind === 'saved') into.savedCopies.push(view.reportId)
  into.reports.push(report)
  into.evidence.push({
    name: report.answer.fileName,
    bytes: report.answer.bytes,
    description:
      report.source.kind === 'registry'
        ? `item ${view.position}: the registry\u2019s answer for report ${view.reportId}, as its bytes came`
        : `item ${view.position}: the copy of report ${view.reportId} saved on this computer`,
  })
  const drawn: Promise<readonly [number, Awaited<ReturnType<DrawingPool['draw']>>]>[] = []
  for (const a of attachments) {
    if (!a.zipName) continue
    const bytes = a.bytes
    // Fetched: staged as it came. A kept copy (read whole from this computer's store) is staged now.
    const staged =
      a.staged ??
      (bytes &&
        (await timedStage('gather: kept copies staged (written, summed)', () =>
          stageBytes(stagedAt(a.number), bytes, a.sha256 ?? undefined),
        )))
    if (!staged) continue
    into.evidence.push({
      name: a.zipName,
      ...staged,
      store: true,
      description: `item ${view.position}, report ${view.reportId}: attachment ${a.number}, ${a.fileName}`,
    })
    if (a.kind === 'pdf' || a.kind === 'image') {
      const kind = a.kind
      drawn.push(staging.pool.draw(kind, staged.path).then((d) => [a.number, d] as const))
    }
    // Staged: read back only when drawn (a PDF by its worker), and zipped from its staging file.
    a.bytes = null
  }
  const input: CasePdfInput = {
    id: view.reportId,
    report,
    attachments,
    exportedAt: 0,
    computerAheadMs: null,
    registry: core.client.connection.baseUrl,
    system: producingSystem(),
    bankName: await timedStage('gather: bank names', () =>
      caseBankNames(core, report.record, signal),
    ),
  }
  const drawings: Promise<AttachmentDrawings> = Promise.all(drawn).then((pairs) => new Map(pairs))
  return { view, report: input, drawings }
}

function gatherSearch(row: Store.CaseItemRow, view: Extract<CaseItemView, { kind: 'search' }>) {
  const folder = `items/${place(view.position)}-search-${safe(view.identifier)}/`
  const answer = row.answer ?? Buffer.alloc(0)
  let parsed: unknown = null
  try {
    parsed = JSON.parse(answer.toString('utf8'))
  } catch {
    parsed = null
  }
  const { position, addedAt, kind, ...kept } = view
  void kind
  return {
    answerName: `${folder}registry-answer.json`,
    requestName: `${folder}request.json`,
    answer,
    parsed,
    request: json({ item: position, addedAt, ...kept }),
  }
}

export async function gather(
  core: CoreContext,
  caseId: string,
  view: CaseView,
  staging: Staging,
  signal?: AbortSignal,
) {
  const rows = new Map(Store.itemRows(core.db, caseId).map((r) => [r.position, r]))
  const into: Gathered = {
    items: [],
    evidence: [],
    log: [],
    searchLog: [],
    savedCopies: [],
    reports: [],
  }
  for (const item of view.items) {
    if (item.kind === 'report')
      into.items.push(await gatherReport(core, item, into, staging, signal))
    else if (item.kind === 'search') {
      const s = gatherSearch(rows.get(item.position)!, item)
      into.items.push({ view: item, answerName: s.answerName, answer: s.parsed })
      into.evidence.push(
        {
          name: s.answerName,
          bytes: s.answer,
          description: `item ${item.position}: the registry\u2019s answer to the search, as its bytes came`,
        },
        {
          name: s.requestName,
          bytes: s.request,
          description: `item ${item.position}: the search as it was sent (no key), when and how it was answered`,
        },
      )
      into.searchLog.push({
        item: item.position,
        at: item.answeredAt,
        clock: item.clock,
        request: `${item.request.method} ${item.request.url}`,
        requestBody: item.request.body,
        status: item.status,
        outcome: 'ok',
        bytes: item.answerBytes,
        sha256: item.answerSha256,
        certificateSha256: item.certificateSha256,
        savedAs: s.answerName,
      })
    } else if (item.kind === 'alert') {
      const fileName = `items/${place(item.position)}-alert-${item.alertId}.json`
      into.items.push({ view: item, fileName })
      into.evidence.push({
        name: fileName,
        bytes: json(item),
        description: `item ${item.position}: watch alert ${item.alertId} as it was when added`,
      })
    } else into.items.push({ view: item })
  }
  return into
}
