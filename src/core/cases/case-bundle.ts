import type { CaseItemView, CaseView } from '../../shared/contracts/cases'
import {
  caseAttachments,
  caseClock,
  CaseFileError,
  caseBankNames,
  caseReport,
  type RetrievalEntry,
  type CasePdfInput,
  producingSystem,
  stampOf,
} from '../case-file/case-file'
import type { CoreContext } from '../core-context'
import { CaseInputError } from './case-input'
import { writeCaseBundlePdf, type BundleItem } from './case-bundle-pdf'
import { sealBundle, type EvidencePart } from './case-bundle-seal'
import type { CertificateFacts, SigningKey } from '../signing/signing'
import { osUser, recordExport } from './case-exports'
import { retrievalLog } from './case-retrieval-log'
import * as Store from './case-store'
import { caseView } from './case-views'

/*
 * One bundle per case: case.pdf over every item in order, the registry's answers as their bytes
 * came (each report's, each search's), each report's attachments, each alert as raised, the
 * case itself (case.json), the log of the exchanges that produced them (retrieval-log.json),
 * the case's earlier exports (exports-log.json), then SHA256SUMS and the certificate as a
 * report's case file has them. Each item's files are in a folder of their own, named by its
 * place: items/03-report-<id>/. Built in memory; the export is recorded in the case and in the
 * folder's log.
 */

export interface CaseBundle {
  /** <case id>-<time>.zip */
  fileName: string
  bytes: Buffer
  /** The SHA-256 of SHA256SUMS, as the certificate states it. */
  fingerprint: string
  /** The certificate that signed SHA256SUMS.p7s; null: unsigned. */
  signedBy: CertificateFacts | null
  /** Reports the registry did not give now: the bundle holds this computer's copy of each. */
  savedCopies: string[]
  /** Records this export in the case and the folder's log, under the name it was saved as. */
  record(fileName?: string): void
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8')
const place = (position: number) => String(position).padStart(2, '0')
const safe = (text: string) => text.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 60)

interface Gathered {
  items: BundleItem[]
  evidence: EvidencePart[]
  log: (RetrievalEntry & { item: number })[]
  searchLog: Record<string, unknown>[]
  savedCopies: string[]
  reports: { source: CasePdfInput['report']['source'] }[]
}

async function gatherReport(
  core: CoreContext,
  view: Extract<CaseItemView, { kind: 'report' }>,
  into: Gathered,
  signal?: AbortSignal,
): Promise<CasePdfInput> {
  const folder = `items/${place(view.position)}-report-${safe(view.reportId)}/`
  let report
  try {
    report = await caseReport(core, view.reportId, signal)
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
  const attachments = (
    await caseAttachments(core, urls, log, { signal, now: () => core.clock.now() })
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
  for (const a of attachments)
    if (a.bytes && a.zipName)
      into.evidence.push({
        name: a.zipName,
        bytes: a.bytes,
        store: true,
        description: `item ${view.position}, report ${view.reportId}: attachment ${a.number}, ${a.fileName}`,
      })
  return {
    id: view.reportId,
    report,
    attachments,
    exportedAt: 0,
    computerAheadMs: null,
    registry: core.client.connection.baseUrl,
    system: producingSystem(),
    bankName: await caseBankNames(core, report.record, signal),
  }
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

async function gather(core: CoreContext, caseId: string, view: CaseView, signal?: AbortSignal) {
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
      into.items.push({ view: item, report: await gatherReport(core, item, into, signal) })
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

/**
 * The case's bundle, in memory. The export is recorded in the case and the folder's log at once,
 * or (`record: 'later'`) when the caller calls `record` once the file is written.
 */
export async function exportCase(
  core: CoreContext,
  caseId: string,
  options: { signal?: AbortSignal; record?: 'now' | 'later'; sign?: SigningKey | null } = {},
): Promise<CaseBundle> {
  const row = Store.caseRow(core.db, caseId)
  if (!row)
    throw new CaseInputError(
      `No case ${caseId} in this data folder: \`casefile case list\` lists them.`,
    )
  const earlier = Store.exportRows(core.db, row.id)
  const view = caseView(row, Store.itemRows(core.db, row.id), earlier)
  const into = await gather(core, row.id, view, options.signal)
  // Every answer is in: the registry's clock as they read it, for every time the bundle says.
  const clock = caseClock(core)
  const exportedAt = clock.now()
  for (const report of into.reports)
    if (report.source.kind === 'registry')
      report.source = { ...report.source, at: clock.toRegistry(report.source.at) }
    else
      // Found by a search: introduced by that search's time, on the registry's clock too.
      report.source = {
        ...report.source,
        seenAt: new Date(clock.toRegistry(Date.parse(report.source.seenAt))).toISOString(),
      }
  const registry = core.client.connection.baseUrl
  const system = producingSystem()
  for (const item of into.items)
    if ('report' in item)
      item.report = { ...item.report, exportedAt, computerAheadMs: clock.computerAheadMs }
  const casePdf = await writeCaseBundlePdf({
    caseId: row.id,
    title: row.title,
    createdAt: view.createdAt,
    exportedAt,
    computerAheadMs: clock.computerAheadMs,
    registry,
    system,
    items: into.items,
  })
  const evidence: EvidencePart[] = [
    {
      name: 'case.pdf',
      bytes: casePdf,
      store: true,
      description: 'every item of the case in order, with its retrieval, for a person to read',
    },
    {
      name: 'case.json',
      bytes: json(view),
      description: 'the case as Casefile keeps it: its title and items in order',
    },
    ...into.evidence,
    {
      name: 'retrieval-log.json',
      bytes: retrievalLog(row.id, clock, into.log, into.searchLog, exportedAt, registry),
      description: 'the exchanges with the registry that produced these documents',
    },
    {
      name: 'exports-log.json',
      bytes: json({
        case: row.id,
        note: 'Every earlier export of this case: when (the registry\u2019s clock where known), by which user of the computer, and the fingerprint its certificate stated.',
        exports: view.exports,
      }),
      description: 'the earlier exports of this case: when, by whom, with which fingerprint',
    },
  ]
  const sealed = await sealBundle(
    core,
    { caseId: row.id, exportedAt, registry, system, evidence },
    { signal: options.signal, sign: options.sign },
  )
  const suggested = `${row.id}-${stampOf(exportedAt)}.zip`
  let recorded = false
  const bundle: CaseBundle = {
    fileName: suggested,
    bytes: sealed.bytes,
    fingerprint: sealed.fingerprint,
    signedBy: sealed.signedBy,
    savedCopies: into.savedCopies,
    record: (fileName = suggested) => {
      if (recorded) return
      recorded = true
      recordExport(core, row.id, {
        at: exportedAt,
        fingerprint: sealed.fingerprint,
        fileName,
        by: osUser(),
      })
    },
  }
  if (options.record !== 'later') bundle.record()
  return bundle
}
