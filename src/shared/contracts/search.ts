import { z } from 'zod'
import { identifierTypeSchema } from '../domain/identifiers'
import { publicReportSchema, reportRecordSchema } from '../domain/responses'
import { SEARCH_INVOKE_CHANNELS as C } from './search-channels'

/*
 * Search over IPC: an identifier at the registry or in the saved copy, the reports already on
 * file for the editor, reasons by their words, and the folder's pace of searches.
 */

const count = z.number().int().min(0)

export const searchQuerySchema = z.strictObject({
  identifier: identifierTypeSchema,
  value: z.string().trim().min(1, 'Enter the value to search for.').max(1000),
  offline: z.boolean().optional(),
  /** An account number without its bank: asked at every bank of the list, not only those it fits. */
  allBanks: z.boolean().optional(),
})

/** A report of this computer's outbox carrying the identifier searched: not yet sent. */
export const waitingReportSchema = z.strictObject({
  localId: z.string(),
  /** The registry's id when this is an update of a report it has; null for a new report. */
  registryId: z.string().nullable(),
  fraudType: z.string(),
  fraudReason: z.string(),
  identifiers: z.array(z.strictObject({ label: z.string(), value: z.string() })),
  queuedAt: z.string(),
  /** Its identifiers that matched, as written in it. */
  matchedAs: z.array(z.string()),
})
export type WaitingReportView = z.infer<typeof waitingReportSchema>

export const searchAnswerSchema = z.strictObject({
  source: z.enum(['online', 'offline']),
  reports: z.array(reportRecordSchema),
  publicReports: z.array(publicReportSchema),
  asOf: z.strictObject({
    search: z.string().optional(),
    submissions: z.string().optional(),
    /** When this computer's outbox was read for what waits in it: the answer's own time. */
    outbox: z.string(),
  }),
  offlineReason: z.strictObject({ kind: z.string(), message: z.string() }).optional(),
  /** The values searched, the stored form first: a phone's spellings, an account at each bank. */
  searched: z.array(z.string()),
  /** The values that found each record, by `report:<id>` or `public_report:<id>`. */
  matchedAs: z.record(z.string(), z.array(z.string())),
  /** An account number searched without its bank: the banks asked (those its CBN code fits, or all). */
  banks: z
    .array(z.strictObject({ slug: z.string(), name: z.string(), code: z.string().nullable() }))
    .optional(),
  /** An account number searched without its bank: how many banks of the list were not asked. */
  banksNotSearched: count.optional(),
  /** Records found on this computer only, with the number at a bank not asked: where from. */
  foundHere: z
    .array(
      z.strictObject({
        key: z.string(),
        from: z.enum(['own', 'saved']),
        seenAt: z.string(),
      }),
    )
    .optional(),
  /** Values the registry refused to search, with its words. */
  refused: z.array(z.strictObject({ value: z.string(), message: z.string() })).optional(),
  /** Reports waiting in this computer's outbox that carry the identifier. */
  waiting: z.array(waitingReportSchema),
  /** Which of `reports` the organization filed (it can open and update them). */
  ownIds: z.array(z.string()).optional(),
})
export type SearchAnswerView = z.infer<typeof searchAnswerSchema>

/** One report already on file for an identifier (the editor's "Already on file" panel). */
export const onFileMatchSchema = z.strictObject({
  /** The registry's id; for a report not yet sent (`unsent`), its id on this computer. */
  id: z.string(),
  /** `unsent`: waiting in this computer's outbox, not yet on the registry. */
  kind: z.enum(['report', 'public_report', 'unsent']),
  /** Filed by this organization: it may update that report instead of filing again. */
  own: z.boolean(),
  fraudType: z.string().nullable(),
  createdAt: z.string().nullable(),
  /** The filing organization, when the registry shows it. */
  organization: z.string().nullable(),
  /** The identifier as the report holds it, when written otherwise than asked (+234…). */
  matchedAs: z.array(z.string()).optional(),
})

export const onFileAnswerSchema = z.strictObject({
  identifier: identifierTypeSchema,
  value: z.string(),
  /** cache: the saved copy, asked first; online: the registry; offline: it could not be reached. */
  source: z.enum(['cache', 'online', 'offline']),
  asOf: z.string().nullable(),
  reason: z.string().nullable(),
  matches: z.array(onFileMatchSchema),
})
export type OnFileAnswerView = z.infer<typeof onFileAnswerSchema>

/** The folder's search pace: where it is now, the ceiling, and whether the organization set it. */
export const searchPaceSchema = z.strictObject({
  rate: z.number(),
  maxRate: z.number(),
  defaultMaxRate: z.number(),
  maxRateSet: z.boolean(),
})
export type SearchPaceView = z.infer<typeof searchPaceSchema>

export const searchContract = {
  /**
   * The reports already on file for identifiers: from the cache (at once, offline too), or with
   * online, from the registry (one search each, kept for offline use; the cache if unreachable).
   */
  onFile: {
    channel: C.onFile,
    input: z.strictObject({
      identifiers: z
        .array(
          z.strictObject({
            identifier: identifierTypeSchema,
            value: z.string().trim().min(1).max(1000),
          }),
        )
        .min(1)
        .max(20),
      online: z.boolean().optional(),
    }),
    output: z.strictObject({ results: z.array(onFileAnswerSchema) }),
  },
  searchRun: { channel: C.searchRun, input: searchQuerySchema, output: searchAnswerSchema },
  /** The folder's pace of background searches (issue 40) and the organization's ceiling. */
  searchPace: { channel: C.searchPace, input: z.undefined(), output: searchPaceSchema },
  /** Sets the organization's ceiling on searches a second (null: back to the default). */
  searchSetMaxRate: {
    channel: C.searchSetMaxRate,
    input: z.strictObject({ maxRate: z.number().min(1).max(1000).nullable() }),
    output: searchPaceSchema,
  },
  searchReasons: {
    channel: C.searchReasons,
    input: z.strictObject({
      text: z.string().max(500),
      limit: z.number().int().min(1).max(500).optional(),
    }),
    output: z.strictObject({
      source: z.literal('offline'),
      hits: z.array(
        z.strictObject({
          kind: z.enum(['report', 'public_report']),
          record: z.union([reportRecordSchema, publicReportSchema]),
          own: z.boolean(),
          seenAt: z.string(),
          /** A window of the reason around the first match; `match` parts are the words found. */
          snippet: z.array(z.strictObject({ text: z.string(), match: z.boolean() })),
        }),
      ),
      /** relevance (bm25), or newest first when the words are too common to rank. */
      order: z.enum(['relevance', 'newest']),
      broad: z.boolean(),
      asOf: z.strictObject({ submissions: z.string().optional() }),
    }),
  },
} as const
