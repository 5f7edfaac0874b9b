import { rowRanges } from '../../shared/row-ranges'
import { isRegistryError } from '../registry/registry-error'
import { randomUUID } from 'node:crypto'
import { dirname, resolve } from 'node:path'
import { reportFingerprint } from '../../shared/domain/fingerprint'
import type { ReportInput } from '../../shared/domain/report-input'
import { AttachmentRefusedError } from '../attachments/attachment-store'
import {
  checkRowFiles,
  readCheckedFile,
  type AttachmentRoot,
  type CheckedAttachmentFile,
} from './attachment-files'
import type { CasefileCore } from '../casefile-core'
import { draftSchema } from '../drafts/draft'
import { setDraft, setFingerprint } from '../drafts/drafts-repository'
import { insertOperation } from '../outbox/outbox-repository'
import { draftToPayload, queueCheckedReports, queueReport } from '../outbox/queue-report'
import { prepare } from '../store/prepare'
import { submissionsRefreshedAt } from '../cache/offline-search'
import { describeStorageFailure, storageProblemOf } from '../store/storage-failure'
import type { BulkFileProblem } from '../spreadsheet/bulk-file-error'
import {
  importBulkFile,
  type BulkAcceptedRow,
  type BulkImportProgress,
  type BulkImportResult,
  type BulkRowError,
  type KnownReportState,
} from '../spreadsheet/bulk-rows'
import type { TableSource } from '../spreadsheet/read-table'

/** Rows per bulk_upload operation (the registry's row limit is not documented; the sandbox takes 1,000). */
export const BULK_CHUNK_ROWS = 500
/**
 * Rows per transaction: one durable commit (a disk sync) per batch, and "queued" said for the
 * batch once it has committed. Large enough that the sync is a small share of the batch.
 */
const TRANSACTION_ROWS = 5000

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

/** Fingerprints of the organization's cached submissions, for "already submitted" (computed once per import). */
function submittedFingerprints(core: CasefileCore): Set<string> {
  const set = new Set<string>()
  for (const { record_json } of prepare<[], { record_json: string }>(
    core.db,
    "SELECT record_json FROM cached_reports WHERE kind = 'report' AND own = 1",
  ).iterate()) {
    const record = JSON.parse(record_json) as {
      fraudType?: string
      fraudReason?: string
      identifiers?: { label?: string; value: string }[]
    }
    set.add(
      reportFingerprint({
        fraudType: record.fraudType ?? '',
        fraudReason: record.fraudReason ?? '',
        identifiers: (record.identifiers ?? []).map((i) => ({
          label: i.label ?? '',
          value: i.value,
        })),
      }),
    )
  }
  return set
}

/**
 * Whether a row's report is already queued or submitted. The local reports' fingerprints are
 * read once, in one indexed scan, rather than looked up row by row (a lookup a row was a tenth
 * of a 50,000-row import); the cached submissions only if a row is not found among them.
 */
function knownState(core: CasefileCore): (fingerprint: string) => KnownReportState | null {
  const local = new Map<string, KnownReportState>()
  for (const { fingerprint, status } of prepare<[], { fingerprint: string; status: string }>(
    core.db,
    "SELECT fingerprint, status FROM reports WHERE fingerprint IS NOT NULL AND status IN ('queued', 'submitted', 'unlisted')",
  ).iterate()) {
    // A report queued again after it was sent counts as queued, as the row-by-row lookup did.
    if (status === 'queued' || !local.has(fingerprint))
      local.set(fingerprint, status === 'queued' ? 'queued' : 'submitted')
  }
  let submitted: Set<string> | null = null
  return (fingerprint) => {
    const state = local.get(fingerprint)
    if (state) return state
    submitted ??= submittedFingerprints(core)
    return submitted.has(fingerprint) ? 'submitted' : null
  }
}

/**
 * Brings this computer's copy of the organization's submissions up to date before the rows are
 * checked, so "already submitted" is the organization's answer: another data folder of the
 * organization (another laptop) may have sent the same rows. When the registry cannot be
 * asked, the copy answers, and the note returned says so and as of when.
 */
async function refreshOrganizationSubmissions(core: CasefileCore): Promise<BulkFileProblem | null> {
  try {
    await core.refreshSubmissions()
    return null
  } catch (error) {
    if (!isRegistryError(error)) throw error
    const asOf = submissionsRefreshedAt(core.db)
    return {
      code: 'submissions_not_checked',
      blocking: false,
      message: `The registry could not be asked (${error.message.replace(/[.\s]+$/, '')}), so rows were checked against this computer's copy of the organization's submissions (${asOf ? `as of ${asOf}` : 'never fetched'}): a row sent from another computer since then is not recognised as already submitted.`,
    }
  }
}

/**
 * Imports a bulk spreadsheet into the outbox. Every data row ends up queued, rejected with its
 * reasons (row, column, message), or reported as an empty row skipped: nothing is dropped.
 * Attachments may be links or paths of files on this computer (relative to the spreadsheet).
 */
export async function importSpreadsheet(
  core: CasefileCore,
  source: TableSource,
  options: ImportOptions = {},
): Promise<ImportOutcome> {
  const sourceName = options.sourceName ?? ('path' in source ? source.path : 'the spreadsheet')
  // Bank cells may name a bank by name, slug or code: resolved against the registry's list,
  // fetched first when this computer has none. Without it, names and codes are refused (with
  // why), and slugs are left for the registry to check.
  let banks = core.banks()
  let banksUnavailable: string | undefined
  if (banks.length === 0) {
    try {
      await core.refreshBanks()
      banks = core.banks()
    } catch (error) {
      if (!isRegistryError(error)) throw error
      banksUnavailable = `the bank list is not on this computer yet and could not be fetched (${error.message.replace(/[.\s]+$/, '')})`
    }
  }
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
    for (const row of accepted) {
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
      const batch = accepted.slice(from, from + TRANSACTION_ROWS)
      // Rows whose attachments are all links were checked by the report schema when read: they
      // are queued with two prepared inserts each. A row with files to copy, or bound for a
      // bulk upload, goes the long way in its own savepoint, so a refused file refuses its row only.
      const quick = options.asBulk ? [] : batch.filter((row) => row.attachments.every(isLink))
      const slow = options.asBulk ? batch : batch.filter((row) => !row.attachments.every(isLink))
      const queued: ImportedRow[] = []
      const refused: RefusedRow[] = []
      let bulkIds: number[] = []
      // The batch's rows, their copied files and (asBulk) their bulk uploads commit together:
      // a disk that fills leaves the batch out whole, never a row without its operation.
      const queueBatch = () => {
        const bulkBatch: { localId: string; rowNumber: number }[] = []
        const now = Date.now()
        const ids = queueCheckedReports(
          core.db,
          quick.map((row) => ({
            // The schema's output (importBulkFile keeps parsed.data), typed as its input.
            input: row.input as ReportInput,
            attachmentUrls: row.attachments,
            fingerprint: row.fingerprint,
          })),
          { now, origin: 'import' },
        )
        quick.forEach((row, i) => queued.push({ rowNumber: row.rowNumber, localId: ids[i] ?? '' }))
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
        if (options.asBulk) bulkIds = queueBulk(core, bulkBatch, sourceName)
      }
      try {
        core.inOneTransaction(queueBatch)
      } catch (error) {
        if (!storageProblemOf(error)) throw error
        stopImport(core, outcome, accepted.slice(from), error)
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
    if (outcome.queued.length > 0) core.notifyQueued()
  }
  outcome.rejected.sort((a, b) => a.rowNumber - b.rowNumber)
  outcome.totals.queued = outcome.queued.length
  outcome.totals.rejected = outcome.rejected.length
  return outcome
}

const isLink = (attachment: string) => /^https?:\/\//i.test(attachment)

/**
 * The data folder could not be written (a full disk): the rows from `notQueued` on are not
 * queued, each says why, and the outcome says where the import stopped. What was committed
 * before stays queued and listed.
 */
function stopImport(
  core: CasefileCore,
  outcome: ImportOutcome,
  notQueued: readonly BulkAcceptedRow[],
  error: unknown,
): void {
  const rows = notQueued.map((row) => row.rowNumber)
  const count = (n: number) => `${n.toLocaleString('en-US')} row${n === 1 ? '' : 's'}`
  const why = describeStorageFailure(
    error,
    core.dataDir,
    `${count(outcome.queued.length)} ${outcome.queued.length === 1 ? 'is' : 'are'} queued (listed); ${count(rows.length)} ${rows.length === 1 ? 'was' : 'were'} not (rows ${rowRanges(rows)}): import the file again then, and the rows already queued are recognised and skipped.`,
  ) as string
  const message = `The import stopped at row ${rows[0]}: ${why.charAt(0).toLowerCase()}${why.slice(1)}`
  outcome.stopped = { message, rows }
  outcome.fileProblems = [
    ...outcome.fileProblems,
    { code: 'import_stopped', blocking: false, message },
  ]
  for (const rowNumber of rows)
    outcome.rejected.push({
      rowNumber,
      reason: 'not_queued',
      errors: [
        {
          column: '',
          message:
            'Not queued: the import stopped before this row (see why above). Import the file again.',
        },
      ],
      cells: [],
    })
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

/**
 * One row the long way, in its own savepoint: its local files copied into the data folder,
 * then queued alone or (asBulk) marked queued for a bulk upload. Returns its local id; throws
 * RowRefused (nothing of the row kept) when a file or the row cannot be queued.
 */
function queueOneRow(
  core: CasefileCore,
  row: BulkAcceptedRow,
  files: readonly CheckedAttachmentFile[],
  options: { asBulk?: boolean; bankList?: ReadonlySet<string> },
): string {
  return core.inOneTransaction(() => {
    const urls = row.attachments.filter(isLink)
    const draft = core.createDraft({
      ...row.input,
      identifiers: row.input.identifiers ?? [],
      attachmentUrls: urls,
    })
    const attachmentIds = files.map((file) => {
      const where = { column: file.column, ...(file.cell ? { cell: file.cell } : {}) }
      let bytes: Uint8Array
      try {
        // The checked file, read again without following a link (it may have changed since).
        bytes = readCheckedFile(file)
      } catch (error) {
        const why = (error as NodeJS.ErrnoException).code ?? (error as Error).message
        throw new RowRefused([
          { ...where, message: `"${file.path}" could not be read (${why}); import the row again.` },
        ])
      }
      try {
        return core.addAttachment(draft.localId, { bytes, fileName: file.fileName }).id
      } catch (error) {
        // Refused for the file itself; a copy the data folder cannot take stops the import.
        if (error instanceof AttachmentRefusedError)
          throw new RowRefused([{ ...where, message: error.message }])
        throw error
      }
    })
    const saved = core.saveDraft(draft.localId, { ...draft.draft, attachmentIds })
    if (options.asBulk) {
      const built = draftToPayload(saved.draft, options.bankList)
      if (!built.ok)
        throw new RowRefused(built.issues.map((i) => ({ column: i.path, message: i.message })))
      setDraft(core.db, draft.localId, saved.draft, Date.now(), 'queued')
      setFingerprint(core.db, draft.localId, reportFingerprint(built.payload.input))
    } else {
      const queued = queueReport(core.db, draft.localId, { now: Date.now() })
      if (!queued.ok)
        throw new RowRefused(queued.issues.map((i) => ({ column: i.path, message: i.message })))
    }
    return draft.localId
  })
}

class RowRefused extends Error {
  constructor(readonly errors: BulkRowError[]) {
    super(errors.map((e) => e.message).join(' '))
  }
}

/** One chain per 500 rows: the uploads of their local attachments, then the bulk upload. */
function queueBulk(
  core: CasefileCore,
  rows: readonly { localId: string; rowNumber: number }[],
  sourceName: string,
): number[] {
  const ids: number[] = []
  core.db.transaction(() => {
    for (let from = 0; from < rows.length; from += BULK_CHUNK_ROWS) {
      const chunk = rows.slice(from, from + BULK_CHUNK_ROWS)
      const chainId = `bulk-${randomUUID()}`
      const now = Date.now()
      for (const { localId } of chunk)
        for (const attachment of core.listAttachments(localId))
          insertOperation(core.db, {
            chainId,
            kind: 'upload_attachment',
            payload: { attachmentId: attachment.id },
            now,
          })
      ids.push(
        insertOperation(core.db, {
          chainId,
          kind: 'bulk_upload',
          payload: { rows: chunk, sourceName },
          now,
        }).id,
      )
    }
  })()
  return ids
}
