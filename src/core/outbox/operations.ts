import { z } from 'zod'
import { reportInputSchema } from '../../shared/domain/report-input'
import type { StoredError } from './outbox-repository'

export const OPERATION_KINDS = [
  'upload_attachment',
  'create_report',
  'update_report',
  'unlist_report',
  'bulk_upload',
] as const
export type OperationKind = (typeof OPERATION_KINDS)[number]

export const OPERATION_STATES = [
  'queued',
  'sending',
  'waiting_retry',
  'needs_attention',
  'done',
  'cancelled',
] as const
export type OperationState = (typeof OPERATION_STATES)[number]

/** How a bulk import's chains are named (`bulk-<uuid>`): the outbox's bulk lane (sync/fair-lanes.ts). */
export const BULK_CHAIN_PREFIX = 'bulk-'

/** States that still owe the registry something (the "pending" count the UI shows). */
export const PENDING_STATES: readonly OperationState[] = [
  'queued',
  'sending',
  'waiting_retry',
  'needs_attention',
]

/** The body of a create or update: the registry input, with attachments still to be filled in. */
export const reportPayloadSchema = z.object({
  input: reportInputSchema,
  /** Local attachments whose upload URLs are put before `input.attachments` (links already on the registry) at send time. */
  attachmentIds: z.array(z.string()).default([]),
})
export type ReportPayload = z.output<typeof reportPayloadSchema>

export const uploadPayloadSchema = z.object({ attachmentId: z.string() })

export interface Operation {
  id: number
  chainId: string
  seq: number
  kind: OperationKind
  state: OperationState
  payload: unknown
  attempts: number
  nextAttemptAt: number | null
  firstSentAt: number | null
  outcomeUnknown: boolean
  lastError: StoredError | null
  result: unknown
  createdAt: number
  updatedAt: number
}
