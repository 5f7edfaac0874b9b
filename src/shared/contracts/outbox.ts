import { z } from 'zod'
import { networkRefusalSchema } from '../network-refusal'
import { draftViewInputSchema, localReportViewSchema } from './drafts'
import { OUTBOX_EVENT_CHANNELS, OUTBOX_INVOKE_CHANNELS as C } from './outbox-channels'

/*
 * The outbox and its sync over IPC: a report queued, updated or unlisted, the operations that
 * carry it to the registry, their retries, and whether the registry can be reached.
 */

const id = z.string().min(1).max(200)
const count = z.number().int().min(0)
const time = z.number().nullable()

export const outboxCountsSchema = z.strictObject({
  /** Operations not yet finished (an upload and its report's create are two). */
  pending: count,
  needsAttention: count,
  /** Reports with something still to send: what the window shows as "pending". */
  pendingReports: count.optional(),
})
export type OutboxCounts = z.infer<typeof outboxCountsSchema>

/** How a sync run ended: what it sent and what now needs a person. */
/** A run ended: `sent` counts reports (created, updated, unlisted or found already there), not uploads. */
export const syncRunSummarySchema = z.strictObject({ sent: count, needsAttention: count })
export type SyncRunSummary = z.infer<typeof syncRunSummarySchema>

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
    .strictObject({
      kind: z.string(),
      message: z.string(),
      status: z.number().optional(),
      /** The network's refusal behind it, for the window to word with its own controls. */
      networkRefusal: networkRefusalSchema.optional(),
    })
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

/** Why sending is paused; a proxy that wants its password brings its refusal for the window's words. */
const pausedSchema = z.strictObject({
  reason: z.string(),
  message: z.string(),
  since: z.number(),
  refusal: networkRefusalSchema.optional(),
})

export const outboxViewSchema = z.strictObject({
  operations: z.array(operationViewSchema),
  counts: z.record(z.string(), count),
  pending: count,
  /** Reports with something still to send (pending counts operations). */
  pendingReports: count,
  paused: pausedSchema.nullable(),
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
  /** The network's refusal behind the reason, for the window to word with its own controls. */
  refusal: networkRefusalSchema.optional(),
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
  paused: pausedSchema.nullable(),
  nextWakeAt: time,
})

const localInput = z.strictObject({ localId: id })
const opInput = z.strictObject({ operationId: z.number().int().positive() })

export const outboxContract = {
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
  outboxList: {
    channel: C.outboxList,
    /**
     * `operations: false`: the counts, the pause and the last sync without the items, for a
     * window that shows no list (the status bar while the Outbox is not open): each item's view
     * costs the core a read of its report, and a drain asks once a second.
     */
    input: z.strictObject({ operations: z.literal(false) }).optional(),
    output: outboxViewSchema,
  },
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
} as const

export const outboxEventContract = {
  operationChanged: {
    channel: OUTBOX_EVENT_CHANNELS.operationChanged,
    payload: operationViewSchema,
  },
  uploadProgress: {
    channel: OUTBOX_EVENT_CHANNELS.uploadProgress,
    payload: z.strictObject({
      operationId: z.number().int(),
      loaded: count,
      total: count.optional(),
    }),
  },
} as const
