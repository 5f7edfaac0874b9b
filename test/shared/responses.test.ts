import { describe, expect, it } from 'vitest'
import {
  bankListResponseSchema,
  bulkUploadResponseSchema,
  createReportResponseSchema,
  decodeSubmissionResponseSchema,
  failureEnvelopeSchema,
  getSubmissionResponseSchema,
  searchResponseSchema,
  submissionsResponseSchema,
  unlistResponseSchema,
  updateReportResponseSchema,
  uploadResponseSchema,
} from '../../src/shared/domain'
import * as examples from '../fixtures/registry-examples'

describe('every endpoint example of the spec parses', () => {
  it.each([
    ['4.1 create', createReportResponseSchema, examples.createReportExample],
    ['4.2 update', updateReportResponseSchema, examples.updateReportExample],
    ['4.3 search', searchResponseSchema, examples.searchExample],
    ['4.4 submissions', submissionsResponseSchema, examples.submissionsExample],
    ['4.5 get submission', getSubmissionResponseSchema, examples.getSubmissionExample],
    ['4.6 decode', decodeSubmissionResponseSchema, examples.decodeSubmissionExample],
    ['4.7 bulk', bulkUploadResponseSchema, examples.bulkUploadExample],
    ['4.8 unlist', unlistResponseSchema, examples.unlistExample],
    ['4.9 upload', uploadResponseSchema, examples.uploadExample],
    ['4.10 banks', bankListResponseSchema, examples.bankListExample],
  ] as const)('%s', (_name, schema, body) => {
    const result = schema.safeParse(body)
    expect(result.error?.issues ?? []).toEqual([])
  })

  it('failure bodies parse as failures and not as successes', () => {
    for (const body of [examples.uploadFailureExample, examples.bankListFailureExample]) {
      expect(failureEnvelopeSchema.parse(body).message).toBeTruthy()
      expect(uploadResponseSchema.safeParse(body).success).toBe(false)
    }
  })
})

describe('response schemas tolerate what the spec leaves open', () => {
  it('keeps an unknown extra field instead of refusing it', () => {
    const body = structuredClone(examples.createReportExample) as Record<string, unknown> & {
      data: Record<string, unknown>
    }
    body.data.riskScore = 0.93
    body.requestId = 'req_1'
    const parsed = createReportResponseSchema.parse(body)
    expect((parsed.data as Record<string, unknown>).riskScore).toBe(0.93)
  })
  it('accepts unseen values of status and listingStatus', () => {
    const body = structuredClone(examples.decodeSubmissionExample)
    Object.assign(body.data.report, { status: 'under_review', listingStatus: 'delisted_by_admin' })
    expect(decodeSubmissionResponseSchema.parse(body).data.report.listingStatus).toBe(
      'delisted_by_admin',
    )
  })
  it('accepts missing optional fields', () => {
    const parsed = submissionsResponseSchema.parse({
      success: true,
      data: { data: [{ id: 'rep_9' }], meta: { total: 1, page: 1, limit: 10 } },
    })
    expect(parsed.data.data[0]?.id).toBe('rep_9')
    expect(parsed.message).toBe('')
  })
  it('accepts showUploaderInfo sent as the string "true", as the real docs show', () => {
    const body = structuredClone(examples.decodeSubmissionExample)
    Object.assign(body.data.report, { showUploaderInfo: 'true' })
    expect(decodeSubmissionResponseSchema.safeParse(body).success).toBe(true)
  })
  it('accepts the single-submission fetch with identifiers of any shape', () => {
    const body = structuredClone(examples.getSubmissionExample)
    Object.assign(body.data.report, { identifiers: 'masked' })
    expect(getSubmissionResponseSchema.safeParse(body).success).toBe(true)
  })
  it('still refuses a body without the field it cannot do without', () => {
    expect(
      createReportResponseSchema.safeParse({ success: true, data: { status: 'published' } })
        .success,
    ).toBe(false)
    expect(searchResponseSchema.safeParse({ success: true, data: 'nope' }).success).toBe(false)
  })
  it('reads a search answer with no publicReports as an empty list', () => {
    const parsed = searchResponseSchema.parse({ success: true, data: { reports: [] } })
    expect(parsed.data.publicReports).toEqual([])
  })
})
