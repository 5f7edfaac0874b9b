import { describe, expect, it } from 'vitest'
import {
  canonicalPhone,
  identifierSpellings,
  typedSpelling,
  nigerianPhoneSpellings,
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
    good: [
      '08031234567',
      '09012345678',
      '+2348031234567',
      '2348031234567',
      '8031234567',
      '+447911123456',
      '+14155552671',
    ],
    bad: [
      ['0803123456', /phone number/],
      ['803123456', /phone number/],
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
    expect(normalizeIdentifierValue('bvn', '221-2345-6789')).toBe('22123456789')
    expect(normalizeIdentifierValue('email', ' Ada@Example.COM ')).toBe('ada@example.com')
    expect(normalizeIdentifierValue('account', '0123 456 789_Access-Bank')).toBe(
      '0123456789_access-bank',
    )
    expect(normalizeIdentifierValue('bvn', '221 2345 6789')).toBe('22123456789')
  })
})

describe('one phone number, whatever its spelling', () => {
  const SPELLINGS = [
    '08031234567',
    '+2348031234567',
    '2348031234567',
    '8031234567',
    '0803 123 4567',
    '0803-123-4567',
    '+234 803 123 4567',
    '+234 (0) 803 123 4567',
    '002348031234567',
    '234-803-123-4567',
  ]
  it.each(SPELLINGS)('stores %s as 08031234567, the form the registry examples use', (typed) => {
    expect(canonicalPhone(typed)).toBe('08031234567')
    expect(normalizeIdentifierValue('phone', typed)).toBe('08031234567')
    expect(checkIdentifierValue('phone', normalizeIdentifierValue('phone', typed))).toBeNull()
  })
  it.each(SPELLINGS)('searches %s in every compact spelling the registry may hold', (typed) => {
    expect(identifierSpellings('phone', typed)).toEqual([
      '08031234567',
      '+2348031234567',
      '2348031234567',
      '8031234567',
      '+23408031234567',
      '23408031234567',
      '002348031234567',
    ])
  })
  it('keeps a number from another country as +digits, a leading 00 written +', () => {
    expect(canonicalPhone('+44 7911 123456')).toBe('+447911123456')
    expect(canonicalPhone('0044 7911 123456')).toBe('+447911123456')
    expect(nigerianPhoneSpellings('+447911123456')).toBeNull()
    expect(identifierSpellings('phone', '+44 7911 123456')).toEqual(['+447911123456'])
  })
  it('does not take a number that is not a Nigerian mobile for one', () => {
    expect(canonicalPhone('06031234567')).toBe('06031234567')
    expect(checkIdentifierValue('phone', '06031234567')).toMatch(/phone number/)
  })
})

describe('the spellings searched for other identifiers', () => {
  it('searches an email in lower case, and as typed when typed with capitals', () => {
    expect(identifierSpellings('email', ' Ada.Obi@Example.com ')).toEqual([
      'ada.obi@example.com',
      'Ada.Obi@Example.com',
    ])
    expect(identifierSpellings('email', 'ada@example.com')).toEqual(['ada@example.com'])
  })
  it('keeps an email as typed only where it adds a spelling', () => {
    expect(typedSpelling('email', ' mailto:Ada.Obi@Example.com ')).toBe('Ada.Obi@Example.com')
    expect(typedSpelling('email', 'ada@example.com')).toBeNull()
    expect(typedSpelling('phone', '+234 803 123 4567')).toBeNull()
  })
  it('searches a free-text value in NFC and NFD where they differ', () => {
    const composed = 'Chinwé Okafọ'.normalize('NFC')
    for (const type of ['account_name', 'social_handle'] as const) {
      expect(identifierSpellings(type, composed)).toEqual([composed, composed.normalize('NFD')])
      expect(identifierSpellings(type, composed.normalize('NFD'))).toEqual([
        composed.normalize('NFD'),
        composed,
      ])
    }
    expect(identifierSpellings('account_name', 'Ada Obi')).toEqual(['Ada Obi'])
  })
  it('searches a BVN or NIN typed with spaces or dashes as its 11 digits', () => {
    expect(identifierSpellings('bvn', '221 2345 6789')).toEqual(['22123456789'])
    expect(identifierSpellings('nin', '123-4567-8901')).toEqual(['12345678901'])
  })
})
