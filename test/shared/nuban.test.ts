import { describe, expect, it } from 'vitest'
import {
  banksFittingNuban,
  nubanCheckDigit,
  nubanDigits,
  nubanFitsBank,
  nubanInstitutionCode,
} from '../../src/shared/domain'

/** Banks of the sandbox's list with the code lengths the registry's list may carry. */
const BANKS = [
  { slug: 'access-bank', name: 'Access Bank', code: '044' },
  { slug: 'first-bank', name: 'First Bank of Nigeria', code: '011' },
  { slug: 'gtbank', name: 'Guaranty Trust Bank', code: '058' },
  { slug: 'uba', name: 'United Bank for Africa', code: '033' },
  { slug: 'globus-bank', name: 'Globus Bank', code: '00103' },
  { slug: 'kuda', name: 'Kuda Microfinance Bank', code: '50211' },
  { slug: 'palmpay', name: 'PalmPay', code: '999991' },
  { slug: 'no-code', name: 'A bank without a code', code: null },
  { slug: 'odd-code', name: 'A bank with a 4-digit code', code: '1234' },
]

describe('the CBN NUBAN check digit', () => {
  it("gives the CBN proposal's worked examples (First Bank, code 011)", () => {
    // 0*3+1*7+1*3+0*3+0*7+0*3+0*3+0*7+1*3+4*3+5*7+7*3 = 81 → 10 − 1 = 9
    expect(nubanCheckDigit('000011', '000001457')).toBe(9)
    // … = 30 → 10 − 0 = 10 → 0
    expect(nubanCheckDigit('000011', '000000022')).toBe(0)
    expect(nubanFitsBank('0000014579', '011')).toBe(true)
    expect(nubanFitsBank('0000000220', '011')).toBe(true)
    expect(nubanFitsBank('0000014578', '011')).toBe(false)
  })
  it('takes 3-digit codes with 000 before them, 5-digit codes with 9, 6-digit codes as they are', () => {
    expect(nubanInstitutionCode('011')).toBe('000011')
    expect(nubanInstitutionCode('50547')).toBe('950547')
    expect(nubanInstitutionCode('999991')).toBe('999991')
    expect(nubanInstitutionCode(' 058 ')).toBe('000058')
    for (const code of [null, undefined, '', '1234', '0440000', 'ABC']) {
      expect(nubanInstitutionCode(code)).toBeNull()
    }
  })
  it('weights a 6-digit institution code like the rest: 3, 7, 3, 3, 7, 3', () => {
    // 9 5 0 2 1 1 | 2 2 3 3 4 4 5 5 6 → 27+35+0+6+7+3 + 6+14+9+9+28+12+15+35+18 = 224 → 6
    expect(nubanCheckDigit('950211', '223344556')).toBe(6)
    expect(nubanFitsBank('2233445566', '50211')).toBe(true)
  })
  it('offers the banks whose code makes the check digit valid, in list order', () => {
    expect(banksFittingNuban('0000014579', BANKS).map((b) => b.slug)).toEqual([
      'access-bank',
      'first-bank',
      'uba',
      'palmpay',
    ])
    expect(banksFittingNuban('2233445566', BANKS).map((b) => b.slug)).toEqual(['kuda'])
    expect(banksFittingNuban('000 001 4579', BANKS)).toHaveLength(4)
  })
  it('offers none for what is not a 10-digit account number, and skips banks without a usable code', () => {
    expect(banksFittingNuban('12345', BANKS)).toEqual([])
    expect(banksFittingNuban('00000145790', BANKS)).toEqual([])
    expect(nubanDigits('0000-014-579')).toBe('0000014579')
    expect(nubanDigits('000001457x')).toBeNull()
    expect(nubanFitsBank('0000014579', null)).toBe(false)
  })
})
