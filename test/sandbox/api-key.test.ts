import { describe, expect, it } from 'vitest'
import { bankListResponseSchema } from '../../src/shared/domain/responses'
import { call, paths, reportBody, reportCount, useSandbox } from './sandbox-harness'

const h = useSandbox()

const keyedEndpoints = [
  ['4.1 create', 'POST', paths.create, reportBody()],
  ['4.2 update', 'PUT', paths.update('any-id'), reportBody()],
  ['4.3 search', 'POST', paths.search, { identifier: 'bvn', value: '22212345678' }],
  ['4.4 submissions', 'GET', paths.submissions, undefined],
  ['4.5 submission', 'GET', paths.submission('any-id'), undefined],
  ['4.6 decode', 'GET', paths.decode('any-id'), undefined],
  ['4.7 bulk', 'POST', paths.bulk, undefined],
  ['4.8 unlist', 'PUT', paths.unlist('any-id'), undefined],
] as const

describe('endpoints 4.1–4.8 need a known x-api-key', () => {
  it.each(keyedEndpoints)(
    '%s without a key is 401 and writes nothing',
    async (_n, method, path, json) => {
      const before = await reportCount(h.sandbox)
      const result = await call(h.sandbox.baseUrl + path, { method, json, key: null })
      expect(result.status).toBe(401)
      expect(result.body).toMatchObject({ success: false, data: null })
      expect(result.body.message).toMatch(/Missing API key.*x-api-key/)
      expect(await reportCount(h.sandbox)).toBe(before)
    },
  )

  it.each(keyedEndpoints)(
    '%s with an unknown key is 401 and writes nothing',
    async (_n, method, path, json) => {
      const before = await reportCount(h.sandbox)
      const result = await call(h.sandbox.baseUrl + path, { method, json, key: 'sbx_not-a-key' })
      expect(result.status).toBe(401)
      expect(result.body).toMatchObject({ success: false, data: null })
      expect(result.body.message).toMatch(/Unknown API key/)
      expect(await reportCount(h.sandbox)).toBe(before)
    },
  )

  it('the key is checked before the body, so a keyless malformed body is still 401', async () => {
    const result = await call(h.sandbox.baseUrl + paths.create, { raw: '{oops', key: null })
    expect(result.status).toBe(401)
  })
})

describe('upload and the bank list need no key', () => {
  it('bank list answers without a key', async () => {
    const result = await call(h.sandbox.baseUrl + paths.banks, { key: null })
    expect(result.status).toBe(200)
    expect(bankListResponseSchema.parse(result.body).data.entity.length).toBeGreaterThan(0)
  })

  it('upload answers without a key', async () => {
    const form = new FormData()
    form.append('file', new Blob(['plain evidence notes\n']), 'notes.txt')
    const result = await call(h.sandbox.uploadUrl + paths.upload, { body: form, key: null })
    expect(result.status).toBe(200)
  })
})
