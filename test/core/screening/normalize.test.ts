// Every identifier type read from the cells people and spreadsheet programs write: the one form
// the editor stores, or a message naming what is wrong. Nothing dropped silently.
import { describe, expect, it } from 'vitest'
import {
  bankLookup,
  compactNumber,
  readAccount,
  readIdentifierCell,
  type CellReading,
} from '../../../src/core/screening/screening-normalize'
import { detectIdentifierType } from '../../../src/core/screening/screening-input'

const banks = bankLookup([
  { name: 'Access Bank', slug: 'access-bank', code: '044' },
  { name: 'Guaranty Trust Bank', slug: 'gtbank', code: '058' },
  { name: 'Globus Bank', slug: 'globus-bank', code: '00103' },
])
const value = (reading: CellReading) => (reading.ok ? reading.value : reading)

describe('numbers as spreadsheets save them', () => {
  it('reads floats, full scientific notation, spaces and dashes; refuses rounded scientific', () => {
    expect(compactNumber('8031234567.0')).toEqual({ text: '8031234567' })
    expect(compactNumber('2.348031234567E+12')).toEqual({ text: '2348031234567' })
    expect(compactNumber(' 0803-123 4567 ')).toEqual({ text: '08031234567' })
    expect(compactNumber('8.03123E+09')).toEqual({ lost: '8.03123E+09' })
  })
})

describe('phones', () => {
  it.each([
    ['08031234567', '08031234567'],
    ['+234 803 123 4567', '08031234567'],
    ['2348031234567', '08031234567'],
    ['+234 (0) 803-123-4567', '08031234567'],
    ['8031234567', '08031234567'], // leading zero lost
    ['8031234567.0', '08031234567'],
    ['2.348031234567E+12', '08031234567'],
    ['+44 7911 123456', '+447911123456'],
  ])('%s → %s', (written, expected) => {
    expect(value(readIdentifierCell('phone', written))).toBe(expected)
  })

  it('names a number whose digits the spreadsheet rounded away', () => {
    const read = readIdentifierCell('phone', '8.03123E+09')
    expect(read.ok).toBe(false)
    expect(read.ok ? '' : read.message).toMatch(/rounded away.*Format the column as Text/)
  })
})

describe('BVN, NIN, email and free text', () => {
  it('BVN: 11 digits from spaced, dashed or float cells; 10 digits refused with the hint', () => {
    expect(value(readIdentifierCell('bvn', '221 5678 9012'))).toBe('22156789012')
    expect(value(readIdentifierCell('bvn', '22156789012.0'))).toBe('22156789012')
    const short = readIdentifierCell('bvn', '2215678901')
    expect(short.ok ? '' : short.message).toMatch(/11 digits.*Format the column as Text/)
  })

  it('NIN: a leading zero the spreadsheet dropped is put back', () => {
    expect(value(readIdentifierCell('nin', '1234567890'))).toBe('01234567890')
    expect(value(readIdentifierCell('nin', '123-4567-8901'))).toBe('12345678901')
  })

  it('email: trimmed, lower-cased, mailto: dropped; a broken one named', () => {
    expect(value(readIdentifierCell('email', ' MAILTO:Ada.Obi@Example.COM '))).toBe(
      'ada.obi@example.com',
    )
    expect(readIdentifierCell('email', 'ada at example').ok).toBe(false)
  })

  it('account name: spaces collapsed; social handle kept', () => {
    expect(value(readIdentifierCell('account_name', '  Ada   Obi '))).toBe('Ada Obi')
    expect(value(readIdentifierCell('social_handle', '@kind.heart'))).toBe('@kind.heart')
  })
})

describe('accounts with their banks', () => {
  it('bank by name, slug or code (a code saved as a number too)', () => {
    expect(
      value(readAccount('0123456789', 'ACCESS BANK PLC'.replace(' PLC', ''), banks.slugOf)),
    ).toBe('0123456789_access-bank')
    expect(value(readAccount('0123456789', 'gtbank', banks.slugOf))).toBe('0123456789_gtbank')
    expect(value(readAccount('0123456789', '44', banks.slugOf))).toBe('0123456789_access-bank')
    expect(value(readAccount('0123456789', '103', banks.slugOf))).toBe('0123456789_globus-bank')
    expect(value(readAccount('0123456789_access-bank', '', banks.slugOf))).toBe(
      '0123456789_access-bank',
    )
    expect(value(readAccount('012-345 6789', 'Access Bank', banks.slugOf))).toBe(
      '0123456789_access-bank',
    )
  })

  it('a lost leading zero is put back only when the check digit agrees', () => {
    // 0000014579 fits Access Bank's code 044 (the sandbox's example); 000001457 does not fit.
    expect(value(readAccount('000014579', '044', banks.slugOf, banks.codeOf))).toBe(
      '0000014579_access-bank',
    )
    const wrong = readAccount('123456780', '044', banks.slugOf, banks.codeOf)
    expect(wrong.ok).toBe(false)
  })

  it('puts back as many lost zeros as the check digit proves (issue 36)', () => {
    // 0012345671 and 0044556676 are GTBank (058) NUBANs that lost two zeros in a number cell;
    // 0000014579 lost five.
    expect(value(readAccount('12345671', 'gtbank', banks.slugOf, banks.codeOf))).toBe(
      '0012345671_gtbank',
    )
    expect(value(readAccount('14579', '044', banks.slugOf, banks.codeOf))).toBe(
      '0000014579_access-bank',
    )
    const misfit = readAccount('12345671', '044', banks.slugOf, banks.codeOf)
    expect(misfit.ok ? '' : misfit.message).toMatch(
      /0012345671 does not fit the bank's check digit/,
    )
  })

  it('an account with no bank is searched at the banks its check digit fits, when asked to guess', () => {
    expect(readAccount('44556676', '', banks.slugOf, banks.codeOf, banks.fitting)).toEqual({
      ok: true,
      value: '0044556676',
      guessedBanks: ['gtbank', 'globus-bank'],
    })
    const none = readAccount('0123456789', '', banks.slugOf, banks.codeOf, banks.fitting)
    expect(none.ok ? '' : none.message).toMatch(/no bank in the list has a CBN code that fits/)
  })

  it('no bank, or a bank the list does not name, is a problem on the right cell', () => {
    const none = readAccount('0123456789', '', banks.slugOf)
    expect(none.ok ? '' : none.message).toMatch(/has no bank/)
    const unknown = readAccount('0123456789', 'Bank of Atlantis', banks.slugOf)
    expect(unknown).toMatchObject({ ok: false, onBank: true })
  })
})

describe('the type of a pasted value', () => {
  it.each([
    ['ada@example.com', 'email'],
    ['+2348031234567', 'phone'],
    ['08031234567', 'phone'],
    ['22156789012', 'bvn'],
    ['0123456789 Access Bank', 'account'],
    ['0123456789_access-bank', 'account'],
    ['@kind.heart', 'social_handle'],
  ])('%s is %s', (written, type) => {
    expect(detectIdentifierType(written)).toBe(type)
  })

  it('eleven digits that may be a BVN or a NIN ask for the type', () => {
    expect(detectIdentifierType('12345678901')).toHaveProperty('problem')
  })
})
