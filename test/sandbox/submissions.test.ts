import { beforeAll, describe, expect, it } from 'vitest'
import {
  decodeSubmissionResponseSchema,
  getSubmissionResponseSchema,
  submissionsResponseSchema,
} from '../../src/shared/domain/responses'
import { account, call, createReport, paths, useSandbox } from './sandbox-harness'

const h = useSandbox()
const ownIds: string[] = []

beforeAll(async () => {
  // 25 of ours (created in this order, so the last is the newest) and 3 of the other organization.
  for (let n = 0; n < 25; n++)
    ownIds.push(await createReport(h.sandbox, h.key, { identifiers: [account(3000 + n)] }))
  for (let n = 0; n < 3; n++)
    await createReport(h.sandbox, h.otherKey, { identifiers: [account(3100 + n)] })
})

async function page(query: string) {
  return call(`${h.sandbox.baseUrl}${paths.submissions}${query}`, { key: h.key })
}

describe('list submissions (4.4)', () => {
  it('defaults to page 1 of 10, newest first, nested as data.data and data.meta', async () => {
    const result = await page('')
    expect(result.status).toBe(200)
    expect(result.body.message).toBe('Successfully fetched reports')
    const parsed = submissionsResponseSchema.parse(result.body).data
    expect(parsed.meta).toEqual({ total: 25, page: 1, limit: 10 })
    expect(parsed.data.map((r) => r.id)).toEqual(ownIds.slice(-10).reverse())
    // In the list identifiers carry only label and value.
    expect(parsed.data[0]?.identifiers).toEqual([account(3024)])
    expect(parsed.data[0]?.reportingCompany?.id).toBe(h.sandbox.demoKeys[0]?.organizationId)
  })

  it('pages through every report once, and past the end gives an empty page', async () => {
    const seen: string[] = []
    for (const n of [1, 2, 3]) {
      const parsed = submissionsResponseSchema.parse((await page(`?page=${n}&limit=10`)).body).data
      expect(parsed.meta).toEqual({ total: 25, page: n, limit: 10 })
      seen.push(...parsed.data.map((r) => r.id))
    }
    expect(seen).toEqual([...ownIds].reverse())
    const past = submissionsResponseSchema.parse((await page('?page=4')).body).data
    expect(past.data).toEqual([])
    expect(past.meta.total).toBe(25)
  })

  it('takes limit up to 100 and shows only the caller organization', async () => {
    const parsed = submissionsResponseSchema.parse((await page('?limit=100')).body).data
    expect(parsed.data).toHaveLength(25)
    expect(new Set(parsed.data.map((r) => r.companyId))).toEqual(
      new Set([h.sandbox.demoKeys[0]?.organizationId]),
    )
  })

  it.each([
    ['?limit=101', /limit must be a whole number from 1 to 100; got "101"/],
    ['?limit=0', /limit must be/],
    ['?page=0', /page must be a whole number from 1 up; got "0"/],
    ['?page=two', /page must be .*"two"/],
    ['?page=1.5', /page must be/],
  ])('%s is refused with 400', async (query, message) => {
    const result = await page(query)
    expect(result.status).toBe(400)
    expect(result.body).toMatchObject({ success: false, data: null })
    expect(result.body.message).toMatch(message)
  })
})

describe('fetch (4.5) masks, decode (4.6) shows in full', () => {
  let id = ''
  beforeAll(async () => {
    id = await createReport(h.sandbox, h.key, {
      identifiers: [
        { label: 'account', value: '0123456789_access-bank' },
        { label: 'phone', value: '08031234567' },
        { label: 'email', value: 'ade@example.com' },
        { label: 'account_name', value: 'Ade' },
      ],
    })
  })

  it('fetch masks all but the last 4 characters, keeping the bank slug readable', async () => {
    const result = await call(h.sandbox.baseUrl + paths.submission(id), { key: h.key })
    expect(result.status).toBe(200)
    const report = getSubmissionResponseSchema.parse(result.body).data.report
    expect(report.id).toBe(id)
    const identifiers = report.identifiers as { id: string; label: string; value: string }[]
    expect(identifiers.map(({ label, value }) => ({ label, value }))).toEqual([
      { label: 'account', value: '******6789_access-bank' },
      { label: 'phone', value: '*******4567' },
      { label: 'email', value: '***********.com' },
      { label: 'account_name', value: '***' },
    ])
    expect(identifiers.every((identifier) => identifier.id)).toBe(true)
  })

  it('decode answers the same identifiers unmasked, with the same ids', async () => {
    const fetched = await call(h.sandbox.baseUrl + paths.submission(id), { key: h.key })
    const result = await call(h.sandbox.baseUrl + paths.decode(id), { key: h.key })
    expect(result.status).toBe(200)
    const report = decodeSubmissionResponseSchema.parse(result.body).data.report
    expect(report.identifiers?.map(({ label, value }) => ({ label, value }))).toEqual([
      { label: 'account', value: '0123456789_access-bank' },
      { label: 'phone', value: '08031234567' },
      { label: 'email', value: 'ade@example.com' },
      { label: 'account_name', value: 'Ade' },
    ])
    const fetchedIds = (
      getSubmissionResponseSchema.parse(fetched.body).data.report.identifiers as { id: string }[]
    ).map((i) => i.id)
    expect(report.identifiers?.map((i) => i.id)).toEqual(fetchedIds)
  })

  it.each(['submission', 'decode'] as const)(
    '%s of an unknown id or of another organization is 404',
    async (route) => {
      const theirs = await createReport(h.sandbox, h.otherKey, { identifiers: [account(3200)] })
      for (const target of ['no-such-report', theirs]) {
        const result = await call(h.sandbox.baseUrl + paths[route](target), { key: h.key })
        expect(result.status).toBe(404)
        expect(result.body).toMatchObject({ success: false, data: null })
        expect(result.body.message).toMatch(/was not found among your organization's reports/)
      }
    },
  )
})
