import { describe, expect, it } from 'vitest'
import { checkSearchValue, searchInputSchema } from '../../src/shared/domain'

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
  it('lets Casefile search an account number without its bank, and says what a bad one lacks', () => {
    expect(checkSearchValue('account', '0123456789')).toBeNull()
    expect(checkSearchValue('account', '0123456789_access-bank')).toBeNull()
    expect(checkSearchValue('account', '12345')).toMatch(/10 digits/)
    // The registry itself is always sent an account with its bank.
    expect(
      searchInputSchema.safeParse({ identifier: 'account', value: '0123456789' }).success,
    ).toBe(false)
  })
  it('takes a Nigerian phone number in each of its spellings', () => {
    for (const value of ['08031234567', '+2348031234567', '2348031234567', '8031234567'])
      expect(searchInputSchema.safeParse({ identifier: 'phone', value }).success, value).toBe(true)
  })
})
