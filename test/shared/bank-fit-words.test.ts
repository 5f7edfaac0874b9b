import { describe, expect, it } from 'vitest'
import { accountBankWarnings, bankFitWarning } from '../../src/shared/bank-fit-words'
import {
  foundHereWords,
  noReportsWords,
  searchedBanksWords,
} from '../../src/shared/searched-banks-words'

const HERITAGE = { slug: 'heritage-bank', name: 'Heritage Bank', code: '030' }
const RAND = { slug: 'rand-merchant-bank', name: 'Rand Merchant Bank', code: '502' }
const ZENITH = { slug: 'zenith-bank', name: 'Zenith Bank', code: '057' }
const NO_CODE = { slug: 'no-code', name: 'A Bank With No Code', code: null }
const BANKS = [HERITAGE, RAND, ZENITH, NO_CODE]

describe('a bank that does not fit an account number', () => {
  it('is named with the banks that fit, and nothing is said of a bank it fits or one with no code', () => {
    expect(bankFitWarning('0690000031', ZENITH, BANKS)).toBe(
      '0690000031 does not fit Zenith Bank’s check digit: it fits Heritage Bank or Rand Merchant Bank. Check the number or the bank — you can still file it.',
    )
    expect(bankFitWarning('0690000031', HERITAGE, BANKS)).toBeNull()
    expect(bankFitWarning('0690000031', NO_CODE, BANKS)).toBeNull()
    expect(bankFitWarning('12345', ZENITH, BANKS)).toBeNull()
    expect(bankFitWarning('0690000031', ZENITH, [ZENITH])).toMatch(
      /: no bank of the list has a code it fits\./,
    )
  })

  it('is found among a report’s identifiers, accounts only', () => {
    expect(
      accountBankWarnings(
        [
          { label: 'account', value: '0690000031_zenith-bank' },
          { label: 'account', value: '0690000031_heritage-bank' },
          { label: 'phone', value: '08031234567' },
        ],
        BANKS,
      ),
    ).toHaveLength(1)
  })
})

describe('an account number searched without its bank, in words', () => {
  const fitting = { source: 'online' as const, banks: [HERITAGE, RAND], banksNotSearched: 36 }
  it('names the banks searched and counts the others; never "none carry it" while some were not asked', () => {
    expect(searchedBanksWords(fitting, '0690000031')).toBe(
      'Searched at Heritage Bank and Rand Merchant Bank, the 2 banks whose CBN codes fit account number 0690000031; 36 other banks were not searched.',
    )
    expect(noReportsWords(fitting, 'reports')).toBe('No reports at the banks searched.')
    expect(searchedBanksWords({ ...fitting, banks: [HERITAGE], banksNotSearched: 1 }, 'N')).toBe(
      'Searched at Heritage Bank, the one bank whose CBN code fits account number N; 1 other bank was not searched.',
    )
    const all = { ...fitting, banks: BANKS, banksNotSearched: 0 }
    expect(searchedBanksWords(all, 'N')).toBe('Account N was searched at all 4 banks of the list.')
    expect(noReportsWords(all, 'public reports')).toBe('No public reports carry this identifier.')
    expect(searchedBanksWords({ source: 'online' }, 'N')).toBeNull()
  })

  it('says where a report found only on this computer came from', () => {
    expect(foundHereWords({ from: 'own' }, 'Zenith Bank', 'today')).toBe(
      'Found on this computer only: your organization’s report at Zenith Bank, in its reports saved on this computer (Submissions, as of today). Zenith Bank was not searched on the registry this time.',
    )
  })
})
