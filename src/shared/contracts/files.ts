import { z } from 'zod'
import { attachmentRefSchema } from './attachments'
import { networkRefusalSchema } from '../network-refusal'
import { caseFileInputSchema, signedBySchema } from './case-file'
import { caseSaveSchemas } from './cases'
import { FILES_INVOKE_CHANNELS as C } from './files-channels'

// Files Casefile writes on the person's request, where they choose in main's own save dialog:
// the window never names a path, and never handles the file's bytes. A case's bundle and a
// report's case file are written by the core at the path main's dialog gave (case-export.ts).

export const filesContract = {
  /**
   * The rows of the last spreadsheet previewed or queued that need fixing, as a spreadsheet to
   * fix and import again (what `casefile import --rejected-out` writes): each row as it was, with
   * its row number and what to fix. `saved` is false when the dialog was closed; `fileName` is
   * the name chosen (not its folder); `rows` how many were written.
   */
  saveRejectedRows: {
    channel: C.saveRejectedRows,
    input: z.undefined(),
    output: z.strictObject({
      saved: z.boolean(),
      fileName: z.string().nullable(),
      rows: z.number(),
    }),
  },
  /**
   * A copy of an attachment (a kept file by id, or a link of a report this folder holds), where
   * the person chooses: the core reads the bytes, main asks where and writes them. `saved` is
   * false when the dialog was closed or the file could not be had (`message` says why).
   */
  saveAttachment: {
    channel: C.saveAttachment,
    input: attachmentRefSchema,
    output: z.strictObject({
      saved: z.boolean(),
      fileName: z.string().nullable(),
      message: z.string().nullable(),
      /** The network's refusal behind `message`, for the window's words. */
      refusal: networkRefusalSchema.optional(),
    }),
  },
  /**
   * A case file of a report (its registry id), where the person chooses: main asks where in its
   * own dialog, then the core makes the zip and writes it there (case-export.ts), signed with the
   * key kept for the data folder when there is one. `saved` is false when the dialog was closed
   * or no case file could be made or written (`message` says why); `fingerprint` is the one its
   * certificate states, `signedBy` who signed it (null: unsigned).
   */
  saveCaseFile: {
    channel: C.saveCaseFile,
    input: caseFileInputSchema,
    output: z.strictObject({
      saved: z.boolean(),
      fileName: z.string().nullable(),
      fingerprint: z.string().nullable(),
      signedBy: signedBySchema.nullable(),
      message: z.string().nullable(),
    }),
  },
  /**
   * A case's bundle (src/core/cases), where the person chooses: main asks where, then the core
   * writes the zip there, as for a report's case file. `saved` is false when the dialog was
   * closed or no bundle could be made or written (`message` says why); `fingerprint` is the one
   * its certificate states.
   */
  saveCase: { channel: C.saveCase, ...caseSaveSchemas },
  /**
   * The hits of a screening job (one line per input row and matching report), where the person
   * chooses: the core makes the file (screeningExport), main asks where and writes it; the
   * format follows the name chosen (.csv, else .xlsx). `saved` is false when the dialog was
   * closed or there was no hit to save (`rows` 0).
   */
  saveScreeningHits: {
    channel: C.saveScreeningHits,
    input: z.strictObject({ job: z.number().int().positive() }),
    output: z.strictObject({
      saved: z.boolean(),
      fileName: z.string().nullable(),
      rows: z.number(),
    }),
  },
  /**
   * The screening record of a job: every input row once, with each identifier's outcome
   * ("Reports on file", "No report on file", "Could not check: …", "Could not read: …") and as
   * of when. Made by the core (screeningExport with content 'record'), saved as the hits are.
   * `saved` is false when the dialog was closed or the job has no row (`rows` 0).
   */
  saveScreeningRecord: {
    channel: C.saveScreeningRecord,
    input: z.strictObject({ job: z.number().int().positive() }),
    output: z.strictObject({
      saved: z.boolean(),
      fileName: z.string().nullable(),
      rows: z.number(),
    }),
  },
} as const
