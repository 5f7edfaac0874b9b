import { createHash, randomUUID } from 'node:crypto'
import { basename } from 'node:path'
import { MAX_ATTACHMENTS } from '../../shared/domain/report-input'
import {
  ATTACHMENT_TYPES,
  checkAttachment,
  MAX_ATTACHMENT_BYTES,
  sniffFileType,
} from '../../shared/file-types'
import { visibleName } from '../../shared/visible-name'
import { readRegularFile, RegularFileError } from '../regular-file'
import { prepare, type Db } from '../store/store'
import type { AttachmentFiles } from './attachment-files'

export interface StoredAttachment {
  id: string
  reportLocalId: string
  sha256: string
  fileName: string
  mimeType: string
  size: number
  url: string | null
}

/** An attachment's row in the store, as SQLite gives it. */
export interface AttachmentRow {
  id: string
  report_local_id: string
  sha256: string
  file_name: string
  mime_type: string
  size: number
  url: string | null
}

const toAttachment = (row: AttachmentRow): StoredAttachment => ({
  id: row.id,
  reportLocalId: row.report_local_id,
  sha256: row.sha256,
  // As it will be seen, in the window and by the registry's other members when it is uploaded
  // (a row an older version kept may still carry a right-to-left override).
  fileName: visibleName(row.file_name) || 'attachment',
  mimeType: row.mime_type,
  size: row.size,
  url: row.url,
})

export class AttachmentRefusedError extends Error {}

/**
 * Copies a file into the data folder, keyed by its content hash and encrypted in an encrypted
 * folder (the original may be moved or deleted before the outbox sends it), after checking its
 * size and its type by content.
 * The user's file name is kept for display only.
 */
export function addAttachment(
  db: Db,
  files: AttachmentFiles,
  reportLocalId: string,
  source: { path: string; fileName?: string } | { bytes: Uint8Array; fileName: string },
  now: number,
): StoredAttachment {
  // Kept as it will be seen (no bidi override or invisible character), so its type is judged on it.
  const fileName =
    visibleName(source.fileName ?? basename((source as { path: string }).path)) || 'attachment'
  let bytes: Uint8Array
  if ('path' in source) {
    const unreadable = () =>
      new AttachmentRefusedError(
        `${fileName} cannot be read: check that the file exists and that Casefile may open it.`,
      )
    // A regular file only, opened without blocking (a named pipe would hang the command).
    try {
      bytes = readRegularFile(source.path, {
        maxBytes: MAX_ATTACHMENT_BYTES,
        check: (stat) => {
          if (stat.size > MAX_ATTACHMENT_BYTES)
            throw new AttachmentRefusedError(checkAttachment(stat.size, null, fileName) ?? '')
        },
      })
    } catch (error) {
      if (!(error instanceof RegularFileError)) throw error
      if (error.problem === 'not-a-file')
        throw new AttachmentRefusedError(
          error.why.startsWith('is a folder')
            ? `${fileName} is a folder: attach the files in it one by one.`
            : `${fileName} ${error.why}: attach the file itself.`,
        )
      if (error.problem === 'too-large')
        throw new AttachmentRefusedError(
          checkAttachment(MAX_ATTACHMENT_BYTES + 1, null, fileName) ?? '',
        )
      throw unreadable()
    }
  } else {
    bytes = source.bytes
  }
  const type = sniffFileType(bytes, fileName)
  const problem = checkAttachment(bytes.length, type, fileName)
  if (problem || !type) throw new AttachmentRefusedError(problem ?? '')
  const count =
    prepare<[string], { n: number }>(
      db,
      'SELECT count(*) AS n FROM attachments WHERE report_local_id = ?',
    ).get(reportLocalId)?.n ?? 0
  if (count >= MAX_ATTACHMENTS)
    throw new AttachmentRefusedError(
      `A report takes at most ${MAX_ATTACHMENTS} attachments: remove one before adding ${fileName}.`,
    )

  const sha256 = createHash('sha256').update(bytes).digest('hex')
  files.write(sha256, bytes)
  const id = randomUUID()
  prepare(
    db,
    'INSERT INTO attachments (id, report_local_id, sha256, file_name, mime_type, size, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run(id, reportLocalId, sha256, fileName, ATTACHMENT_TYPES[type].mime, bytes.length, now)
  return getAttachment(db, id)
}

export function getAttachment(db: Db, id: string): StoredAttachment {
  const row = prepare<[string], AttachmentRow>(db, 'SELECT * FROM attachments WHERE id = ?').get(id)
  if (!row) throw new Error(`Attachment ${id} is not in this data folder.`)
  return toAttachment(row)
}

export function storedAttachments(db: Db, reportLocalId: string): StoredAttachment[] {
  return prepare<[string], AttachmentRow>(
    db,
    'SELECT * FROM attachments WHERE report_local_id = ? ORDER BY created_at, id',
  )
    .all(reportLocalId)
    .map(toAttachment)
}

export function setAttachmentUrl(db: Db, id: string, url: string): void {
  prepare(db, 'UPDATE attachments SET url = ? WHERE id = ?').run(url, id)
}

export function removeAttachment(db: Db, id: string): void {
  prepare(db, 'DELETE FROM attachments WHERE id = ? AND url IS NULL').run(id)
}
