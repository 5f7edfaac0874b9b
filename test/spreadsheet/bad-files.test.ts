import { readdir } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import {
  BulkFileError,
  importBulkFile,
  type BulkImportResult,
} from '../../src/core/spreadsheet/bulk-file-import'
import { TableFileError, type TableFileErrorCode } from '../../src/core/spreadsheet/read-table'
import { BANKS, FIXTURES, fixture, rejectionOf } from './support'

/*
 * The corpus in test/fixtures/spreadsheets (make-fixtures.ts builds it): each bad file ends in
 * the message it deserves, per file or per row, and nothing crashes or leaks into prototypes.
 */

const importFixture = (name: string) => importBulkFile(fixture(name), { banks: BANKS })

async function fileError(name: string, code: TableFileErrorCode): Promise<TableFileError> {
  const error = await rejectionOf(importFixture(name))
  expect(error, name).toBeInstanceOf(TableFileError)
  expect((error as TableFileError).code, `${name}: ${error.message}`).toBe(code)
  return error as TableFileError
}

const rowErrors = (result: BulkImportResult) =>
  result.rejected.map((r) => ({ rowNumber: r.rowNumber, errors: r.errors }))

describe('files that cannot be read at all', () => {
  it('an empty file, or one holding only a BOM or an empty sheet, says it is empty', async () => {
    for (const name of ['empty.csv', 'bom-only.csv', 'empty-sheet.xlsx'])
      expect((await fileError(name, 'empty')).message).toMatch(
        /^The file is empty: it has no header row and no reports\. Start from the Casefile bulk template/,
      )
  })

  it('a zip bomb is refused before it is unpacked, by its declared size and packing ratio', async () => {
    const error = await fileError('zip-bomb.xlsx', 'zip_bomb')
    expect(error.message).toMatch(
      /^The workbook part "xl\/worksheets\/sheet1\.xml" would unpack from 100 KB to 100\.0 MB \(\d+ times; Casefile unpacks at most 200 times\)\. .*save the sheet as a new \.xlsx or as CSV UTF-8/,
    )
  })

  it('a zip that lies about a part’s size is stopped while unpacking, at the size it declared', async () => {
    expect((await fileError('zip-bomb-lying-sizes.xlsx', 'zip_bomb')).message).toMatch(
      /"xl\/worksheets\/sheet1\.xml" unpacks to more than its zip directory declares/,
    )
  })

  it('a file that is not a spreadsheet, whatever its name, says what it seems to be', async () => {
    const cases: [string, RegExp][] = [
      ['pdf-renamed.xlsx', /^The file is a PDF despite its name, not a spreadsheet\./],
      ['word-renamed.xlsx', /^The file is a Word document\./],
      ['text-renamed.xlsx', /^The file is not a spreadsheet despite its name/],
    ]
    for (const [name, message] of cases) {
      const error = await fileError(name, 'not_a_spreadsheet')
      expect(error.message).toMatch(message)
      expect(error.message).toMatch(/save it as \.xlsx or "CSV UTF-8", and import that file\.$/)
    }
  })

  it('a DOCTYPE (entity expansion) is refused, not expanded', async () => {
    expect((await fileError('entity-expansion.xlsx', 'not_a_spreadsheet')).message).toMatch(
      /declares a DOCTYPE, which Excel never writes/,
    )
  })

  it('text that is not UTF-8 says so, where, and how to save it as UTF-8', async () => {
    expect((await fileError('latin1.csv', 'encoding')).message).toBe(
      'The file is not UTF-8 text (the first bad character is in or near row 2), so names and reasons would come out garbled. In Excel choose File → Save As → "CSV UTF-8 (Comma delimited)" (or save as .xlsx) and import that file.',
    )
    expect((await fileError('utf16.csv', 'encoding')).message).toMatch(
      /^The file is saved as "Unicode text" \(UTF-16\)/,
    )
  })

  it('a quote left open to the end of the file names the row and column where it opens', async () => {
    const error = await fileError('unclosed-quote-at-end.csv', 'not_a_spreadsheet')
    expect(error.message).toMatch(
      /^Row 3, column B opens a quoted cell \("\) that is never closed, so the rest of the file would be read as one cell\. Close the quote/,
    )
  })

  it('wrong columns list every missing column at once, and nothing is imported', async () => {
    const error = await rejectionOf(importFixture('wrong-columns.csv'))
    expect(error).toBeInstanceOf(BulkFileError)
    expect((error as BulkFileError).problems.map((p) => [p.code, p.message])).toEqual([
      [
        'missing_column',
        'The header row has no "fraud_type" column, which every report needs (One of the allowed fraud types.). Add the column, or start from the Casefile bulk template.',
      ],
      [
        'missing_column',
        'The header row has no "fraud_reason" column, which every report needs (What happened, 50 to 2000 characters.). Add the column, or start from the Casefile bulk template.',
      ],
      [
        'no_identifier_column',
        expect.stringMatching(
          /^The header row has no identifier column.*Add at least one of: account_number_1, /,
        ),
      ],
      ['unknown_column', expect.stringMatching(/^Column A "type" is not a column/)],
      ['unknown_column', expect.stringMatching(/^Column B "reason" is not a column/)],
      ['unknown_column', expect.stringMatching(/^Column C "account" is not a column/)],
      ['unknown_column', expect.stringMatching(/^Column D "bank" is not a column/)],
    ])
  })
})

describe('files read row by row', () => {
  it('a BOM, semicolons and quoted newlines are read as the spreadsheet shows them', async () => {
    expect((await importFixture('bom.csv')).totals).toMatchObject({ accepted: 1, rejected: 0 })
    const semicolons = await importFixture('semicolons.csv')
    expect(semicolons.accepted[0]?.input).toMatchObject({
      fraudType: 'money_mule',
      showUploaderInfo: true,
      identifiers: [
        { label: 'account', value: '0123456789_gtbank' },
        { label: 'bvn', value: '22123456789' },
        { label: 'phone', value: '08031234567' },
      ],
    })
    expect(semicolons.accepted[0]?.input.fraudReason).toMatch(/, with a comma$/)
    const newlines = await importFixture('quoted-newlines.csv')
    expect(newlines.accepted.map((a) => a.rowNumber)).toEqual([2, 3])
    expect(newlines.accepted[0]?.input.fraudReason).toMatch(
      /\nSecond line with "quotes", and a comma\.$/,
    )
  })

  it('a 2001-character reason is rejected with the registry’s own message', async () => {
    expect(rowErrors(await importFixture('reason-2001.csv'))).toEqual([
      {
        rowNumber: 2,
        errors: [
          {
            column: 'fraud_reason',
            cell: 'B2',
            message:
              'The reason has 2001 characters; the registry takes at most 2000. Shorten it by 1.',
          },
        ],
      },
    ])
  })

  it('an unknown fraud type lists the allowed ones by name', async () => {
    expect(rowErrors(await importFixture('unknown-fraud-type.csv'))).toEqual([
      {
        rowNumber: 2,
        errors: [
          {
            column: 'fraud_type',
            cell: 'A2',
            message:
              'Fraud type "crypto_scam" is not one Casefile knows. Write one of "Hacker / account takeover", "Identity theft", "Money mule", "Suspicious PEP", "Sanctioned / OFAC", "Theft", "Fraudulent loan", "Social engineering", "Other", "Romance fraud", "Land / property scams".',
          },
        ],
      },
    ])
  })

  it('a bad account number names the cell, and a dropped leading zero says how to keep it', async () => {
    expect(rowErrors(await importFixture('bad-account-number.csv'))).toEqual([
      {
        rowNumber: 2,
        errors: [
          {
            column: 'account_number_1',
            cell: 'D2',
            message:
              'Account number "01234X6789" must be 10 digits (NUBAN), with no spaces or letters.',
          },
        ],
      },
      {
        rowNumber: 3,
        errors: [
          {
            column: 'account_number_1',
            cell: 'D3',
            message:
              'Account number "123456789" must be 10 digits (NUBAN), with no spaces or letters. If it began with 0, the spreadsheet dropped the zero: format the column as Text and type the number again.',
          },
        ],
      },
    ])
  })

  it('an unknown bank is rejected on its cell; a bank named as in the list is accepted', async () => {
    const result = await importFixture('unknown-bank.xlsx')
    expect(rowErrors(result)).toEqual([
      {
        rowNumber: 2,
        errors: [
          {
            column: 'bank_1',
            cell: 'E2',
            message:
              'Bank "Bank of Atlantis" is not in the bank list. Write the bank\'s name as the bank list has it, or its slug (e.g. "Access Bank" or access-bank); if the bank is new, refresh the bank list and import again.',
          },
        ],
      },
    ])
    expect(result.accepted[0]?.input.identifiers).toEqual([
      { label: 'account', value: '0123456789_gtbank' },
    ])
  })

  it('a duplicate row (same report, however written) is rejected, pointing at the first', async () => {
    const result = await importFixture('duplicate-rows.csv')
    expect(result.accepted.map((a) => a.rowNumber)).toEqual([2, 3])
    expect(result.duplicatesInFile).toEqual([
      { rowNumber: 4, sameAsRow: 2, fingerprint: result.accepted[0]?.fingerprint },
    ])
    expect(result.rejected[0]?.reason).toBe('duplicate_in_file')
    expect(result.rejected[0]?.errors[0]?.message).toBe(
      'Row 4 is the same report as row 2 (same fraud type, reason and identifiers), so it is imported once. Delete one of the two rows, or change this one if it is a different report.',
    )
  })

  it('empty rows are skipped and counted, never lost', async () => {
    const result = await importFixture('empty-rows.csv')
    expect(result.skippedEmptyRows).toEqual([3, 4, 6])
    expect(result.totals).toEqual({
      dataRows: 5,
      accepted: 2,
      rejected: 0,
      skippedEmpty: 3,
      duplicatesInFile: 0,
      alreadyKnown: 0,
    })
  })

  it('a formula is read as its cached result; one with no saved result rejects its row', async () => {
    const result = await importFixture('formulas.xlsx')
    expect(result.accepted[0]?.input).toMatchObject({
      fraudType: 'hacker',
      showUploaderInfo: false,
      identifiers: [
        { label: 'account', value: '0123456789_access-bank' },
        { label: 'bvn', value: '22123456781' },
      ],
    })
    expect(rowErrors(result)).toEqual([
      {
        rowNumber: 3,
        errors: [
          {
            column: 'account_number_1',
            cell: 'D3',
            message:
              'Cell D3 holds a formula whose value was never calculated: open and save the file in Excel or LibreOffice so its formulas are calculated (in LibreOffice, choose Data → Calculate → Recalculate Hard before saving), then import it again.',
          },
        ],
      },
    ])
  })

  it('a quote left open mid-file rejects the row that swallowed the next, with the reason', async () => {
    const result = await importFixture('unterminated-quote.csv')
    expect(result.accepted.map((a) => a.rowNumber)).toEqual([2])
    expect(rowErrors(result)).toEqual([
      {
        rowNumber: 3,
        errors: [
          {
            column: 'fraud_reason',
            cell: 'B3',
            message: expect.stringMatching(
              /^Cell B3 runs over several lines .* a quote \("\) in it is probably not closed/,
            ),
          },
        ],
      },
    ])
  })

  it('headers and sheet names like __proto__ are only names: unknown columns, refused by name', async () => {
    for (const name of ['proto-headers.csv', 'proto-names.xlsx']) {
      const error = await rejectionOf(importFixture(name))
      expect(error, name).toBeInstanceOf(BulkFileError)
      const unknown = (error as BulkFileError).problems.filter((p) => p.code === 'unknown_column')
      expect(
        unknown.map((p) => p.column),
        name,
      ).toEqual(name.endsWith('.csv') ? ['A', 'B', 'C', 'K'] : ['A', 'B', 'C'])
      expect(unknown[0]?.message).toMatch(
        /^Column A "__proto__" is not a column of the Casefile bulk template, so nothing was imported/,
      )
    }
    expect(({} as Record<string, unknown>).fraud_type).toBeUndefined()
  })
})

describe('the whole corpus', () => {
  it('ends in a result or a typed error for every file, and leaves Object.prototype unchanged', async () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort()
    const names = (await readdir(FIXTURES)).filter((n) => /\.(csv|xlsx)$/.test(n))
    expect(names.length).toBeGreaterThanOrEqual(25)
    for (const name of names) {
      try {
        const result = await importFixture(name)
        const { totals } = result
        expect(totals.accepted + totals.rejected + totals.skippedEmpty, name).toBe(totals.dataRows)
      } catch (error) {
        expect(
          error instanceof TableFileError || error instanceof BulkFileError,
          `${name}: ${String(error)}`,
        ).toBe(true)
      }
    }
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before)
    const probe: Record<string, unknown> = {}
    expect([probe.polluted, probe.admin, Object.getPrototypeOf(probe)]).toEqual([
      undefined,
      undefined,
      Object.prototype,
    ])
  })
})
