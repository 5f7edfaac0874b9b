import type { CoreContext } from '../core-context'
import type { CertificateFacts, SigningKey } from '../signing/signing'
import { caseAttachments } from './case-attachments'
import { caseClock, inRegistryTime, sourceInRegistryTime } from './case-clock'
import type { RetrievalEntry } from './case-model'
import { writeCasePdf } from './case-pdf'
import { caseBankNames, caseReport } from './case-report'
import { producingSystem } from './case-resources'
import { stampOf } from './case-time'
import { producedDocument, sealCaseFile } from './case-seal'
import type { ZipPart } from './zip-bytes'

export { CaseFileError } from './case-report'

export { SUMS_NAME } from './case-file-names'
export { sha256Sums } from './case-seal'

export interface CaseFileSummary {
  id: string
  /** registry: decoded now; saved: this computer's copy (the registry did not give it). */
  source: 'registry' | 'saved'
  files: { name: string; sha256: string; size: number }[]
  /** The SHA-256 of SHA256SUMS, as the certificate states it. */
  fingerprint: string
  /** The certificate that signed SHA256SUMS.p7s; null when the case file is unsigned. */
  signedBy: CertificateFacts | null
  attachments: { fileName: string; from: 'registry' | 'kept' | 'missing' }[]
}

export interface CaseFile {
  /** case-<id>-<time>.zip */
  fileName: string
  bytes: Buffer
  summary: CaseFileSummary
}

/**
 * A case file of one report, for the police or a court: a zip in memory with case.pdf, the
 * registry's answer, the attachments as fetched (or this computer's sealed copies), the log of
 * the exchanges that produced it, SHA256SUMS over all of these, and the s.84 certificate as PDF
 * and ODT, which lists them and states SHA256SUMS's own hash (the case file's fingerprint).
 * Nothing is written to disk: the CLI or main writes the bytes where the person says.
 */
export async function exportCaseFile(
  core: CoreContext,
  id: string,
  options: { signal?: AbortSignal; sign?: SigningKey | null } = {},
): Promise<CaseFile> {
  const report = await caseReport(core, id, options.signal)
  const log: RetrievalEntry[] = [...report.exchanges]
  const record = report.record as { attachments?: unknown }
  const urls = Array.isArray(record.attachments)
    ? record.attachments.filter((u): u is string => typeof u === 'string')
    : []
  const attachments = await caseAttachments(core, urls, log, {
    signal: options.signal,
    now: () => core.clock.now(),
  })
  // Every answer is in: the registry's clock as they read it, for every time the file says.
  const clock = caseClock(core)
  const exportedAt = clock.now()
  const at = new Date(exportedAt)
  report.source = sourceInRegistryTime(report.source, clock)
  const system = producingSystem()
  const registry = core.client.connection.baseUrl
  const logBytes = Buffer.from(
    `${JSON.stringify(
      {
        case: id,
        exportedAt: at.toISOString(),
        producedBy: system,
        registry,
        computerClock: {
          aheadOfRegistryMs: clock.computerAheadMs,
          note:
            clock.computerAheadMs === null
              ? 'No answer of the registry gave its clock: the times are this computer\u2019s.'
              : 'The times are the registry\u2019s, read from the Date header of its answers; this is how far this computer\u2019s clock was from it (negative: behind).',
        },
        note: 'Every exchange with the registry that produced this case file. No API key is ever written here.',
        exchanges: inRegistryTime(log, clock),
      },
      null,
      2,
    )}\n`,
    'utf8',
  )
  const casePdf = await writeCasePdf({
    id,
    report,
    attachments,
    exportedAt,
    computerAheadMs: clock.computerAheadMs,
    registry,
    system,
    bankName: await caseBankNames(core, report.record, options.signal),
  })
  const evidence: ZipPart[] = [
    { name: 'case.pdf', bytes: casePdf, store: true },
    { name: report.answer.fileName, bytes: report.answer.bytes },
    ...attachments.flatMap((a) =>
      a.bytes && a.zipName ? [{ name: a.zipName, bytes: a.bytes, store: true }] : [],
    ),
    { name: 'retrieval-log.json', bytes: logBytes },
  ]
  const documents = [
    producedDocument(
      'case.pdf',
      'the report, its retrieval and its attachments, for a person to read',
      casePdf,
    ),
    producedDocument(
      report.answer.fileName,
      report.source.kind === 'registry'
        ? 'the registry\u2019s answer, as its bytes came'
        : 'the copy of the report saved on this computer',
      report.answer.bytes,
    ),
    ...attachments.flatMap((a) =>
      a.bytes && a.zipName
        ? [producedDocument(a.zipName, `attachment ${a.number}, ${a.fileName}`, a.bytes)]
        : [],
    ),
    producedDocument(
      'retrieval-log.json',
      'the exchanges with the registry that produced these documents',
      logBytes,
    ),
  ]
  const sealed = await sealCaseFile(
    core,
    { caseId: id, evidence, documents, exportedAt, registry, system },
    { signal: options.signal, sign: options.sign },
  )
  const safeId = id.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 60)
  return {
    fileName: `case-${safeId}-${stampOf(exportedAt)}.zip`,
    bytes: sealed.bytes,
    summary: {
      id,
      source: report.source.kind,
      files: sealed.files,
      fingerprint: sealed.fingerprint,
      signedBy: sealed.signedBy,
      attachments: attachments.map((a) => ({ fileName: a.fileName, from: a.from })),
    },
  }
}

// What the rest of the app uses of this folder's other files.
export { drawReportInto } from './case-pdf'
export type { CasePdfInput } from './case-pdf'
export { lagosShortTime, lagosTime, stampOf } from './case-time'
export { createPdfWriter } from './pdf-writer'
export type { PdfWriter } from './pdf-writer'
export { producedDocument, sealCaseFile } from './case-seal'
export type { SealOptions } from './case-seal'
export { producingSystem } from './case-resources'
export type { ProducingSystem } from './case-resources'
export type { ZipPart } from './zip-bytes'
export { caseAttachments } from './case-attachments'
export { caseClock, inRegistryTime, sourceInRegistryTime } from './case-clock'
export type { CaseClock } from './case-clock'
export { caseBankNames, caseReport } from './case-report'
export type { RetrievalEntry } from './case-model'
export { caseFileHandlers } from './case-file-handlers'
export { CaseVerifyRefused, verifyCaseFile } from './case-verify'
export type { VerifyResult } from './case-verify'
export { fingerprintProblem } from './verify-signature'
export type { FingerprintProblem, SignatureVerdict } from './verify-signature'
export { logCaseFileEvent, logCaseFileEventIn, verifyEvent } from './case-file-log'

// What the rest of the app uses of this folder's other files.
export { writeReportSections } from './case-pdf'
export type { AttachmentDrawings } from './case-pdf-attachments'
export { createDrawingPool } from './drawing-pool'
export type { DrawingPool } from './drawing-pool'
export { stageBytes, stagingSink } from './staged-file'
export { printStageTimes, timedStage } from './stage-times'
export type { StagedPart } from './staged-file'
export { sealCaseFileTo } from './case-seal'
