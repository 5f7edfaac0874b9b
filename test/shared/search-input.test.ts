import { describe, expect, it } from 'vitest'
import { searchInputSchema } from '../../src/shared/domain'

describe('search input', () => {
  it('takes an identifier type and a value of that type', () => {
    expect(
      searchInputSchema.parse({ identifier: 'account', value: '0123456789_access-bank' }),
    ).toEqual({
      identifier: 'account',
      value: '0123456789_access-bank',
    })
  })
  it('refuses a value that does not fit its type, naming the rule', () => {
    const result = searchInputSchema.safeParse({ identifier: 'bvn', value: '123' })
    expect(result.error?.issues[0]?.message).toMatch(/BVN is 11 digits/)
  })
})
