import { z } from 'zod'
import { identifierTypeSchema } from './domain/identifiers'
import { bankSchema, publicReportSchema, reportRecordSchema } from './domain/responses'
import { FRAUD_TYPES } from './domain/fraud-types'
import { insightsContract } from './contract-insights'
import { screeningContract, screeningFinishedSchema } from './contract-screening'
import { watchlistContract, watchAlertsRaisedSchema } from './contract-watchlist'
import { WORK_EVENT_CHANNELS, WORK_INVOKE_CHANNELS as C } from './ipc-channels-work'
import { attachmentsContract } from './contract-attachments'
import { caseFileContract } from './contract-case-file'
import { casesContract } from './contract-cases'

/*
 * The investigator's work over IPC. Inputs are strict (main parses them); outputs describe
 * what the core returns. Drafts are loose by design: autosave stores whatever was typed.
 */

const id = z.string().min(1).max(200)
const count = z.number().int().min(0)
const time = z.number().nullable()

export const draftViewInputSchema = z.strictObject({
  fraudType: z.string().max(100).optional(),
  fraudReason: z.string().max(20_000).optional(),
  identifiers: z
    .array(z.strictObject({ label: z.string().max(100), value: z.string().max(1000) }))
    .max(100)
    .optional(),
  showUploaderInfo: z.boolean().optional(),
  attachmentIds: z.array(id).max(10).optional(),
  attachmentUrls: z.array(z.string().max(2048)).max(10).optional(),
})
export type DraftViewInput = z.infer<typeof draftViewInputSchema>

export const attachmentViewSchema = z.strictObject({
  id: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
  size: count,
  uploaded: z.boolean(),
})
export type AttachmentView = z.infer<typeof attachmentViewSchema>

export const localReportViewSchema = z.strictObject({
  localId: z.string(),
  registryId: z.string().nullable(),
  status: z.enum(['draft', 'queued', 'submitted', 'unlisted', 'discarded']),
  draft: z.strictObject({
    fraudType: z.string(),
    fraudReason: z.string(),
    identifiers: z.array(z.strictObject({ label: z.string(), value: z.string() })),
    showUploaderInfo: z.boolean(),
    attachmentIds: z.array(z.string()),
    attachmentUrls: z.array(z.string()),
  }),
  attachments: z.array(attachmentViewSchema),
  origin: z.string(),
  createdAt: z.number(),
  updatedAt: z.number(),
})
export type LocalReportView = z.infer<typeof localReportViewSchema>

export const fieldIssueSchema = z.strictObject({ path: z.string(), message: z.string() })

export const operationViewSchema = z.strictObject({
  id: z.number().int(),
  reportId: z.string(),
  registryId: z.string().nullable(),
  /** A line that tells the report apart: fraud type and first identifier. */
  reportTitle: z.string(),
  kind: z.enum([
    'upload_attachment',
    'create_report',
    'update_report',
    'unlist_report',
    'bulk_upload',
  ]),
  state: z.enum(['queued', 'sending', 'waiting_retry', 'needs_attention', 'done', 'cancelled']),
  attempts: count,
  nextAttemptAt: time,
  outcomeUnknown: z.boolean(),
  lastError: z
    .strictObject({ kind: z.string(), message: z.string(), status: z.number().optional() })
    .nullable(),
  updatedAt: z.number(),
  /** An unlisting's internal note: kept on this computer, never sent (the registry takes no reason). */
  note: z.string().optional(),
})
export type OperationView = z.infer<typeof operationViewSchema>

export const queueResultSchema = z.discriminatedUnion('ok', [
  z.strictObject({
    ok: z.literal(true),
    report: localReportViewSchema,
    operations: z.array(operationViewSchema),
  }),
  z.strictObject({ ok: z.literal(false), message: z.string(), issues: z.array(fieldIssueSchema) }),
])
export type QueueResultView = z.infer<typeof queueResultSchema>

export const outboxViewSchema = z.strictObject({
  operations: z.array(operationViewSchema),
  counts: z.record(z.string(), count),
  pending: count,
  /** Reports with something still to send (pending counts operations). */
  pendingReports: count,
  paused: z.strictObject({ reason: z.string(), message: z.string(), since: z.number() }).nullable(),
  lastSyncAt: time,
})
export type OutboxView = z.infer<typeof outboxViewSchema>

/** Whether the registry could be reached at the last exchange with it, and why not. */
export const reachabilityViewSchema = z.strictObject({
  state: z.enum(['unknown', 'online', 'unreachable']),
  /** A sentence a person reads; null when online or unknown. */
  reason: z.string().nullable(),
  /** The technical detail behind the reason (call, error code or HTTP status), for "Details". */
  detail: z.string().nullable(),
  at: time,
})
export type ReachabilityView = z.infer<typeof reachabilityViewSchema>

export const runSummaryViewSchema = z.strictObject({
  leaseHeld: z.boolean(),
  /** Operations sent, uploads included. */
  sent: count,
  /** Reports created, updated or unlisted on the registry (a bulk upload: each row it created). */
  reports: count,
  adopted: count,
  retrying: count,
  needsAttention: count,
  offline: z.boolean(),
  pending: count,
  paused: z.strictObject({ reason: z.string(), message: z.string(), since: z.number() }).nullable(),
  nextWakeAt: time,
})

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

export const submissionsQuerySchema = z.strictObject({
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(1000).default(100),
  fraudType: z.enum(FRAUD_TYPES).optional(),
  listingStatus: z.string().max(50).optional(),
  from: z.string().max(40).optional(),
  to: z.string().max(40).optional(),
  /** Part of an identifier's value. */
  identifier: z.string().max(200).optional(),
})

export const submissionsPageViewSchema = z.strictObject({
  rows: z.array(reportRecordSchema),
  total: count,
})

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

/**
 * Settings → Check connection (the same checks as `casefile doctor`): each step between this
 * computer and the registry, in words a person can copy to IT. Never the key.
 */
export const connectionReportSchema = z.strictObject({
  at: z.string(),
  checks: z.array(
    z.strictObject({
      id: z.enum(['registry', 'name', 'proxy', 'certificate', 'banks', 'key', 'clock', 'updates']),
      title: z.string(),
      status: z.enum(['ok', 'warning', 'failed', 'skipped']),
      summary: z.string(),
    }),
  ),
  /** No check failed (warnings allowed). */
  ok: z.boolean(),
  /** The whole report as text, for Copy report (the doctor's own wording). */
  text: z.string(),
})
export type ConnectionReportView = z.infer<typeof connectionReportSchema>

const opInput = z.strictObject({ operationId: z.number().int().positive() })
const localInput = z.strictObject({ localId: id })

/** The folder's search pace: where it is now, the ceiling, and whether the organization set it. */
export const searchPaceSchema = z.strictObject({
  rate: z.number(),
  maxRate: z.number(),
  defaultMaxRate: z.number(),
  maxRateSet: z.boolean(),
})
export type SearchPaceView = z.infer<typeof searchPaceSchema>

export const workContract = {
  draftCreate: {
    channel: C.draftCreate,
    input: draftViewInputSchema.optional(),
    output: localReportViewSchema,
  },
  draftSave: {
    channel: C.draftSave,
    input: z.strictObject({ localId: id, draft: draftViewInputSchema }),
    output: localReportViewSchema,
  },
  draftGet: {
    channel: C.draftGet,
    input: z.strictObject({ localOrRegistryId: id }),
    output: localReportViewSchema.nullable(),
  },
  draftList: {
    channel: C.draftList,
    input: z
      .strictObject({ status: z.enum(['draft', 'queued', 'submitted', 'unlisted']).optional() })
      .optional(),
    output: z.array(localReportViewSchema),
  },
  draftDiscard: { channel: C.draftDiscard, input: localInput, output: z.null() },
  attachmentAdd: {
    channel: C.attachmentAdd,
    input: z.strictObject({
      localId: id,
      fileName: z.string().min(1).max(255),
      bytes: z.instanceof(Uint8Array),
    }),
    output: z.discriminatedUnion('ok', [
      z.strictObject({ ok: z.literal(true), attachment: attachmentViewSchema }),
      z.strictObject({ ok: z.literal(false), message: z.string() }),
    ]),
  },
  attachmentRemove: {
    channel: C.attachmentRemove,
    input: z.strictObject({ attachmentId: id }),
    output: z.null(),
  },
  reportQueue: { channel: C.reportQueue, input: localInput, output: queueResultSchema },
  reportUpdate: {
    channel: C.reportUpdate,
    input: z.strictObject({ localOrRegistryId: id, draft: draftViewInputSchema }),
    output: queueResultSchema,
  },
  /** The local record of one of the organization's reports, made if needed, to hold files added to an update. */
  reportEditTarget: {
    channel: C.reportEditTarget,
    input: z.strictObject({ registryId: id }),
    output: localReportViewSchema.nullable(),
  },
  reportUnlist: {
    channel: C.reportUnlist,
    input: z.strictObject({
      localOrRegistryId: id,
      /**
       * Why, for this organization's own record: the registry's unlist takes no body
       * (registry-api.md 4.8), so this stays with the outbox item on this computer.
       */
      note: z.string().trim().max(500).optional(),
    }),
    output: queueResultSchema,
  },
  outboxList: { channel: C.outboxList, input: z.undefined(), output: outboxViewSchema },
  outboxRetry: { channel: C.outboxRetry, input: opInput, output: operationViewSchema },
  outboxDiscard: { channel: C.outboxDiscard, input: opInput, output: z.array(operationViewSchema) },
  outboxEdit: {
    channel: C.outboxEdit,
    input: z.strictObject({
      operationId: z.number().int().positive(),
      draft: draftViewInputSchema,
    }),
    output: queueResultSchema,
  },
  syncNow: { channel: C.syncNow, input: z.undefined(), output: runSummaryViewSchema },
  registryReachability: {
    channel: C.registryReachability,
    input: z.undefined(),
    output: reachabilityViewSchema,
  },
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
  /** Finished items (sent or discarded), newest first: the Outbox's history, kept in the database. */
  outboxHistory: {
    channel: C.outboxHistory,
    input: z.strictObject({
      state: z.enum(['done', 'cancelled']).optional(),
      /** Finished at or after / before (epoch ms). */
      from: z.number().optional(),
      to: z.number().optional(),
      limit: z.number().int().min(1).max(1000).optional(),
    }),
    output: z.array(operationViewSchema),
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
  submissionsList: {
    channel: C.submissionsList,
    input: submissionsQuerySchema,
    output: submissionsPageViewSchema,
  },
  submissionsRefresh: {
    channel: C.submissionsRefresh,
    input: z.strictObject({ full: z.boolean().optional() }).optional(),
    output: z.looseObject({
      mode: z.string(),
      written: count,
      total: count,
      refreshedAt: z.string(),
    }),
  },
  submissionGet: {
    channel: C.submissionGet,
    input: z.strictObject({ id, decoded: z.boolean() }),
    output: z.strictObject({
      record: reportRecordSchema.nullable(),
      source: z.enum(['online', 'cache']),
      message: z.string().nullable(),
    }),
  },
  banksList: {
    channel: C.banksList,
    input: z.undefined(),
    output: z.strictObject({ banks: z.array(bankSchema), refreshedAt: z.string().nullable() }),
  },
  banksRefresh: {
    channel: C.banksRefresh,
    input: z.undefined(),
    output: z.strictObject({ banks: z.array(bankSchema), refreshedAt: z.string().nullable() }),
  },
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
  exchangeLog: {
    channel: C.exchangeLog,
    input: z.strictObject({ limit: z.number().int().min(1).max(1000).optional() }).optional(),
    output: z.array(
      z.looseObject({
        id: z.number(),
        at: z.string(),
        endpoint: z.string(),
        outcome: z.string(),
        durationMs: z.number(),
      }),
    ),
  },
  connectionCheck: {
    channel: C.connectionCheck,
    input: z.undefined(),
    output: connectionReportSchema,
  },
  ...insightsContract,
  ...attachmentsContract,
  ...caseFileContract,
  ...casesContract,
  ...screeningContract,
  ...watchlistContract,
} as const

/**
 * The work channels' handlers, in whichever process runs them (src/core/work-handlers.ts in the
 * core process; main's forwarders in process-app-core.ts): the parsed input in, the answer out.
 */
export type WorkHandlers = {
  [M in keyof typeof workContract]: (
    input: z.output<(typeof workContract)[M]['input']>,
  ) =>
    | Promise<z.input<(typeof workContract)[M]['output']>>
    | z.input<(typeof workContract)[M]['output']>
}

export const workEventContract = {
  operationChanged: { channel: WORK_EVENT_CHANNELS.operationChanged, payload: operationViewSchema },
  screeningFinished: {
    channel: WORK_EVENT_CHANNELS.screeningFinished,
    payload: screeningFinishedSchema,
  },
  watchAlertsRaised: {
    channel: WORK_EVENT_CHANNELS.watchAlertsRaised,
    payload: watchAlertsRaisedSchema,
  },
  uploadProgress: {
    channel: WORK_EVENT_CHANNELS.uploadProgress,
    payload: z.strictObject({
      operationId: z.number().int(),
      loaded: count,
      total: count.optional(),
    }),
  },
} as const
