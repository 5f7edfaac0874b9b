import { z } from 'zod'
import { signedBySchema } from './case-file'
import { caseIdSchema } from './cases'

/*
 * What main asks of the core, and the window never can: a case's bundle, or a report's case
 * file, written at the path the person chose in main's own save dialog (files.ts, saveCase and
 * saveCaseFile). These are not in the window's contract (index.ts): no page can call them, so no
 * page can name a path for the core to write. The core process serves them beside the work
 * channels; both ends parse the call and the answer with these schemas (main in file-handlers.ts,
 * the core in core-server.ts).
 *
 * The zip is written by the core beside the path under a temporary name, owner-only (0600), and
 * renamed to it only once whole: a failed write leaves what was there. It is signed with the
 * signing key kept for the data folder when there is one (`casefile signing-key create`).
 */

/** What is exported: a case (its bundle), or one registry report (its case file). */
export const caseExportWhatSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('case'), caseId: caseIdSchema }),
  z.strictObject({ kind: z.literal('report'), id: z.string().min(1).max(200) }),
])
export type CaseExportWhat = z.infer<typeof caseExportWhatSchema>

/** A path as an operating system's save dialog gives it: absolute (POSIX or Windows). */
const ABSOLUTE = /^(\/|[A-Za-z]:[\\/]|\\\\)/

/**
 * Where main's dialog said to write the zip: absolute, a .zip, one line. The core checks the
 * folder is there and that what has the name, if anything, is a file it may replace.
 */
export const exportPathSchema = z
  .string()
  .min(2)
  .max(4096)
  .refine((path) => ABSOLUTE.test(path), 'The path must be absolute.')
  .refine((path) => !/\p{Cc}/u.test(path), 'The path must be one line.')
  .refine((path) => /\.zip$/i.test(path), 'The path must name a .zip.')

/**
 * Why the zip is not where it was to go, as a code and the facts; main words it (the window
 * shows its words). `errno` is the system's own code, for main's log only.
 */
export const unwrittenReasonSchema = z.enum([
  /** The folder (or the file there) may not be written by this user. */
  'permission_denied',
  /** No room left on the disk. */
  'disk_full',
  /** The folder chosen is no longer there (removed, or its drive taken out). */
  'folder_missing',
  /** What has that name there is a folder or another thing than a file. */
  'not_a_file',
  /** Anything else the system refused. */
  'failed',
])
export type UnwrittenReason = z.infer<typeof unwrittenReasonSchema>

const refused = z.strictObject({ outcome: z.literal('refused'), message: z.string() })

export const caseExportContract = {
  /**
   * Before main's dialog opens: the name it suggests, or why nothing can be exported (an unknown
   * case, a signing key kept here that cannot be read), so the dialog is not shown for nothing.
   */
  caseExportOffer: {
    input: caseExportWhatSchema,
    output: z.discriminatedUnion('outcome', [
      z.strictObject({
        outcome: z.literal('offered'),
        /** <case id>-<time>.zip or case-<report id>-<time>.zip: the name main's dialog suggests. */
        fileName: z.string().min(1).max(255),
      }),
      refused,
    ]),
  },
  /**
   * The zip made and written at `path` (from main's dialog, never from the window). Recorded in
   * the case's exports (a case) and the folder's log under the name it was written as.
   */
  caseExportWrite: {
    input: z.strictObject({ what: caseExportWhatSchema, path: exportPathSchema }),
    output: z.discriminatedUnion('outcome', [
      z.strictObject({
        outcome: z.literal('written'),
        /** The SHA-256 of SHA256SUMS, as its certificate states it. */
        fingerprint: z.string(),
        /** Who signed it (the key kept for this data folder), or null: unsigned. */
        signedBy: signedBySchema.nullable(),
        /** Reports the registry did not give now: the zip holds this computer's copy of each. */
        savedCopies: z.array(z.string()),
      }),
      refused,
      z.strictObject({
        outcome: z.literal('unwritten'),
        reason: unwrittenReasonSchema,
        errno: z.string().nullable(),
      }),
    ]),
  },
} as const
