import { describe, expect, it } from 'vitest'
import { failureEnvelopeSchema } from '../../src/shared/domain/envelope'
import {
  account,
  call,
  createReport,
  paths,
  reportBody,
  reportCount,
  useSandbox,
  type CallOptions,
} from './sandbox-harness'

const h = useSandbox()

/** Sends a request that must be refused, and checks the refusal and that nothing was written. */
async function expectRefused(
  path: string,
  options: CallOptions,
  status: number,
  message: RegExp,
): Promise<void> {
  const before = await reportCount(h.sandbox)
  const result = await call(h.sandbox.baseUrl + path, { key: h.key, ...options })
  expect(result.status).toBe(status)
  expect(failureEnvelopeSchema.parse(result.body)).toMatchObject({ success: false, data: null })
  expect(result.body.message).toMatch(message)
  expect(await reportCount(h.sandbox)).toBe(before)
}

describe('create refuses a bad body with 400, naming the field and the rule, writing nothing', () => {
  it.each([
    [
      'a 49-character reason',
      { fraudReason: 'x'.repeat(49) },
      /fraudReason: .*49 characters.*at least 50/,
    ],
    [
      'a 2001-character reason',
      { fraudReason: 'x'.repeat(2001) },
      /fraudReason: .*2001 characters.*at most 2000/,
    ],
    [
      '4 attachments',
      { attachments: ['a', 'b', 'c', 'd'].map((n) => `https://files.example.com/${n}.pdf`) },
      /attachments: .*at most 3/,
    ],
    [
      'an unknown fraud type',
      { fraudType: 'pyramid_scheme' },
      /fraudType: .*"pyramid_scheme".*hacker/,
    ],
    ['a reason that is a number', { fraudReason: 12345 }, /fraudReason: .*must be text/],
    ['identifiers that are not a list', { identifiers: 'all of them' }, /identifiers: .*list/],
    ['no identifiers', { identifiers: [] }, /identifiers: .*at least one identifier/],
    [
      'an attachment that is not a link',
      { attachments: ['C:\\evidence.pdf'] },
      /attachments\.0: .*http\(s\) link/,
    ],
    ['showUploaderInfo "yes"', { showUploaderInfo: 'yes' }, /showUploaderInfo: .*true or false/],
    [
      'an account on a bank not in the list',
      { identifiers: [{ label: 'account', value: '0123456789_bank-of-nowhere' }] },
      /identifiers\.0\.value: .*"bank-of-nowhere" is not in the bank list/,
    ],
    [
      'an unknown identifier type',
      { identifiers: [{ label: 'iban', value: 'NG00' }] },
      /identifiers\.0\.label: .*"iban"/,
    ],
    ['an unknown field', { priority: 'high' }, /priority/],
  ])('%s', async (_name, overrides, message) => {
    await expectRefused(
      paths.create,
      { json: { ...reportBody(), ...(overrides as object) } },
      400,
      message,
    )
  })

  it('a missing fraudType', async () => {
    const { fraudType: _dropped, ...body } = reportBody()
    await expectRefused(paths.create, { json: body }, 400, /fraudType/)
  })

  it('malformed JSON', async () => {
    await expectRefused(paths.create, { raw: '{"fraudType": "hacker",' }, 400, /Malformed JSON/)
  })

  it('a JSON array instead of an object', async () => {
    await expectRefused(paths.create, { json: [reportBody()] }, 400, /must be a JSON object/)
  })

  it('a body that is not JSON at all', async () => {
    await expectRefused(
      paths.create,
      { raw: '<report/>', contentType: 'application/xml' },
      415,
      /Content-Type "application\/xml" is not accepted.*application\/json/,
    )
  })
})

describe('update refuses what create refuses, and ids it does not own', () => {
  it('a 49-character reason leaves the report as it was', async () => {
    const id = await createReport(h.sandbox, h.key, { identifiers: [account(2001)] })
    const before = await call(h.sandbox.baseUrl + paths.decode(id), { key: h.key })
    await expectRefused(
      paths.update(id),
      { method: 'PUT', json: reportBody({ fraudReason: 'y'.repeat(49) }) },
      400,
      /fraudReason: .*49 characters/,
    )
    const after = await call(h.sandbox.baseUrl + paths.decode(id), { key: h.key })
    expect(after.body.data).toEqual(before.body.data)
  })

  it('an unknown id is 404', async () => {
    await expectRefused(
      paths.update('no-such-report'),
      { method: 'PUT', json: reportBody() },
      404,
      /"no-such-report" was not found among your organization's reports/,
    )
  })

  it("another organization's report is 404 for update and unlist, and stays as it was", async () => {
    const theirs = await createReport(h.sandbox, h.otherKey, { identifiers: [account(2002)] })
    const before = await call(h.sandbox.baseUrl + paths.decode(theirs), { key: h.otherKey })
    await expectRefused(
      paths.update(theirs),
      { method: 'PUT', json: reportBody({ fraudType: 'theft' }) },
      404,
      /was not found among your organization's reports/,
    )
    await expectRefused(paths.unlist(theirs), { method: 'PUT' }, 404, /was not found/)
    const after = await call(h.sandbox.baseUrl + paths.decode(theirs), { key: h.otherKey })
    expect(after.body.data).toEqual(before.body.data)
  })
})

describe('search refuses a bad body with 400', () => {
  it.each([
    ['no identifier type', { value: '0123456789_access-bank' }, /identifier/],
    ['an unknown identifier type', { identifier: 'iban', value: 'x' }, /identifier: .*"iban"/],
    [
      'a malformed account',
      { identifier: 'account', value: '123' },
      /value: .*<account_number>_<bank_slug>/,
    ],
    ['a BVN of 10 digits', { identifier: 'bvn', value: '1234567890' }, /value: .*11 digits/],
  ])('%s', async (_name, json, message) => {
    await expectRefused(paths.search, { json }, 400, message)
  })

  it('malformed JSON', async () => {
    await expectRefused(paths.search, { raw: '{"identifier":' }, 400, /Malformed JSON/)
  })
})
