import { randomBytes } from 'node:crypto'
import { mkdtemp, rename, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, dirname, join } from 'node:path'
import {
  caseClock,
  sourceInRegistryTime,
  createDrawingPool,
  producingSystem,
  stampOf,
  stagingSink,
  printStageTimes,
  timedStage,
} from '../case-file/case-file'
import type { CoreContext } from '../core-context'
import { notFound } from '../input-error'
import { CaseInputError } from './case-input'
import { writeCaseBundlePdf } from './case-bundle-pdf'
import { gather, json } from './case-bundle-gather'
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
 * place: items/03-report-<id>/. Built on disk, never whole in memory: the attachments and
 * case.pdf staged in a private folder as they are had (case-bundle-gather.ts), their pictures
 * drawn by a few workers at once (drawing-pool.ts), the zip copied from the staged files into a
 * temporary name beside where it goes and renamed there only once whole. The export is recorded
 * in the case and in the folder's log.
 */

export interface CaseBundle {
  /** <case id>-<time>.zip */
  fileName: string
  /** Where the zip is: `out` when it was given, else a private temporary file (see `discard`). */
  path: string
  /** The zip's size in bytes. */
  size: number
  /** The SHA-256 of SHA256SUMS, as the certificate states it. */
  fingerprint: string
  /** The certificate that signed SHA256SUMS.p7s; null: unsigned. */
  signedBy: CertificateFacts | null
  /** Reports the registry did not give now: the bundle holds this computer's copy of each. */
  savedCopies: string[]
  /** Records this export in the case and the folder's log, under the name it was saved as. */
  record(fileName?: string): void
  /** The temporary zip removed, once read or moved (nothing when it was written at `out`). */
  discard(): Promise<void>
}

/** A name beside `path` for writing it whole before it takes its own name. */
const besides = (path: string) =>
  join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`)

/**
 * The case's bundle, written at `out` (whole, or not at all) or, without it, to a private
 * temporary file (`path`; `discard` removes it). The export is recorded in the case and the
 * folder's log at once, or (`record: 'later'`) when the caller calls `record` once it is saved.
 */
export async function exportCase(
  core: CoreContext,
  caseId: string,
  options: {
    signal?: AbortSignal
    record?: 'now' | 'later'
    sign?: SigningKey | null
    out?: string
  } = {},
): Promise<CaseBundle> {
  const row = Store.caseRow(core.db, caseId)
  if (!row) throw new CaseInputError(...notFound('case', caseId))
  const earlier = Store.exportRows(core.db, row.id)
  const view = caseView(row, Store.itemRows(core.db, row.id), earlier)
  // Private (0700): the staged attachments are suspects' data, as the zip is.
  const staging = await mkdtemp(join(tmpdir(), 'casefile-case-'))
  const pool = createDrawingPool()
  let zipDir: string | null = null
  let written: string | null = null
  try {
    const exportStarted = performance.now()
    const into = await timedStage('gather (reports, attachments, staging)', () =>
      gather(core, row.id, view, { dir: staging, pool }, options.signal),
    )
    // Every answer is in: the registry's clock as they read it, for every time the bundle says.
    const clock = caseClock(core)
    const exportedAt = clock.now()
    // One found by a search is introduced by that search's time, on the registry's clock too.
    for (const report of into.reports) report.source = sourceInRegistryTime(report.source, clock)
    const registry = core.client.connection.baseUrl
    const system = producingSystem()
    for (const item of into.items)
      if ('report' in item)
        item.report = { ...item.report, exportedAt, computerAheadMs: clock.computerAheadMs }
    const sink = stagingSink(join(staging, 'case.pdf'))
    try {
      await timedStage('case.pdf written (with its waits)', () =>
        writeCaseBundlePdf(
          {
            caseId: row.id,
            title: row.title,
            createdAt: view.createdAt,
            exportedAt,
            computerAheadMs: clock.computerAheadMs,
            registry,
            system,
            items: into.items,
          },
          (chunk) => sink.write(chunk),
        ),
      )
    } catch (error) {
      await sink.end().catch(() => undefined)
      throw error
    }
    // Its sums, made as it was written, are what the zip and the certificate state.
    const casePdf = await timedStage('case.pdf closed', () => sink.end())
    const evidence: EvidencePart[] = [
      {
        name: 'case.pdf',
        ...casePdf,
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
    const suggested = `${row.id}-${stampOf(exportedAt)}.zip`
    if (!options.out) zipDir = await mkdtemp(join(tmpdir(), 'casefile-case-zip-'))
    const path = options.out ?? join(zipDir!, suggested)
    written = options.out ? besides(options.out) : path
    const sealed = await sealBundle(
      core,
      { caseId: row.id, exportedAt, registry, system, evidence },
      written,
      { signal: options.signal, sign: options.sign },
    )
    // Whole: only now under the name asked for (a failed export leaves what was there).
    if (written !== path) await rename(written, path)
    written = null
    let recorded = false
    const bundle: CaseBundle = {
      fileName: suggested,
      path,
      size: sealed.size,
      fingerprint: sealed.fingerprint,
      signedBy: sealed.signedBy,
      savedCopies: into.savedCopies,
      record: (fileName = options.out ? basename(options.out) : suggested) => {
        if (recorded) return
        recorded = true
        recordExport(core, row.id, {
          at: exportedAt,
          fingerprint: sealed.fingerprint,
          fileName,
          by: osUser(),
        })
      },
      discard: async () => {
        if (zipDir) await rm(zipDir, { recursive: true, force: true })
      },
    }
    zipDir = null
    if (options.record !== 'later') bundle.record()
    printStageTimes(
      `case export ${row.id}: ${((performance.now() - exportStarted) / 1000).toFixed(2)} s, by stage:`,
    )
    return bundle
  } finally {
    pool.close()
    await rm(staging, { recursive: true, force: true })
    if (written) await rm(written, { force: true })
    if (zipDir) await rm(zipDir, { recursive: true, force: true })
  }
}
