import { safeSaveName } from '../../shared/save-name'
import { existsSync } from 'node:fs'
import { basename, extname, resolve } from 'node:path'
import type { z } from 'zod'
import type { ContractHandlers } from '../../shared/contracts'
import type { CaseExportWhat } from '../../shared/contracts/case-export'
import type { SignedBy } from '../../shared/contracts/case-file'
import { mainWorkContract, type WorkHandlers } from '../../shared/contracts/work'
import { replacePrivateFileAsync, writeFailureReason } from '../../core/private-files'
import type { SaveWhat } from './choose-save-path'
import { unwrittenSaid } from './unwritten-words'

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
    | 'bulkRejectedRows'
    | 'attachmentCopy'
    | 'screeningExport'
    | 'caseExportOffer'
    | 'caseExportWrite'
  >
  /**
   * Asks the person, in main's own save dialog, where to save a file (the name suggested);
   * resolves the path chosen, or null when the dialog was closed. The window never names a path.
   */
  chooseSavePath: (suggestedName: string, what?: SaveWhat) => Promise<string | null>
  /** Where main notes what the person is not told (a system's code for a file not written). */
  log?: (message: string) => void
}

/**
 * Writes whole, beside the target then renamed into place: a failed write leaves what was there.
 * Owner-only (0600) whatever the umask: every file saved here holds suspects' data.
 */
async function writeReplacing(path: string, bytes: Uint8Array): Promise<void> {
  try {
    await replacePrivateFileAsync(path, bytes)
  } catch (error) {
    const reason = writeFailureReason((error as { code?: string }).code)
    throw new Error(unwrittenSaid(basename(path), reason))
  }
}

/** A call main alone makes of the core (mainWorkContract), parsed on the way there and back. */
async function askCore<M extends keyof typeof mainWorkContract>(
  work: FileServices['work'],
  method: M,
  input: z.input<(typeof mainWorkContract)[M]['input']>,
): Promise<z.output<(typeof mainWorkContract)[M]['output']>> {
  const spec = mainWorkContract[method]
  const handler = work()[method] as (input: unknown) => unknown
  return spec.output.parse(await handler(spec.input.parse(input))) as z.output<
    (typeof mainWorkContract)[M]['output']
  >
}

type Exported =
  | { saved: false; fileName: null; fingerprint: null; signedBy: null; message: string | null }
  | {
      saved: true
      fileName: string
      fingerprint: string
      signedBy: SignedBy | null
      message: null
    }

const notSaved = (message: string | null): Exported => ({
  saved: false,
  fileName: null,
  fingerprint: null,
  signedBy: null,
  message,
})

/**
 * A case's bundle or a report's case file: the core says what it would be named (or why it
 * cannot be made: then no dialog), main asks where in its own dialog, and only then the core
 * makes the zip and writes it at that path. Nothing is made when the dialog is closed, nothing
 * written before the person has chosen; the window never names the path.
 */
async function exportZip(services: FileServices, what: CaseExportWhat): Promise<Exported> {
  const offer = await askCore(services.work, 'caseExportOffer', what)
  if (offer.outcome === 'refused') return notSaved(offer.message)
  const chosen = await services.chooseSavePath(
    safeSaveName(offer.fileName, 'zip'),
    what.kind === 'case' ? 'case' : 'case-file',
  )
  if (chosen === null) return notSaved(null)
  const typed = resolve(chosen)
  const path = extname(typed).toLowerCase() === '.zip' ? typed : `${typed}.zip`
  const fileName = basename(path)
  // The dialog asked before replacing what was chosen, not what `.zip` added made of it.
  if (path !== typed && existsSync(path))
    return notSaved(
      `${fileName} is already there, and the dialog did not ask to replace it: nothing was written. Export again and choose ${fileName} itself to replace it, or give another name.`,
    )
  const written = await askCore(services.work, 'caseExportWrite', { what, path })
  if (written.outcome === 'refused') return notSaved(written.message)
  if (written.outcome === 'unwritten') {
    if (written.errno) services.log?.(`${fileName} was not written (${written.errno})`)
    return notSaved(unwrittenSaid(fileName, written.reason))
  }
  return {
    saved: true,
    fileName,
    fingerprint: written.fingerprint,
    signedBy: written.signedBy,
    message: null,
  }
}

/**
 * Files the window asks to save: the core makes the bytes, main asks where in its own dialog
 * and writes them there (the format follows the name chosen: .csv, else .xlsx); a case's zip the
 * core writes itself, where main's dialog said.
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
      if (!copy.ok)
        return {
          saved: false,
          fileName: null,
          message: copy.message,
          ...(copy.refusal ? { refusal: copy.refusal } : {}),
        }
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
    // A report's case file: main asks where, then the core writes the zip there whole.
    saveCaseFile: ({ id }) => exportZip(services, { kind: 'report', id }),
    // A case's bundle, saved the same way (it may be hundreds of megabytes: never sent over IPC).
    saveCase: ({ caseId }) => exportZip(services, { kind: 'case', caseId }),
    // A screening job's hits: the core writes them (formulas neutralized), main asks where.
    saveScreeningHits: ({ job }) => saveScreening(job, 'hits'),
    // Every row of the job with its outcome: made and saved the same way.
    saveScreeningRecord: ({ job }) => saveScreening(job, 'record'),
  }
}
