import { closeSync, constants, fstatSync, openSync, readSync, realpathSync } from 'node:fs'
import { basename, isAbsolute, relative, resolve, sep, win32 } from 'node:path'
import {
  ATTACHMENT_TYPES,
  checkAttachment,
  MAX_ATTACHMENT_BYTES,
  sniffFileType,
  type AttachmentType,
} from '../../shared/file-types'
import type { AttachmentFileCell, BulkRowError } from '../spreadsheet/index'

/**
 * A spreadsheet from a partner is a trust boundary: its attachment cells name files on this
 * computer, and whatever they name is uploaded to the registry for every organization to see.
 * So a cell may only name a file inside the folder the user put the spreadsheet in (or the
 * folder they named for its attachments): no full paths, no `..`, no link that leads out once
 * followed, only regular files of the allowed types (decided by their content).
 */

/** Where a spreadsheet's attachment paths may point, and how to name that folder in messages. */
export interface AttachmentRoot {
  folder: string
  /** "the spreadsheet's folder (/home/ada/cases)", or the folder the user named. */
  label: string
}

/** A file a row would upload, checked. */
export interface CheckedAttachmentFile {
  column: string
  cell?: string
  /** As written in the cell. */
  path: string
  /** Where it really is, links followed: what is read. */
  realPath: string
  fileName: string
  size: number
  type: AttachmentType
  mimeType: string
}

export type AttachmentFileCheck =
  { ok: true; file: CheckedAttachmentFile } | { ok: false; error: BulkRowError }

/** Checks one attachment cell that holds a path: everything the real import checks, nothing written. */
export function checkAttachmentFile(
  cell: AttachmentFileCell,
  root: AttachmentRoot | null,
): AttachmentFileCheck {
  const refuse = (message: string): AttachmentFileCheck => ({
    ok: false,
    error: {
      column: cell.column,
      message: `"${cell.path.slice(0, 200)}": ${message}`,
      ...(cell.cell ? { cell: cell.cell } : {}),
    },
  })
  if (root === null)
    return refuse(
      'a spreadsheet opened in the window has no folder to read files from, so it can only carry links (https://…). Add the file to the report in the editor after the import.',
    )
  const written = cell.path
  if (isAbsolute(written) || win32.isAbsolute(written) || written.startsWith('~'))
    return refuse(
      `a full path is not read from a spreadsheet. Put the file in ${root.label} (or a folder inside it) and write its path from there, like evidence/statement.pdf.`,
    )
  if (written.split(/[\\/]/).includes('..'))
    return refuse(
      `the path goes up out of ${root.label} (".."). Put the file inside that folder and write its path from there.`,
    )
  let realRoot: string
  let realPath: string
  try {
    realRoot = realpathSync(root.folder)
    realPath = realpathSync(resolve(root.folder, written))
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    return refuse(
      code === 'ENOENT' || code === 'ENOTDIR'
        ? `there is no such file in ${root.label}. Check the name, or put the file there.`
        : `the file cannot be read (${code ?? (error as Error).message}). Check that it exists and that you may read it.`,
    )
  }
  const inside = relative(realRoot, realPath)
  if (inside === '' || inside.startsWith(`..${sep}`) || inside === '..' || isAbsolute(inside))
    return refuse(
      `this is a link to a file outside ${root.label}; only files inside it are uploaded. Copy the file itself into the folder.`,
    )
  const fileName = basename(written)
  let fd: number | undefined
  try {
    // Non-blocking: a FIFO named as an attachment would otherwise hang the import at open.
    fd = openSync(realPath, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0))
    const stat = fstatSync(fd)
    if (!stat.isFile()) return refuse('this is not a file (a folder, device or pipe). Name a file.')
    const head = new Uint8Array(Math.min(stat.size, MAX_ATTACHMENT_BYTES))
    const read = stat.size > MAX_ATTACHMENT_BYTES ? 0 : readSync(fd, head, 0, head.length, 0)
    const type =
      stat.size > MAX_ATTACHMENT_BYTES ? null : sniffFileType(head.subarray(0, read), fileName)
    const problem = checkAttachment(stat.size, type, fileName)
    if (problem || !type) return refuse(problem ?? 'not a file type the registry takes.')
    return {
      ok: true,
      file: {
        column: cell.column,
        ...(cell.cell ? { cell: cell.cell } : {}),
        path: written,
        realPath,
        fileName,
        size: stat.size,
        type,
        mimeType: ATTACHMENT_TYPES[type].mime,
      },
    }
  } catch (error) {
    return refuse(
      `the file cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}). Check that you may read it.`,
    )
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

/** Checks every file of a row: the files it would upload, or every refusal (one per cell). */
export function checkRowFiles(
  cells: readonly AttachmentFileCell[],
  root: AttachmentRoot | null,
): { files: CheckedAttachmentFile[]; errors: BulkRowError[] } {
  const files: CheckedAttachmentFile[] = []
  const errors: BulkRowError[] = []
  for (const cell of cells) {
    const checked = checkAttachmentFile(cell, root)
    if (checked.ok) files.push(checked.file)
    else errors.push(checked.error)
  }
  return { files, errors }
}

/**
 * Reads a checked file for the import: its real path (no link left in it) opened without
 * following a link, so a file swapped for a link after the check is refused, not read.
 */
export function readCheckedFile(file: CheckedAttachmentFile): Uint8Array {
  const fd = openSync(
    file.realPath,
    constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0),
  )
  try {
    const stat = fstatSync(fd)
    if (!stat.isFile() || stat.size > MAX_ATTACHMENT_BYTES)
      throw new Error(`${file.path} changed after it was checked; import the spreadsheet again.`)
    const bytes = new Uint8Array(stat.size)
    let read = 0
    while (read < bytes.length) {
      const n = readSync(fd, bytes, read, bytes.length - read, read)
      if (n === 0) break
      read += n
    }
    return bytes.subarray(0, read)
  } finally {
    closeSync(fd)
  }
}
