import { describe, expect, it } from 'vitest'
import {
  IDENTIFIER_TYPES,
  type IdentifierType,
  checkIdentifierValue,
  identifierInputSchema,
  joinAccountValue,
  normalizeIdentifierValue,
  splitAccountValue,
} from '../../src/shared/domain'

const cases: Record<IdentifierType, { good: string[]; bad: [string, RegExp][] }> = {
  account: {
    good: ['0123456789_access-bank', '2233445566_gtbank', '0000000001_opay'],
    bad: [
      ['0123456789', /<account_number>_<bank_slug>/],
      ['12345_access-bank', /must be 10 digits/],
      ['01234567890_access-bank', /must be 10 digits/],
      ['01234x6789_access-bank', /must be 10 digits/],
      ['0123456789_Access Bank', /not a slug/],
      ['_access-bank', /<account_number>_<bank_slug>/],
    ],
  },
  bvn: {
    good: ['22123456789'],
    bad: [
      ['2212345678', /11 digits/],
      ['221234567890', /11 digits/],
      ['2212345678a', /11 digits/],
    ],
  },
  nin: {
    good: ['12345678901'],
    bad: [
      ['1234567890', /11 digits/],
      ['NIN12345678', /11 digits/],
    ],
  },
  drivers_license: { good: ['ABC12345AA01'], bad: [['x'.repeat(201), /longer than 200/]] },
  international_passport: { good: ['A12345678'], bad: [['p'.repeat(201), /longer than 200/]] },
  email: {
    good: ['ada@example.com', 'a.b+c@bank.com.ng'],
    bad: [
      ['ada@', /not an email/],
      ['ada example.com', /not an email/],
      ['@example.com', /not an email/],
      ['ada@example', /not an email/],
    ],
  },
  phone: {
    good: ['08031234567', '09012345678', '+2348031234567', '+447911123456', '+14155552671'],
    bad: [
      ['0803123456', /phone number/],
      ['06031234567', /phone number/],
      ['0803 123 4567', /phone number/],
      ['+0123', /phone number/],
    ],
  },
  account_name: { good: ['Chinedu Okafor'], bad: [['n'.repeat(201), /longer than 200/]] },
  social_handle: { good: ['@scammer_ng'], bad: [['h'.repeat(201), /longer than 200/]] },
}

describe('identifier values, per type', () => {
  it('covers all 9 types', () => {
    expect(Object.keys(cases).sort()).toEqual([...IDENTIFIER_TYPES].sort())
  })
  for (const type of IDENTIFIER_TYPES) {
    const { good, bad } = cases[type]
    it.each(good)(`${type}: accepts %s`, (value) => {
      expect(checkIdentifierValue(type, value)).toBeNull()
      expect(identifierInputSchema.safeParse({ label: type, value }).success).toBe(true)
    })
    it.each(bad)(`${type}: refuses %s`, (value, message) => {
      expect(checkIdentifierValue(type, value)).toMatch(message)
      expect(identifierInputSchema.safeParse({ label: type, value }).success).toBe(false)
    })
    it(`${type}: refuses an empty value and edge spaces`, () => {
      expect(checkIdentifierValue(type, '   ')).toMatch(/empty/)
      expect(checkIdentifierValue(type, ` ${good[0]}`)).toMatch(/spaces at its start or end/)
    })
  }
  it('refuses an unknown identifier type and lists the known ones', () => {
    const result = identifierInputSchema.safeParse({ label: 'iban', value: 'x' })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toMatch(/"iban".*account, bvn, nin/)
  })
  it('refuses a bank slug that is not in a known bank list', () => {
    const bankSlugs = new Set(['access-bank'])
    expect(checkIdentifierValue('account', '0123456789_access-bank', { bankSlugs })).toBeNull()
    expect(checkIdentifierValue('account', '0123456789_fake-bank', { bankSlugs })).toMatch(
      /not in the bank list/,
    )
  })
})

describe('account value helpers', () => {
  it('splits at the first underscore and joins back', () => {
    expect(splitAccountValue('0123456789_first-bank_of-x')).toEqual({
      accountNumber: '0123456789',
      bankSlug: 'first-bank_of-x',
    })
    expect(splitAccountValue('0123456789')).toBeNull()
    expect(splitAccountValue('0123456789_')).toBeNull()
    expect(joinAccountValue({ accountNumber: ' 0123456789 ', bankSlug: 'gtbank' })).toBe(
      '0123456789_gtbank',
    )
  })
  it('normalizes values to the one form the registry matches', () => {
    expect(normalizeIdentifierValue('phone', ' 0803-123 (4567) ')).toBe('08031234567')
    expect(normalizeIdentifierValue('email', ' Ada@Example.COM ')).toBe('ada@example.com')
    expect(normalizeIdentifierValue('account', '0123 456 789_Access-Bank')).toBe(
      '0123456789_access-bank',
    )
    expect(normalizeIdentifierValue('bvn', '221 2345 6789')).toBe('22123456789')
  })
})
