import { z } from 'zod'
import { attachmentViewSchema } from './attachments'
import { DRAFTS_INVOKE_CHANNELS as C } from './drafts-channels'

/*
 * Drafts over IPC: a report being written, saved as typed. Drafts are loose by design: autosave
 * stores whatever was typed; the report schema checks it when it is queued (outbox.ts).
 */

const id = z.string().min(1).max(200)

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

const localInput = z.strictObject({ localId: id })

export const draftsContract = {
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
} as const
