// The column mapper: headers of other systems' exports suggest their types, --map corrects
// them by header or letter, accounts pair with banks in order.
import { describe, expect, it } from 'vitest'
import { readScreeningTable } from '../../../src/core/screening/screening-input'
import {
  accountPairs,
  headerKey,
  columnTypeOf,
  suggestMapping,
  withChanges,
} from '../../../src/core/screening/screening-columns'

describe('the column mapper', () => {
  it('suggests types from the words of real headers, and the template names itself', () => {
    const header = [
      'S/N',
      'Customer Name',
      'Account No.',
      'Bank Name',
      'MSISDN',
      'BVN',
      'NIN',
      'E-mail Address',
      'Beneficiary Account',
      'Beneficiary Bank',
      'Remarks',
    ]
    expect(suggestMapping(header)).toEqual([
      { column: 2, type: 'account' },
      { column: 3, type: 'bank' },
      { column: 4, type: 'phone' },
      { column: 5, type: 'bvn' },
      { column: 6, type: 'nin' },
      { column: 7, type: 'email' },
      { column: 8, type: 'account' },
      { column: 9, type: 'bank' },
    ])
    expect(
      suggestMapping([
        'account_name',
        'social_handle',
        'drivers_license',
        'international_passport',
      ]).map((m) => m.type),
    ).toEqual(['account_name', 'social_handle', 'drivers_license', 'international_passport'])
  })

  it('pairs account columns with bank columns in order', () => {
    expect(accountPairs(suggestMapping(['Acct 1', 'Bank 1', 'Acct 2', 'Bank 2']))).toEqual([
      { number: 0, bank: 1 },
      { number: 2, bank: 3 },
    ])
  })

  it('--map by header (any case) or letter; ignore drops a column; a wrong one says what exists', () => {
    const header = ['Ref', 'Mobile', 'Notes']
    const typeOf = (column: string, type: string) => columnTypeOf({ column, type }, header)
    expect(typeOf('ref', 'bvn')).toEqual({ column: 0, type: 'bvn' })
    expect(typeOf('C', 'email')).toEqual({ column: 2, type: 'email' })
    expect(typeOf('Phone', 'phone')).toHaveProperty(
      'message',
      expect.stringMatching(/no column "Phone".*B "Mobile"/),
    )
    expect(typeOf('Phone', 'phone')).toHaveProperty(
      'problem',
      expect.objectContaining({ code: 'no_such_column', written: 'Phone=phone', name: 'Phone' }),
    )
    expect(typeOf('Ref', 'passport')).toHaveProperty('message', expect.stringMatching(/not a type/))
    expect(
      withChanges(suggestMapping(header), [
        { column: 1, type: 'ignore' },
        { column: 0, type: 'bvn' },
      ]),
    ).toEqual([{ column: 0, type: 'bvn' }])
  })

  it('remembers per set of headers, whatever their case or spaces', () => {
    expect(headerKey(['Mobile ', 'BVN'])).toBe(headerKey(['mobile', 'bvn']))
    expect(headerKey(['Mobile', 'BVN'])).not.toBe(headerKey(['BVN', 'Mobile']))
  })
})

describe('the header row of a bank extract', () => {
  const read = (text: string, headerRow?: number) =>
    readScreeningTable({ bytes: Buffer.from(text) }, { headerRow })

  it('is found below title rows, and every column of a row is kept', async () => {
    const table = await read(
      'ACME BANK PLC - CUSTOMER LISTING\nRUN DATE: 05-JAN-2026,,USER: RPT\nS/N,Name,Account No,Mobile\n1,Ada,0123456789,08031234567,extra\n',
    )
    expect(table.headerRow).toBe(3)
    expect(table.header).toEqual(['S/N', 'Name', 'Account No', 'Mobile', ''])
    expect(table.rows.map((r) => r.rowNumber)).toEqual([4])
  })

  it('stays row 1 when row 1 is as wide as the rows below (a type,value list), or as asked', async () => {
    expect((await read('type,value\nemail,Ada@Example.com\n')).headerRow).toBe(1)
    const asked = await read('Title\nName,Phone\nAda,08031234567\n', 2)
    expect([asked.headerRow, asked.header]).toEqual([2, ['Name', 'Phone']])
    await expect(read('Title\n\nName,Phone\n', 2)).rejects.toThrow(/Row 2 of the sheet is empty/)
  })
})
