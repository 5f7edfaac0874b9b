import { randomUUID } from 'node:crypto'
import { reportFingerprint } from '../../shared/domain/fingerprint'
import {
  AttachmentRefusedError,
  addAttachment,
  listAttachments,
  createDraft,
  saveDraft,
  setDraft,
  setFingerprint,
} from '../drafts/drafts'
import type { CoreContext } from '../core-context'
import {
  inOneTransaction,
  insertOperation,
  BULK_CHAIN_PREFIX,
  draftToPayload,
  queueReportWith,
} from '../outbox/outbox'
import type { BulkAcceptedRow, BulkRowError } from '../spreadsheet/index'
import { readCheckedFile, type CheckedAttachmentFile } from './attachment-paths'
import { writeTransaction } from '../store/store'

/** Rows queued the long way: with local files to copy, or bound for a bulk upload. */

/** Rows per bulk_upload operation (the registry's row limit is not documented; the sandbox takes 1,000). */
export const BULK_CHUNK_ROWS = 500

export const isLink = (attachment: string) => /^https?:\/\//i.test(attachment)

/**
 * One row the long way, in its own savepoint: its local files copied into the data folder,
 * then queued alone or (asBulk) marked queued for a bulk upload. Returns its local id; throws
 * RowRefused (nothing of the row kept) when a file or the row cannot be queued.
 */
export function queueOneRow(
  core: CoreContext,
  row: BulkAcceptedRow,
  files: readonly CheckedAttachmentFile[],
  options: { asBulk?: boolean; bankList?: ReadonlySet<string> },
): string {
  return inOneTransaction(core, () => {
    const urls = row.attachments.filter(isLink)
    const draft = createDraft(core, {
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
        return addAttachment(core, draft.localId, { bytes, fileName: file.fileName }).id
      } catch (error) {
        // Refused for the file itself; a copy the data folder cannot take stops the import.
        if (error instanceof AttachmentRefusedError)
          throw new RowRefused([{ ...where, message: error.message }])
        throw error
      }
    })
    const saved = saveDraft(core, draft.localId, { ...draft.draft, attachmentIds })
    if (options.asBulk) {
      const built = draftToPayload(saved.draft, options.bankList)
      if (!built.ok)
        throw new RowRefused(built.issues.map((i) => ({ column: i.path, message: i.message })))
      setDraft(core.db, draft.localId, saved.draft, core.clock.now(), 'queued')
      setFingerprint(core.db, draft.localId, reportFingerprint(built.payload.input))
    } else {
      const queued = queueReportWith(core.db, draft.localId, { now: core.clock.now() })
      if (!queued.ok)
        throw new RowRefused(queued.issues.map((i) => ({ column: i.path, message: i.message })))
    }
    return draft.localId
  })
}

export class RowRefused extends Error {
  constructor(readonly errors: BulkRowError[]) {
    super(errors.map((e) => e.message).join(' '))
  }
}

/** One chain per 500 rows: the uploads of their local attachments, then the bulk upload. */
export function queueBulk(
  core: CoreContext,
  rows: readonly { localId: string; rowNumber: number }[],
  sourceName: string,
): number[] {
  const ids: number[] = []
  writeTransaction(core.db, () => {
    for (let from = 0; from < rows.length; from += BULK_CHUNK_ROWS) {
      const chunk = rows.slice(from, from + BULK_CHUNK_ROWS)
      const chainId = `${BULK_CHAIN_PREFIX}${randomUUID()}`
      const now = core.clock.now()
      for (const { localId } of chunk)
        for (const attachment of listAttachments(core, localId))
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
  })
  return ids
}
