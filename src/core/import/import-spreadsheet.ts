import { dirname, resolve } from 'node:path'
import type { ReportInput } from '../../shared/domain/report-input'
import { banks as bankList, ensureBankList } from '../banks/banks'
import type { CoreContext } from '../core-context'
import { draftSchema } from '../drafts/drafts'
import { inOneTransaction, draftToPayload, queueCheckedReports } from '../outbox/outbox'
import { yieldToLoop } from '../cache/cache'
import {
  importBulkFile,
  type BulkAcceptedRow,
  type BulkImportProgress,
  type BulkImportResult,
  type BulkRowError,
  type TableSource,
} from '../spreadsheet/index'
import { storageProblemOf } from '../store/store'
import { checkRowFiles, type AttachmentRoot, type CheckedAttachmentFile } from './attachment-paths'
import { stopImport } from './import-stop'
import { knownState, refreshOrganizationSubmissions } from './known-reports'
import { isLink, queueBulk, queueOneRow, RowRefused } from './queue-rows'

export { BULK_CHUNK_ROWS } from './queue-rows'

/**
 * Rows per transaction: one durable commit (a disk sync) per batch, and "queued" said for the
 * batch once it has committed. Large enough that the sync is a small share of the batch, small
 * enough that a batch of rows read from links (two inserts each) holds the core's thread for
 * tens of milliseconds, not seconds (issue 37: batches of 5,000 held it 2.6 s under load).
 * A multiple of BULK_CHUNK_ROWS, so a bulk import's files are full.
 */
const TRANSACTION_ROWS = 1000

export interface ImportOptions {
  /** Read and check every row, write nothing. */
  dryRun?: boolean
  /** Send the valid rows as bulk uploads (one template file per 500 rows) instead of one report each. */
  asBulk?: boolean
  /**
   * The folder attachment paths are read from (the user named it); by default the
   * spreadsheet's own folder. A spreadsheet given as bytes (the window) has none: links only.
   */
  attachmentsDir?: string
  /** The file's name, for messages (defaults to the path's). */
  sourceName?: string
  /** While reading (every 500 rows), then after each committed batch with `queued` so far. */
  onProgress?: (progress: ImportProgress) => void
}

export interface ImportProgress extends BulkImportProgress {
  /** Rows queued and committed so far (absent while the file is still being read). */
  queued?: number
}

export interface ImportedRow {
  rowNumber: number
  /** The local report it became; null in a dry run. */
  localId: string | null
  /** The local files it uploads (would upload, in a dry run); absent when it has none. */
  files?: ImportedFile[]
}

/** A file on this computer that a row uploads, as the dry run and the preview list it. */
export interface ImportedFile {
  column: string
  path: string
  size: number
  type: string
}

const listed = (files: readonly CheckedAttachmentFile[]): ImportedFile[] =>
  files.map(({ column, path, size, mimeType }) => ({ column, path, size, type: mimeType }))

export interface RefusedRow {
  rowNumber: number
  reason: 'invalid' | 'duplicate_in_file' | 'already_queued' | 'already_submitted' | 'not_queued'
  errors: BulkRowError[]
  cells: string[]
}

export interface ImportOutcome {
  mode: 'dry-run' | 'individual' | 'bulk'
  header: BulkImportResult['header']
  queued: ImportedRow[]
  rejected: RefusedRow[]
  skippedEmptyRows: number[]
  fileProblems: BulkImportResult['fileProblems']
  bulkOperationIds: number[]
  /** Invariant: queued + rejected + skippedEmpty = dataRows. Every row is accounted for. */
  totals: { dataRows: number; queued: number; rejected: number; skippedEmpty: number }
  /**
   * The import stopped before every row was queued, because the data folder could not be
   * written (a full disk): why, and the rows that were not queued (in `rejected`, not_queued).
   * The rows queued before are committed and listed. Also a note in `fileProblems`.
   */
  stopped?: { message: string; rows: number[] }
}

/**
 * Imports a bulk spreadsheet into the outbox. Every data row ends up queued, rejected with its
 * reasons (row, column, message), or reported as an empty row skipped: nothing is dropped.
 * Attachments may be links or paths of files on this computer (relative to the spreadsheet).
 */
export async function importSpreadsheet(
  core: CoreContext,
  source: TableSource,
  options: ImportOptions = {},
): Promise<ImportOutcome> {
  const sourceName = options.sourceName ?? ('path' in source ? source.path : 'the spreadsheet')
  // Bank cells may name a bank by name, slug or code: resolved against the registry's list,
  // fetched first when this computer has none. Without it, names and codes are refused (with
  // why), and slugs are left for the registry to check.
  const unfetched = await ensureBankList(core)
  const banks = bankList(core)
  const banksUnavailable = unfetched
    ? `the bank list is not on this computer yet and could not be fetched (${unfetched.replace(/[.\s]+$/, '')})`
    : undefined
  const submissionsNote = await refreshOrganizationSubmissions(core)
  let lastProgress: BulkImportProgress = {
    bytesRead: 0,
    totalBytes: 0,
    rows: 0,
    accepted: 0,
    rejected: 0,
  }
  const result = await importBulkFile(source, {
    banks: banks.length > 0 ? banks : undefined,
    banksUnavailable,
    isKnown: knownState(core),
    onProgress: (progress) => {
      lastProgress = progress
      options.onProgress?.(progress)
    },
  })
  const outcome: ImportOutcome = {
    mode: options.dryRun ? 'dry-run' : options.asBulk ? 'bulk' : 'individual',
    header: result.header,
    queued: [],
    rejected: result.rejected.map((row) => ({ ...row })),
    skippedEmptyRows: result.skippedEmptyRows,
    fileProblems: submissionsNote ? [...result.fileProblems, submissionsNote] : result.fileProblems,
    bulkOperationIds: [],
    totals: {
      dataRows: result.totals.dataRows,
      queued: 0,
      rejected: 0,
      skippedEmpty: result.totals.skippedEmpty,
    },
  }
  // File paths in attachment columns are read from the spreadsheet's folder (or the one the
  // user named), confined to it; a spreadsheet handed over as bytes (the window) has none.
  const root = attachmentRoot(source, options.attachmentsDir)
  // Every file is checked before anything is written, the same in a dry run: a row whose
  // files cannot all be uploaded is rejected naming each cell.
  const checkedFiles = new Map<number, CheckedAttachmentFile[]>()
  const accepted: BulkAcceptedRow[] = []
  for (const row of result.accepted) {
    if (row.files.length === 0) {
      accepted.push(row)
      continue
    }
    const { files, errors } = checkRowFiles(row.files, root)
    if (errors.length > 0)
      outcome.rejected.push({ rowNumber: row.rowNumber, reason: 'invalid', errors, cells: [] })
    else {
      checkedFiles.set(row.rowNumber, files)
      accepted.push(row)
    }
  }
  const withFiles = (rowNumber: number, localId: string | null): ImportedRow => {
    const files = checkedFiles.get(rowNumber)
    return files ? { rowNumber, localId, files: listed(files) } : { rowNumber, localId }
  }

  if (options.dryRun) {
    // The preview runs every check queueing would (the files above, the report's rules), so a
    // row it counts as ready is one the import will queue; it names the files each row uploads.
    for (const [index, row] of accepted.entries()) {
      // 20,000 rows built at once held the core's thread 245 ms under bench:load.
      if (index > 0 && index % 500 === 0) await yieldToLoop()
      const built = draftToPayload(
        draftSchema.parse({
          ...row.input,
          identifiers: row.input.identifiers ?? [],
          attachmentUrls: row.attachments.filter(isLink),
          // Stand-ins for the files, so the count of attachments is checked as when queued.
          attachmentIds: row.files.map((file) => file.path),
        }),
      )
      if (built.ok) outcome.queued.push(withFiles(row.rowNumber, null))
      else
        outcome.rejected.push({
          rowNumber: row.rowNumber,
          reason: 'not_queued',
          errors: built.issues.map((i) => ({ column: i.path, message: i.message })),
          cells: [],
        })
    }
  } else {
    const bankList = banks.length > 0 ? new Set(banks.map((b) => b.slug)) : undefined
    for (let from = 0; from < accepted.length; from += TRANSACTION_ROWS) {
      // The sync, the searches and the window's calls go on between two batches.
      if (from > 0) await yieldToLoop()
      const batch = accepted.slice(from, from + TRANSACTION_ROWS)
      // Rows whose attachments are all links were checked by the report schema (and the bank
      // list) when read: they are queued with two prepared inserts each (one, bound for a bulk
      // upload). A row with files to copy goes the long way in its own savepoint, so a refused
      // file refuses its row only.
      const quick = batch.filter((row) => row.attachments.every(isLink))
      const slow = batch.filter((row) => !row.attachments.every(isLink))
      const queued: ImportedRow[] = []
      const refused: RefusedRow[] = []
      let bulkIds: number[] = []
      // The batch's rows, their copied files and (asBulk) their bulk uploads commit together:
      // a disk that fills leaves the batch out whole, never a row without its operation.
      const queueBatch = () => {
        const bulkBatch: { localId: string; rowNumber: number }[] = []
        const now = core.clock.now()
        const ids = queueCheckedReports(
          core.db,
          quick.map((row) => ({
            // The schema's output (importBulkFile keeps parsed.data), typed as its input.
            input: row.input as ReportInput,
            attachmentUrls: row.attachments,
            fingerprint: row.fingerprint,
          })),
          { now, origin: 'import', forBulk: options.asBulk },
        )
        quick.forEach((row, i) => {
          queued.push({ rowNumber: row.rowNumber, localId: ids[i] ?? '' })
          if (options.asBulk) bulkBatch.push({ localId: ids[i] ?? '', rowNumber: row.rowNumber })
        })
        for (const row of slow) {
          try {
            const files = checkedFiles.get(row.rowNumber) ?? []
            const localId = queueOneRow(core, row, files, { asBulk: options.asBulk, bankList })
            queued.push(withFiles(row.rowNumber, localId))
            if (options.asBulk) bulkBatch.push({ localId, rowNumber: row.rowNumber })
          } catch (error) {
            if (!(error instanceof RowRefused)) throw error
            // An accepted row's cells were not kept (its input was); the errors say what to fix.
            refused.push({
              rowNumber: row.rowNumber,
              reason: 'not_queued',
              errors: error.errors,
              cells: [],
            })
          }
        }
        if (options.asBulk)
          bulkIds = queueBulk(
            core,
            bulkBatch.sort((a, b) => a.rowNumber - b.rowNumber),
            sourceName,
          )
      }
      try {
        inOneTransaction(core, queueBatch)
      } catch (error) {
        if (!storageProblemOf(error)) throw error
        stopImport(core.dataDir, outcome, accepted.slice(from), error)
        break
      }
      // Said only now that the batch is committed.
      outcome.queued.push(...queued)
      outcome.rejected.push(...refused)
      outcome.bulkOperationIds.push(...bulkIds)
      options.onProgress?.({
        ...lastProgress,
        accepted: accepted.length,
        rejected: outcome.rejected.length,
        queued: outcome.queued.length,
      })
    }
    outcome.queued.sort((a, b) => a.rowNumber - b.rowNumber)
    if (outcome.queued.length > 0) core.queued()
  }
  outcome.rejected.sort((a, b) => a.rowNumber - b.rowNumber)
  outcome.totals.queued = outcome.queued.length
  outcome.totals.rejected = outcome.rejected.length
  return outcome
}

function attachmentRoot(source: TableSource, attachmentsDir?: string): AttachmentRoot | null {
  if (attachmentsDir !== undefined) {
    const folder = resolve(attachmentsDir)
    return { folder, label: `the attachments folder ${folder}` }
  }
  if (!('path' in source)) return null
  const folder = dirname(resolve(source.path))
  return { folder, label: `the spreadsheet's folder (${folder})` }
}
