import { z } from 'zod'
import { FRAUD_TYPES } from '../domain/fraud-types'
import { reportRecordSchema } from '../domain/responses'
import { SUBMISSIONS_INVOKE_CHANNELS as C } from './submissions-channels'

/* The organization's own reports on the registry over IPC: a page of the saved copy, a refresh, one report. */

const id = z.string().min(1).max(200)
const count = z.number().int().min(0)

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

export const submissionsContract = {
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
} as const
