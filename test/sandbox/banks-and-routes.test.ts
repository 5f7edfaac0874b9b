import { describe, expect, it } from 'vitest'
import { checkIdentifierValue } from '../../src/shared/domain/identifiers'
import { bankListResponseSchema } from '../../src/shared/domain/responses'
import { call, paths, useSandbox } from './sandbox-harness'

const h = useSandbox()

describe('bank list (4.10)', () => {
  it('answers data.entity with real banks, their CBN codes and unique slugs', async () => {
    const result = await call(h.sandbox.baseUrl + paths.banks)
    expect(result.status).toBe(200)
    const banks = bankListResponseSchema.parse(result.body).data.entity
    expect(banks.length).toBeGreaterThanOrEqual(25)
    const byName = new Map(banks.map((bank) => [bank.name, bank]))
    expect(byName.get('Access Bank')).toMatchObject({ code: '044', slug: 'access-bank' })
    expect(byName.get('Guaranty Trust Bank')).toMatchObject({ code: '058', slug: 'gtbank' })
    expect(byName.get('Zenith Bank')?.code).toBe('057')
    expect(byName.get('Kuda Microfinance Bank')?.code).toBe('50211')
    expect(byName.get('OPay')?.code).toBe('999992')
    expect(new Set(banks.map((bank) => bank.slug)).size).toBe(banks.length)
    expect(new Set(banks.map((bank) => bank.id)).size).toBe(banks.length)
    // Every slug makes a valid account identifier by the shared rules.
    for (const bank of banks)
      expect(checkIdentifierValue('account', `0123456789_${bank.slug}`)).toBeNull()
  })
})

describe('unknown routes', () => {
  it.each([
    ['GET', '/api/v1/meta-data/bank'],
    ['GET', '/api/v2/meta-data/banks'],
    ['POST', '/api/v1/meta-data/banks'],
    ['DELETE', '/api/v1/external/reports/some-id'],
    ['GET', '/'],
  ])(
    '%s %s answers 404 {success:false, message:"Route not found", data:null}',
    async (method, path) => {
      const result = await call(h.sandbox.baseUrl + path, { method })
      expect(result.status).toBe(404)
      expect(result.body).toEqual({ success: false, message: 'Route not found', data: null })
    },
  )
})
