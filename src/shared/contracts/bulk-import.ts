import { z } from 'zod'
import { BULK_IMPORT_INVOKE_CHANNELS as C } from './bulk-import-channels'

/* A spreadsheet of reports over IPC: its template, a preview of its rows, and its import. */

const count = z.number().int().min(0)

/** A spreadsheet picked in the window: its name and bytes (at most 100 MB, the importer's own limit). */
const spreadsheetInput = {
  fileName: z.string().min(1).max(255),
  bytes: z
    .instanceof(Uint8Array)
    .refine(
      (b) => b.length <= 100 * 1024 * 1024,
      'The spreadsheet is larger than 100 MB: split it into smaller files.',
    ),
}

export const importOutcomeSchema = z.strictObject({
  mode: z.enum(['dry-run', 'individual', 'bulk']),
  totals: z.strictObject({ dataRows: count, queued: count, rejected: count, skippedEmpty: count }),
  /**
   * To the window: the queued rows that upload files from this computer (import-view.ts); all of
   * them are counted in totals.queued. The CLI's --json lists every queued row.
   */
  queued: z.array(
    z.strictObject({
      rowNumber: z.number().int(),
      localId: z.string().nullable(),
      /** The files on this computer the row uploads (or would, in a preview): nothing hidden. */
      files: z
        .array(
          z.strictObject({ column: z.string(), path: z.string(), size: count, type: z.string() }),
        )
        .optional(),
    }),
  ),
  rejected: z.array(
    z.strictObject({
      rowNumber: z.number().int(),
      reason: z.enum([
        'invalid',
        'duplicate_in_file',
        'already_queued',
        'already_submitted',
        'not_queued',
      ]),
      errors: z.array(
        z.strictObject({ column: z.string(), message: z.string(), cell: z.string().optional() }),
      ),
    }),
  ),
  skippedEmptyRows: z.array(z.number().int()),
  fileProblems: z.array(
    z.strictObject({
      code: z.string(),
      blocking: z.boolean(),
      column: z.string().optional(),
      message: z.string(),
    }),
  ),
  bulkOperationIds: z.array(z.number().int()),
})
export type ImportOutcomeView = z.infer<typeof importOutcomeSchema>

export const bulkImportContract = {
  bulkTemplate: {
    channel: C.bulkTemplate,
    input: z.strictObject({ format: z.enum(['xlsx', 'csv']) }),
    /** Base64, so it travels as text over any transport; the window turns it into a download. */
    output: z.strictObject({ fileName: z.string(), mimeType: z.string(), base64: z.string() }),
  },
  /** Reads and checks every row; queues nothing. */
  bulkPreview: {
    channel: C.bulkPreview,
    input: z.strictObject(spreadsheetInput),
    output: importOutcomeSchema,
  },
  /** Queues the valid rows: one report each, or bulk uploads with asBulk. */
  bulkQueue: {
    channel: C.bulkQueue,
    input: z.strictObject({ ...spreadsheetInput, asBulk: z.boolean().optional() }),
    output: importOutcomeSchema,
  },
  /**
   * The rows of the last spreadsheet previewed or queued that need fixing, as a file in the
   * format asked (main's saveRejectedRows writes it where the person chose); rows 0 when none.
   */
  bulkRejectedRows: {
    channel: C.bulkRejectedRows,
    input: z.strictObject({ format: z.enum(['xlsx', 'csv']) }),
    output: z.strictObject({ suggestedName: z.string(), rows: count, base64: z.string() }),
  },
} as const
