import { attachmentUrlSchema } from '../../shared/domain'
import type { RowCells } from './bulk-row-cells'

/** A file path written in an attachment cell. */
export interface AttachmentFileCell {
  column: string
  cell?: string
  path: string
}

const isUrlLike = (text: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(text)
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/

/**
 * attachment_1…3 of one row: each an https link (checked as the registry checks it) or the path
 * of a file on this computer to upload first (checked at import: import/attachment-paths.ts).
 * Returns them as written, in column order, and the paths with the cell each was written in.
 */
export function readAttachmentCells(
  columns: readonly string[],
  { cellOf, refOf, fail }: RowCells,
): { attachments: string[]; files: AttachmentFileCell[] } {
  const attachments: string[] = []
  const files: AttachmentFileCell[] = []
  for (const column of columns) {
    const written = cellOf(column).trim()
    if (written === '') continue
    if (isUrlLike(written)) {
      const parsed = attachmentUrlSchema.safeParse(written)
      if (!parsed.success) {
        fail(
          column,
          `${parsed.error.issues[0]?.message ?? 'Not a link.'} Or write the path of a file on this computer, which Casefile uploads first.`,
        )
        continue
      }
    } else if (CONTROL_CHARACTERS.test(written) || written.length > 4096) {
      fail(
        column,
        `"${written.slice(0, 80)}" is neither an https link nor a file path: write the link the upload returned, or the path of a file on this computer.`,
      )
      continue
    } else {
      const cell = refOf(column)
      files.push(cell ? { column, cell, path: written } : { column, path: written })
    }
    attachments.push(written)
  }
  return { attachments, files }
}
