import { describe, expect, it } from 'vitest'
import { bankNamedBy, banksMatching } from '../../src/shared/domain'

const BANKS = [
  { slug: 'access-bank', name: 'Access Bank', code: '044' },
  { slug: 'ecobank', name: 'Ecobank Nigeria', code: '050' },
  { slug: 'gtbank', name: 'Guaranty Trust Bank', code: '058' },
  { slug: 'zenith-bank', name: 'Zenith Bank', code: '057' },
  { slug: 'kuda', name: 'Kuda Microfinance Bank', code: '50211' },
]

describe('finding a bank in the list by what a person typed', () => {
  it('matches a part of the name or slug, and the start of the CBN code', () => {
    expect(banksMatching(BANKS, 'trust').map((b) => b.slug)).toEqual(['gtbank'])
    expect(banksMatching(BANKS, 'GTB').map((b) => b.slug)).toEqual(['gtbank'])
    expect(banksMatching(BANKS, '044').map((b) => b.slug)).toEqual(['access-bank'])
    expect(banksMatching(BANKS, '05').map((b) => b.slug)).toEqual([
      'ecobank',
      'gtbank',
      'zenith-bank',
    ])
    expect(banksMatching(BANKS, 'zenithbank').map((b) => b.slug)).toEqual(['zenith-bank'])
    expect(banksMatching(BANKS, '')).toHaveLength(BANKS.length)
  })
  it('names one bank by its exact name, slug or code, or the only bank that matches', () => {
    expect(bankNamedBy(BANKS, 'Zenith Bank')?.slug).toBe('zenith-bank')
    expect(bankNamedBy(BANKS, 'zenith bank.')?.slug).toBe('zenith-bank')
    expect(bankNamedBy(BANKS, 'gtbank')?.slug).toBe('gtbank')
    expect(bankNamedBy(BANKS, '058')?.slug).toBe('gtbank')
    expect(bankNamedBy(BANKS, '50211')?.slug).toBe('kuda')
    expect(bankNamedBy(BANKS, 'zen')?.slug).toBe('zenith-bank')
  })
  it('names none when nothing matches or several banks do', () => {
    expect(bankNamedBy(BANKS, 'Bank')).toBeNull()
    expect(bankNamedBy(BANKS, 'Polaris')).toBeNull()
    expect(bankNamedBy(BANKS, '')).toBeNull()
    expect(bankNamedBy([], 'Zenith Bank')).toBeNull()
  })
})
