import { safeSaveName } from '../../shared/save-name'
import { randomBytes } from 'node:crypto'
import { rm, rename } from 'node:fs/promises'
import { basename, dirname, extname, join } from 'node:path'
import type { ContractHandlers } from '../../shared/contracts'
import type { WorkHandlers } from '../../shared/contracts/work'
import { writePrivateFileAsync } from '../../core/private-files'
import type { SaveWhat } from './choose-save-path'

export const FILE_METHODS = [
  'saveRejectedRows',
  'saveAttachment',
  'saveCaseFile',
  'saveCase',
  'saveScreeningHits',
  'saveScreeningRecord',
] as const
export type FileHandlers = Pick<ContractHandlers, (typeof FILE_METHODS)[number]>

export interface FileServices {
  /** The running core's work handlers (the core process makes the file's bytes). */
  work: () => Pick<
    WorkHandlers,
    'bulkRejectedRows' | 'attachmentCopy' | 'caseFileBuild' | 'caseBuild' | 'screeningExport'
  >
  /**
   * Asks the person, in main's own save dialog, where to save a file (the name suggested);
   * resolves the path chosen, or null when the dialog was closed. The window never names a path.
   */
  chooseSavePath: (suggestedName: string, what?: SaveWhat) => Promise<string | null>
}

/**
 * Writes whole, beside the target then renamed into place: a failed write leaves what was there.
 * Owner-only (0600) whatever the umask: every file saved here holds suspects' data.
 */
async function writeReplacing(path: string, bytes: Uint8Array): Promise<void> {
  const temporary = join(dirname(path), `.${basename(path)}.${randomBytes(6).toString('hex')}.tmp`)
  try {
    await writePrivateFileAsync(temporary, bytes)
    await rename(temporary, path)
  } catch (error) {
    await rm(temporary, { force: true })
    const code = (error as { code?: string }).code
    throw new Error(
      code === 'EACCES' || code === 'EPERM'
        ? `${basename(path)} cannot be written there: permission denied. Choose a folder you can write to.`
        : code === 'ENOSPC'
          ? `${basename(path)} cannot be written: the disk is full.`
          : `${basename(path)} could not be written (${code ?? (error as Error).message}).`,
    )
  }
}

/**
 * Files the window asks to save: the core makes the bytes, main asks where in its own dialog
 * and writes them there. The format follows the name chosen (.csv, else .xlsx).
 */
export function createFileHandlers(services: FileServices): FileHandlers {
  const saveScreening = async (job: number, content: 'hits' | 'record') => {
    const offer = await services.work().screeningExport({ job, format: 'xlsx', content })
    if (offer.rows === 0) return { saved: false, fileName: null, rows: 0 }
    const chosen = await services.chooseSavePath(
      safeSaveName(offer.suggestedName, 'xlsx'),
      content === 'hits' ? 'screening-hits' : 'screening-record',
    )
    if (chosen === null) return { saved: false, fileName: null, rows: offer.rows }
    const ext = extname(chosen).toLowerCase()
    const path = ext === '.csv' || ext === '.xlsx' ? chosen : `${chosen}.xlsx`
    const file =
      ext === '.csv'
        ? await services.work().screeningExport({ job, format: 'csv', content })
        : offer
    await writeReplacing(path, Buffer.from(file.base64, 'base64'))
    return { saved: true, fileName: basename(path), rows: file.rows }
  }
  return {
    saveRejectedRows: async () => {
      const offer = await services.work().bulkRejectedRows({ format: 'xlsx' })
      if (offer.rows === 0) return { saved: false, fileName: null, rows: 0 }
      const chosen = await services.chooseSavePath(offer.suggestedName)
      if (chosen === null) return { saved: false, fileName: null, rows: offer.rows }
      const ext = extname(chosen).toLowerCase()
      const path = ext === '.csv' || ext === '.xlsx' ? chosen : `${chosen}.xlsx`
      const file =
        ext === '.csv' ? await services.work().bulkRejectedRows({ format: 'csv' }) : offer
      await writeReplacing(path, Buffer.from(file.base64, 'base64'))
      return { saved: true, fileName: basename(path), rows: file.rows }
    },
    // The core reads the attachment (decrypted, or fetched and checked); main asks where and
    // writes it. Nothing is written until the person has chosen.
    saveAttachment: async (ref) => {
      const copy = await services.work().attachmentCopy(ref)
      if (!copy.ok) return { saved: false, fileName: null, message: copy.message }
      // The core named it (save-name.ts); named again here, as main trusts no name it is handed.
      const extension = extname(copy.fileName).slice(1).toLowerCase() || 'bin'
      const suggested = safeSaveName(copy.fileName, extension)
      const chosen = await services.chooseSavePath(suggested, 'attachment')
      if (chosen === null) return { saved: false, fileName: null, message: null }
      // Kept under its content's extension, whatever was typed in the dialog.
      const path =
        extname(chosen).toLowerCase() === `.${extension}` ? chosen : `${chosen}.${extension}`
      await writeReplacing(path, copy.bytes)
      return { saved: true, fileName: basename(path), message: null }
    },
    // The core builds the case file's zip in memory; main asks where and writes it whole.
    saveCaseFile: async (input) => {
      const built = await services.work().caseFileBuild(input)
      if (!built.ok) return { saved: false, fileName: null, message: built.message }
      const chosen = await services.chooseSavePath(built.fileName, 'case-file')
      if (chosen === null) return { saved: false, fileName: null, message: null }
      const path = extname(chosen).toLowerCase() === '.zip' ? chosen : `${chosen}.zip`
      await writeReplacing(path, built.bytes)
      return { saved: true, fileName: basename(path), message: null }
    },
    // A case's bundle: built by the core like a report's case file, saved the same way.
    saveCase: async (input) => {
      const built = await services.work().caseBuild(input)
      if (!built.ok)
        return { saved: false, fileName: null, fingerprint: null, message: built.message }
      const chosen = await services.chooseSavePath(built.fileName, 'case-file')
      if (chosen === null) return { saved: false, fileName: null, fingerprint: null, message: null }
      const path = extname(chosen).toLowerCase() === '.zip' ? chosen : `${chosen}.zip`
      await writeReplacing(path, built.bytes)
      return {
        saved: true,
        fileName: basename(path),
        fingerprint: built.fingerprint,
        message: null,
      }
    },
    // A screening job's hits: the core writes them (formulas neutralized), main asks where.
    saveScreeningHits: ({ job }) => saveScreening(job, 'hits'),
    // Every row of the job with its outcome: made and saved the same way.
    saveScreeningRecord: ({ job }) => saveScreening(job, 'record'),
  }
}
