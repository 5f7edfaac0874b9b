import { z } from 'zod'

/**
 * A report as the user is writing it: anything may still be missing or wrong, so autosave
 * never refuses it. It becomes a registry ReportInput only when queued (reportInputSchema).
 */
export const draftSchema = z.object({
  fraudType: z.string().default(''),
  fraudReason: z.string().default(''),
  identifiers: z.array(z.object({ label: z.string(), value: z.string() })).default([]),
  showUploaderInfo: z.boolean().default(false),
  /** Local attachments (rows of the attachments table), in the order shown. */
  attachmentIds: z.array(z.string()).default([]),
  /** Attachments already on the registry (an existing submission being edited, a bulk row with links). */
  attachmentUrls: z.array(z.string()).default([]),
})

export type Draft = z.output<typeof draftSchema>
export type DraftInput = z.input<typeof draftSchema>

export const REPORT_STATUSES = ['draft', 'queued', 'submitted', 'unlisted', 'discarded'] as const
export type LocalReportStatus = (typeof REPORT_STATUSES)[number]

export interface LocalReport {
  localId: string
  registryId: string | null
  status: LocalReportStatus
  draft: Draft
  origin: string
  createdAt: number
  updatedAt: number
}
