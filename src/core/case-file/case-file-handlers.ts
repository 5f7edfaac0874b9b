import type { FeatureHandlers } from '../core-context'
import { CaseFileError, exportCaseFile } from './case-file'

/** Case files' slice of the contract: a report's zip, built in memory for main to save. */
export const caseFileHandlers: FeatureHandlers<'caseFileBuild'> = (core) => ({
  caseFileBuild: async ({ id }) => {
    try {
      const file = await exportCaseFile(core(), id)
      return {
        ok: true,
        fileName: file.fileName,
        // A copy of its own: a Buffer may be a view of a larger shared pool.
        bytes: new Uint8Array(file.bytes),
        source: file.summary.source,
        attachments: file.summary.attachments,
      }
    } catch (error) {
      if (error instanceof CaseFileError) return { ok: false, message: error.message }
      throw error
    }
  },
})
