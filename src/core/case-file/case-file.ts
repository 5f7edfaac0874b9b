import { createHash } from 'node:crypto'
import type { CoreContext } from '../core-context'
import { caseAttachments } from './case-attachments'
import { caseClock, inRegistryTime } from './case-clock'
import { CERTIFICATE_ODT, CERTIFICATE_PDF, SUMS_NAME } from './case-file-names'
import type { ProducedDocument, RetrievalEntry } from './case-model'
import { writeCasePdf } from './case-pdf'
import { caseBankNames, caseReport } from './case-report'
import { producingSystem } from './case-resources'
import { stampOf } from './case-time'
import { certificateBlocks, writeCertificatePdf } from './certificate'
import { writeCertificateOdt } from './certificate-odt'
import { zipBytes, type ZipPart } from './zip-bytes'

export { CaseFileError } from './case-report'

export { SUMS_NAME } from './case-file-names'

export interface CaseFileSummary {
  id: string
  /** registry: decoded now; saved: this computer's copy (the registry did not give it). */
  source: 'registry' | 'saved'
  files: { name: string; sha256: string; size: number }[]
  /** The SHA-256 of SHA256SUMS, as the certificate states it. */
  fingerprint: string
  attachments: { fileName: string; from: 'registry' | 'kept' | 'missing' }[]
}

export interface CaseFile {
  /** case-<id>-<time>.zip */
  fileName: string
  bytes: Buffer
  summary: CaseFileSummary
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** `<hash>  <name>` lines, as `sha256sum -c` reads them (names in the zip have no newline). */
export function sha256Sums(parts: readonly ZipPart[]): string {
  return parts.map((p) => `${sha256(p.bytes)}  ${p.name}\n`).join('')
}

const document = (name: string, description: string, bytes: Buffer): ProducedDocument => ({
  name,
  description,
  sha256: sha256(bytes),
  size: bytes.length,
})

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
  options: { signal?: AbortSignal } = {},
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
  if (report.source.kind === 'registry')
    report.source = { ...report.source, at: clock.toRegistry(report.source.at) }
  else
    report.source = {
      ...report.source,
      seenAt: new Date(clock.toRegistry(Date.parse(report.source.seenAt))).toISOString(),
    }
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
    document(
      'case.pdf',
      'the report, its retrieval and its attachments, for a person to read',
      casePdf,
    ),
    document(
      report.answer.fileName,
      report.source.kind === 'registry'
        ? 'the registry\u2019s answer, as its bytes came'
        : 'the copy of the report saved on this computer',
      report.answer.bytes,
    ),
    ...attachments.flatMap((a) =>
      a.bytes && a.zipName
        ? [document(a.zipName, `attachment ${a.number}, ${a.fileName}`, a.bytes)]
        : [],
    ),
    document(
      'retrieval-log.json',
      'the exchanges with the registry that produced these documents',
      logBytes,
    ),
  ]
  // SHA256SUMS lists every file but the certificates, which state its hash: a person compares
  // that one figure on the signed paper with `sha256sum SHA256SUMS` of the copy in hand.
  const sums = Buffer.from(sha256Sums(evidence), 'utf8')
  const fingerprint = sha256(sums)
  const certificate = { caseId: id, exportedAt, registry, system, documents, fingerprint }
  const parts: ZipPart[] = [
    ...evidence,
    { name: CERTIFICATE_PDF, bytes: await writeCertificatePdf(certificate), store: true },
    {
      name: CERTIFICATE_ODT,
      bytes: await writeCertificateOdt(certificateBlocks(certificate), at),
      store: true,
    },
  ]
  const bytes = await zipBytes([...parts, { name: SUMS_NAME, bytes: sums }], at)
  const safeId = id.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 60)
  return {
    fileName: `case-${safeId}-${stampOf(exportedAt)}.zip`,
    bytes,
    summary: {
      id,
      source: report.source.kind,
      files: parts.map((p) => ({ name: p.name, sha256: sha256(p.bytes), size: p.bytes.length })),
      fingerprint,
      attachments: attachments.map((a) => ({ fileName: a.fileName, from: a.from })),
    },
  }
}
