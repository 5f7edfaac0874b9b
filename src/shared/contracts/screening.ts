import { z } from 'zod'
import { IDENTIFIER_TYPES, identifierTypeSchema } from '../domain/identifiers'
import { SCREENING_EVENT_CHANNELS, SCREENING_INVOKE_CHANNELS as C } from './screening-channels'

/*
 * Screening over IPC: a whole list of identifiers (a spreadsheet or a pasted list) checked
 * against what this computer knows at once, then against the registry by a durable job that
 * keeps to a rate and to the registry's quiet. The window polls `screeningShow` for progress.
 */

const count = z.number().int().min(0)
const jobId = z.number().int().positive()

/** What a column holds: an identifier type, the bank of the account column beside it, or nothing. */
export const SCREENING_COLUMN_TYPES = [...IDENTIFIER_TYPES, 'bank', 'ignore'] as const
export type ScreeningColumnType = (typeof SCREENING_COLUMN_TYPES)[number]
export const screeningColumnTypeSchema = z.enum(SCREENING_COLUMN_TYPES, {
  error: (issue) =>
    `${JSON.stringify(issue.input)} is not a column type: use one of ${SCREENING_COLUMN_TYPES.join(', ')}.`,
})

/**
 * Which column holds what, by the column's position (0 = A). Account columns pair with bank
 * columns in order: the first account column with the first bank column, and so on.
 */
export const screeningMappingSchema = z
  .array(
    z.strictObject({ column: z.number().int().min(0).max(999), type: screeningColumnTypeSchema }),
  )
  .max(1000)
export type ScreeningMapping = z.infer<typeof screeningMappingSchema>

/** The default pace of a screening job's searches (per second): polite to a shared registry. */
export const DEFAULT_SCREENING_RATE = 2
export const MAX_SCREENING_RATE = 50
/** The lowest row a list's column names may be on (`--header-row`, the window's choice). */
export const MAX_HEADER_ROW = 100

export const screeningSourceSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('file'),
    fileName: z.string().min(1).max(255),
    bytes: z
      .instanceof(Uint8Array)
      .refine((b) => b.length <= 100 * 1024 * 1024, 'The file is larger than 100 MB: split it.'),
  }),
  z.strictObject({
    /** One value per line; the type of each detected unless `type` says it for all. */
    kind: z.literal('list'),
    text: z.string().max(5 * 1024 * 1024),
    type: identifierTypeSchema.optional(),
  }),
])
export type ScreeningSource = z.infer<typeof screeningSourceSchema>

export const screeningPreviewSchema = z.strictObject({
  /** The header row's columns: 0-based index, letter as the sheet shows it, header text. */
  columns: z.array(z.strictObject({ index: count, letter: z.string(), name: z.string() })),
  /** The mapping a start would use: remembered for this header set, else suggested by names. */
  mapping: screeningMappingSchema,
  /** Whether `mapping` is the one remembered for this set of headers. */
  remembered: z.boolean(),
  /** The row the column names were read from: found below title rows, or the one asked for. */
  headerRow: z.number().int().positive(),
  /** The first data rows as read (at most 5), for the window to show beside the mapping. */
  sample: z.array(z.array(z.string())),
  dataRows: count,
})
export type ScreeningPreview = z.infer<typeof screeningPreviewSchema>

export const screeningTotalsSchema = z.strictObject({
  /** Input rows that hold at least one value. */
  rows: count,
  /** Distinct identifiers (the same one on many rows counts once, and is searched once). */
  identifiers: count,
  /** Identifiers searched on the registry by this job. */
  searched: count,
  /**
   * Each input row has one outcome (src/core/screening/screening-outcome.ts), and these add up
   * to `rows`: `hits` (reports on file), `clean` (no report on file: every identifier checked,
   * every cell read), `partly` (some identifier checked, another not, or a cell not read),
   * `notChecked` (none checked yet) and `unread` (nothing could be read).
   */
  hits: count,
  /** Rows without a hit not fully checked: partly + notChecked + unread. */
  unchecked: count,
  clean: count,
  partly: count,
  notChecked: count,
  unread: count,
})

/** What a job will ask before its first search (issue 40): shown before Start, and by `--estimate`. */
export const screeningEstimateSchema = z.strictObject({
  rows: count,
  identifiers: count,
  /** Identifiers with a spelling still to ask (the rest reuse an earlier job's answers). */
  identifiersToSearch: count,
  reusedIdentifiers: count,
  /** Requests to send: each spelling of each identifier once (a phone's several, an email's two). */
  searches: count,
  /** Requests an earlier job's answer, young enough, saves. */
  reusedSearches: count,
  /** At 'auto': the folder's pace now and the organization's ceiling it may rise to. */
  pace: z.strictObject({
    mode: z.enum(['fixed', 'auto']),
    rate: z.number(),
    ceiling: z.number().nullable(),
  }),
  /** The time the searches take at that pace (auto: at most, if the registry allows the ceiling). */
  seconds: count,
  /** The time without reuse: what reuse saves is the difference. */
  secondsWithoutReuse: count,
})
export type ScreeningEstimate = z.infer<typeof screeningEstimateSchema>

export const screeningJobSchema = z.strictObject({
  job: jobId,
  file: z.string(),
  /** open: searches remain and run when a runner runs; paused: by a person or --offline. */
  state: z.enum(['open', 'paused', 'cancelled', 'done']),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Searches a second of a fixed pace (0 at 'auto'). */
  rate: z.number(),
  /** fixed: `rate`; auto: the folder's pace, found from the registry's answers (issue 40). */
  pace: z.enum(['fixed', 'auto']),
  totals: screeningTotalsSchema,
  /** A runner is working on it in this process now. */
  running: z.boolean(),
  /** Why the runner waits, when it does (the registry's quiet, no connection). */
  waiting: z.strictObject({ reason: z.string(), until: z.string().nullable() }).nullable(),
})
export type ScreeningJobView = z.infer<typeof screeningJobSchema>

export const screeningHitSchema = z.strictObject({
  /** The input row as the spreadsheet shows it (header row 1), or the line of a pasted list. */
  row: z.number().int().positive(),
  type: identifierTypeSchema,
  /** The identifier as searched (normalized). */
  value: z.string(),
  /** As the cell wrote it. */
  written: z.string(),
  column: z.string(),
  /** exact: a report holds it as the cell wrote it; normalized: only after normalization. */
  matchedAs: z.enum(['exact', 'normalized']),
  /**
   * An account whose bank cell was empty (and no bank given for the whole file): searched at
   * every bank whose CBN code fits its check digit, so the bank is guessed from the number.
   */
  bankGuessed: z.boolean(),
  /** When what the answer rests on was learned (ISO): the registry's answer or the cache's. */
  asOf: z.string(),
  /** online: searched by this job; reused: an earlier screening's answer; cache: this computer's copy. */
  source: z.enum(['online', 'reused', 'cache']),
  reports: z.array(
    z.strictObject({
      id: z.string(),
      fraudType: z.string().nullable(),
      listingStatus: z.string().nullable(),
      organization: z.string().nullable(),
      own: z.boolean(),
      createdAt: z.string().nullable(),
      updatedAt: z.string().nullable(),
    }),
  ),
  publicReports: z.array(
    z.strictObject({
      id: z.string(),
      fraudType: z.string().nullable(),
      createdAt: z.string().nullable(),
    }),
  ),
})
export type ScreeningHitView = z.infer<typeof screeningHitSchema>

export const screeningProblemSchema = z.strictObject({
  row: z.number().int().positive(),
  /** The column's header (its letter when it has none); "line" for a pasted list. */
  column: z.string(),
  /** The cell as the sheet names it ("C7"), for a spreadsheet. */
  cell: z.string().optional(),
  value: z.string(),
  message: z.string(),
})

export const screeningShowSchema = screeningJobSchema.extend({
  hits: z.array(screeningHitSchema),
  /** Rows without a hit not fully checked, with their outcome and why (no connection yet, the registry refused a value, a cell not read). */
  unchecked: z.array(
    z.strictObject({
      row: z.number().int().positive(),
      outcome: z.enum(['partly', 'unchecked', 'unread']),
      reason: z.string(),
    }),
  ),
  /** More rows not fully checked than `unchecked` holds (it holds a page, as `hits` does). */
  moreUnchecked: z.boolean(),
  problems: z.array(screeningProblemSchema),
  /** More hits than this page holds. */
  more: z.boolean(),
})
export type ScreeningShowView = z.infer<typeof screeningShowSchema>

const jobInput = z.strictObject({ job: jobId })
const headerRowSchema = z.number().int().min(1).max(MAX_HEADER_ROW)

/** A job's pace: searches a second, or 'auto' (the folder's pace, within the organization's ceiling). */
const rateSchema = z.union([z.number().positive().max(MAX_SCREENING_RATE), z.literal('auto')])

const screeningStartSchema = z.strictObject({
  source: screeningSourceSchema,
  mapping: screeningMappingSchema.optional(),
  headerRow: headerRowSchema.optional(),
  /** The bank (slug) of every account whose row names none: a file of one bank's accounts. */
  bank: z.string().min(1).max(200).optional(),
  rate: rateSchema.optional(),
  /** Answers of earlier screenings younger than this many days are reused (issue 40). */
  fresherThanDays: z.number().int().min(1).max(366).optional(),
  offline: z.boolean().optional(),
})

export const screeningContract = {
  /** Reads a file's header and first rows, and the column mapping a start would use. */
  screeningPreview: {
    channel: C.screeningPreview,
    input: z.strictObject({
      fileName: z.string().min(1).max(255),
      bytes: z.instanceof(Uint8Array),
      /** The row the column names are on; else found below any title rows. */
      headerRow: headerRowSchema.optional(),
    }),
    output: screeningPreviewSchema,
  },
  /**
   * Reads and normalizes every value, matches them against this computer's cache at once, and
   * starts the job (searches run in the background at `rate`; `offline`: none until resumed).
   */
  screeningStart: {
    channel: C.screeningStart,
    input: screeningStartSchema,
    output: screeningShowSchema,
  },
  /** What a start with the same input would search, and how long it takes: nothing is kept. */
  screeningEstimate: {
    channel: C.screeningEstimate,
    input: screeningStartSchema,
    output: screeningEstimateSchema,
  },
  /** Every job, newest first. */
  screeningList: {
    channel: C.screeningList,
    input: z.undefined(),
    output: z.array(screeningJobSchema),
  },
  /** One job: its totals, a page of hits, the rows not checked and the values not read. */
  screeningShow: {
    channel: C.screeningShow,
    input: z.strictObject({
      job: jobId,
      offset: count.optional(),
      limit: z.number().int().min(1).max(5000).optional(),
    }),
    output: screeningShowSchema,
  },
  screeningPause: { channel: C.screeningPause, input: jobInput, output: screeningJobSchema },
  screeningResume: {
    channel: C.screeningResume,
    input: z.strictObject({ job: jobId, rate: rateSchema.optional() }),
    output: screeningJobSchema,
  },
  screeningCancel: { channel: C.screeningCancel, input: jobInput, output: screeningJobSchema },
  /** Searches again the identifiers last checked more than `olderThanDays` ago, or never. */
  screeningRescreen: {
    channel: C.screeningRescreen,
    input: z.strictObject({ job: jobId, olderThanDays: z.number().int().min(0).max(3650) }),
    output: screeningJobSchema,
  },
  /**
   * The hits as a file (one line per input row and matching report), or with `content:
   * 'record'` the screening record (one line per input row, every one, with each identifier's
   * outcome and as of when), formulas neutralized.
   */
  screeningExport: {
    channel: C.screeningExport,
    input: z.strictObject({
      job: jobId,
      format: z.enum(['xlsx', 'csv']),
      content: z.enum(['hits', 'record']).optional(),
    }),
    output: z.strictObject({ suggestedName: z.string(), rows: count, base64: z.string() }),
  },
} as const

/** The end of a job the app's core ran in the background: what a notification says of it. */
export const screeningFinishedSchema = z.strictObject({
  job: jobId,
  file: z.string(),
  totals: screeningTotalsSchema,
})
export type ScreeningFinished = z.infer<typeof screeningFinishedSchema>

export const screeningEventContract = {
  screeningFinished: {
    channel: SCREENING_EVENT_CHANNELS.screeningFinished,
    payload: screeningFinishedSchema,
  },
} as const
