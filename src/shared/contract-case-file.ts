import { z } from 'zod'
import { CASE_FILE_INVOKE_CHANNELS as C } from './ipc-channels-case-file'

/*
 * A case file over IPC: the core builds the zip of one report (case.pdf, the registry's answer,
 * the attachments, the retrieval log, the s.84 certificate, SHA256SUMS) in memory and hands its
 * bytes to main, which asks where to save it in its own dialog (contract-files.ts,
 * saveCaseFile). The window names the report only; never a path.
 */

/** Three attachments of at most 10 MiB, twice (the files and the pictures in case.pdf), and room. */
export const MAX_CASE_FILE_BYTES = 128 * 1024 * 1024

export const caseFileInputSchema = z.strictObject({
  /** The report's registry id: one of the organization's submissions, or a report from a search. */
  id: z.string().min(1).max(200),
})

export const caseFileContract = {
  caseFileBuild: {
    channel: C.caseFileBuild,
    input: caseFileInputSchema,
    output: z.discriminatedUnion('ok', [
      z.strictObject({
        ok: z.literal(true),
        /** case-<id>-<time>.zip, the name main's dialog suggests. */
        fileName: z.string(),
        bytes: z.instanceof(Uint8Array).refine((b) => b.length <= MAX_CASE_FILE_BYTES),
        /** registry: decoded now; saved: this computer's copy, the registry did not give it. */
        source: z.enum(['registry', 'saved']),
        attachments: z.array(
          z.strictObject({
            fileName: z.string(),
            from: z.enum(['registry', 'kept', 'missing']),
          }),
        ),
      }),
      z.strictObject({ ok: z.literal(false), message: z.string() }),
    ]),
  },
} as const
