import { z } from 'zod'
import { envelopeSchema } from './envelope'

/*
 * Response shapes (registry-api.md 2.3–2.8). The registry may add fields, leave fields out or
 * use enum values we have not seen (registry-notes.md "Still unknown"), so every object here is
 * loose, only `id` is required where the spec shows one, and status-like fields are open strings.
 */

/** Listing statuses seen or decided so far; others are accepted and shown as they come. */
export const KNOWN_LISTING_STATUSES = ['listed', 'unlisted'] as const

const text = z.string().nullish()
const dateTime = z.string().nullish()
const openStatus = z.string().nullish()

export const responseIdentifierSchema = z.looseObject({
  id: z.string().nullish(),
  label: z.string().nullish(),
  value: z.string(),
})
export type ResponseIdentifier = z.infer<typeof responseIdentifierSchema>

/** 2.3: a report as create and update return it. */
export const createdReportSchema = z.looseObject({
  id: z.string(),
  listingStatus: openStatus,
  exitedListAt: dateTime,
  exitListReason: text,
  status: openStatus,
  fraudType: z.string().nullish(),
  fraudReason: text,
  companyId: text,
  createdAt: dateTime,
  updatedAt: dateTime,
  identifiers: z.array(responseIdentifierSchema).nullish(),
  reportedBy: text,
})
export type CreatedReport = z.infer<typeof createdReportSchema>

export const reportingCompanySchema = z.looseObject({ businessName: text, id: text })

const reportRecordShape = {
  id: z.string(),
  companyId: text,
  userId: text,
  listingStatus: openStatus,
  exitedListAt: dateTime,
  exitListReason: text,
  fraudType: z.string().nullish(),
  fraudReason: text,
  showUploaderInfo: z.union([z.boolean(), z.enum(['true', 'false'])]).nullish(),
  attachments: z.array(z.string()).nullish(),
  status: openStatus,
  createdAt: dateTime,
  updatedAt: dateTime,
  identifiers: z.array(responseIdentifierSchema).nullish(),
  reportingCompany: reportingCompanySchema.nullish(),
}

/** 2.4: a report as search, the submissions list and decode return it. */
export const reportRecordSchema = z.looseObject(reportRecordShape)
export type ReportRecord = z.infer<typeof reportRecordSchema>

/** 4.5: the plain single-submission fetch leaves the type of identifiers unspecified. */
export const fetchedSubmissionSchema = z.looseObject({
  ...reportRecordShape,
  identifiers: z.unknown().optional(),
})
export type FetchedSubmission = z.infer<typeof fetchedSubmissionSchema>

/** 2.5: a public report (search, data.publicReports). victim and guestInfo contents are not specified. */
export const publicReportSchema = z.looseObject({
  id: z.string(),
  userId: text,
  fraudReason: text,
  fraudType: z.string().nullish(),
  attachments: z.array(z.string()).nullish(),
  financialInstitution: text,
  eventDate: dateTime,
  companyId: text,
  notificationSent: z.boolean().nullish(),
  status: openStatus,
  victim: z.unknown().optional(),
  guestInfo: z.unknown().optional(),
  reportingEntity: text,
  createdAt: dateTime,
  updatedAt: dateTime,
  identifiers: z.array(responseIdentifierSchema).nullish(),
})
export type PublicReport = z.infer<typeof publicReportSchema>

/** 2.6 */
export const uploadedFileSchema = z.looseObject({ id: z.string(), url: z.string() })
export type UploadedFile = z.infer<typeof uploadedFileSchema>

/** 2.7 */
export const bankSchema = z.looseObject({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  code: z.string().nullish(),
})
export type Bank = z.infer<typeof bankSchema>

/** 2.8 */
export const pagingMetaSchema = z.looseObject({
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  limit: z.number().int().positive(),
})
export type PagingMeta = z.infer<typeof pagingMetaSchema>

/* Endpoint response bodies (registry-api.md section 4), each an envelope around its data. */
export const createReportResponseSchema = envelopeSchema(createdReportSchema)
export const updateReportResponseSchema = envelopeSchema(createdReportSchema)
export const searchResultSchema = z.looseObject({
  reports: z
    .array(reportRecordSchema)
    .nullish()
    .transform((v) => v ?? []),
  publicReports: z
    .array(publicReportSchema)
    .nullish()
    .transform((v) => v ?? []),
})
export type SearchResult = z.infer<typeof searchResultSchema>
export const searchResponseSchema = envelopeSchema(searchResultSchema)
export const submissionsPageSchema = z.looseObject({
  data: z.array(reportRecordSchema),
  meta: pagingMetaSchema,
})
export type SubmissionsPage = z.infer<typeof submissionsPageSchema>
export const submissionsResponseSchema = envelopeSchema(submissionsPageSchema)
export const getSubmissionResponseSchema = envelopeSchema(
  z.looseObject({ report: fetchedSubmissionSchema }),
)
export const decodeSubmissionResponseSchema = envelopeSchema(
  z.looseObject({ report: reportRecordSchema }),
)
export const bulkUploadResultSchema = z.looseObject({
  failedUploads: z
    .array(z.record(z.string(), z.unknown()))
    .nullish()
    .transform((v) => v ?? []),
})
export type BulkUploadResult = z.infer<typeof bulkUploadResultSchema>
export const bulkUploadResponseSchema = envelopeSchema(bulkUploadResultSchema)
export const unlistResponseSchema = envelopeSchema(z.unknown())
export const uploadResponseSchema = envelopeSchema(uploadedFileSchema)
export const bankListResponseSchema = envelopeSchema(z.looseObject({ entity: z.array(bankSchema) }))
