import { describe, expect, it } from 'vitest'
import {
  createReportResponseSchema,
  decodeSubmissionResponseSchema,
  unlistResponseSchema,
  updateReportResponseSchema,
} from '../../src/shared/domain/responses'
import { account, call, createReport, paths, reportBody, useSandbox } from './sandbox-harness'

const h = useSandbox()

describe('create (4.1)', () => {
  it('answers 201 with a 2.3 report: listed, published, identifiers {label, value}, reportedBy', async () => {
    const body = reportBody({
      identifiers: [account(1001), { label: 'phone', value: '08031112222' }],
      attachments: ['https://files.example.com/evidence.pdf'],
    })
    const result = await call(h.sandbox.baseUrl + paths.create, { key: h.key, json: body })
    expect(result.status).toBe(201)
    const parsed = createReportResponseSchema.parse(result.body)
    expect(parsed.data).toMatchObject({
      listingStatus: 'listed',
      status: 'published',
      exitedListAt: null,
      exitListReason: null,
      fraudType: 'hacker',
      fraudReason: body.fraudReason,
      companyId: h.sandbox.demoKeys[0]?.organizationId,
      identifiers: [account(1001), { label: 'phone', value: '08031112222' }],
    })
    expect(parsed.data.reportedBy).toBeTruthy()
    expect(parsed.data.createdAt).toBe(parsed.data.updatedAt)
    expect(Object.keys(parsed.data.identifiers?.[0] ?? {})).toEqual(['label', 'value'])
  })

  it('stores attachments and showUploaderInfo, taking the string "true" as the real docs send it', async () => {
    const id = await createReport(h.sandbox, h.key, {
      identifiers: [account(1002)],
      attachments: ['http://127.0.0.1/one.png', 'https://files.example.com/two.pdf'],
      showUploaderInfo: 'true' as unknown as boolean,
    })
    const decoded = await call(h.sandbox.baseUrl + paths.decode(id), { key: h.key })
    const report = decodeSubmissionResponseSchema.parse(decoded.body).data.report
    expect(report.showUploaderInfo).toBe(true)
    expect(report.attachments).toEqual([
      'http://127.0.0.1/one.png',
      'https://files.example.com/two.pdf',
    ])
  })
})

describe('update (4.2)', () => {
  it('replaces the fields and identifiers and bumps updatedAt', async () => {
    const id = await createReport(h.sandbox, h.key, { identifiers: [account(1003)] })
    const result = await call(h.sandbox.baseUrl + paths.update(id), {
      method: 'PUT',
      key: h.key,
      json: reportBody({
        fraudType: 'money_mule',
        identifiers: [account(1004), { label: 'bvn', value: '22212345678' }],
        showUploaderInfo: 'false' as unknown as boolean,
      }),
    })
    expect(result.status).toBe(200)
    expect(result.body.message).toBe('Fraud report updated successfully')
    const parsed = updateReportResponseSchema.parse(result.body).data
    expect(parsed.id).toBe(id)
    expect(parsed.fraudType).toBe('money_mule')
    expect(parsed.identifiers).toEqual([account(1004), { label: 'bvn', value: '22212345678' }])
    expect(parsed.updatedAt! >= parsed.createdAt!).toBe(true)
  })
})

describe('unlist (4.8)', () => {
  it('sets unlisted with exitedListAt and exitListReason, and answers data {}', async () => {
    const id = await createReport(h.sandbox, h.key, { identifiers: [account(1005)] })
    const result = await call(h.sandbox.baseUrl + paths.unlist(id), { method: 'PUT', key: h.key })
    expect(result.status).toBe(200)
    expect(unlistResponseSchema.parse(result.body).data).toEqual({})
    const decoded = await call(h.sandbox.baseUrl + paths.decode(id), { key: h.key })
    const report = decodeSubmissionResponseSchema.parse(decoded.body).data.report
    expect(report.listingStatus).toBe('unlisted')
    expect(Date.parse(report.exitedListAt ?? '')).not.toBeNaN()
    expect(report.exitListReason).toMatch(/unlisted/i)
  })

  it('takes a PUT with an empty JSON body, and a second unlist is a harmless 200', async () => {
    const id = await createReport(h.sandbox, h.key, { identifiers: [account(1006)] })
    const first = await call(h.sandbox.baseUrl + paths.unlist(id), {
      method: 'PUT',
      key: h.key,
      raw: '',
    })
    expect(first.status).toBe(200)
    const before = await call(h.sandbox.baseUrl + paths.decode(id), { key: h.key })
    const again = await call(h.sandbox.baseUrl + paths.unlist(id), { method: 'PUT', key: h.key })
    expect(again.status).toBe(200)
    expect(again.body.success).toBe(true)
    const after = await call(h.sandbox.baseUrl + paths.decode(id), { key: h.key })
    expect(after.body.data).toEqual(before.body.data)
  })

  it('refuses an update of an unlisted report with 409 and leaves it unchanged', async () => {
    const id = await createReport(h.sandbox, h.key, { identifiers: [account(1007)] })
    await call(h.sandbox.baseUrl + paths.unlist(id), { method: 'PUT', key: h.key })
    const before = await call(h.sandbox.baseUrl + paths.decode(id), { key: h.key })
    const result = await call(h.sandbox.baseUrl + paths.update(id), {
      method: 'PUT',
      key: h.key,
      json: reportBody({ fraudType: 'theft', identifiers: [account(1008)] }),
    })
    expect(result.status).toBe(409)
    expect(result.body).toMatchObject({ success: false, data: null })
    expect(result.body.message).toMatch(/unlisted.*can no longer be updated/)
    const after = await call(h.sandbox.baseUrl + paths.decode(id), { key: h.key })
    expect(after.body.data).toEqual(before.body.data)
  })
})
