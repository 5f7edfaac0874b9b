import { describe, expect, it } from 'vitest'
import { importBulkFile } from '../../src/core/spreadsheet/bulk-file-import'
import { columnOf, headerRow, rawWorkbook, row, text } from '../sandbox/raw-workbook'
import { BANKS, REASON, allRows } from './support'

/*
 * An XLSX error value (`t="e"`: #N/A, #REF!…) is what a formula that failed shows, never data.
 * Read as text, a VLOOKUP that found nothing filed "#N/A" as an account name, so the report was
 * findable by "#N/A" together with every other report it happened to.
 */

const accountName = columnOf('account_name')

function workbookWith(errorCell: string) {
  return rawWorkbook({
    rows:
      headerRow() +
      row(2, [
        text(`${columnOf('fraud_type')}2`, 'money_mule'),
        text(`${columnOf('fraud_reason')}2`, REASON),
        text(`${columnOf('account_number_1')}2`, '0123456789'),
        text(`${columnOf('bank_1')}2`, 'gtbank'),
        errorCell,
      ]),
  })
}

describe('an error value in a cell', () => {
  it('refuses the row, naming the cell, the error and how to fix it', async () => {
    const file = workbookWith(
      `<c r="${accountName}2" t="e"><f>VLOOKUP(D2,Accounts!A:B,2,FALSE)</f><v>#N/A</v></c>`,
    )
    const result = await importBulkFile({ bytes: file }, { banks: BANKS })
    expect(result.accepted).toEqual([])
    expect(result.rejected).toMatchObject([
      {
        rowNumber: 2,
        errors: [
          {
            column: 'account_name',
            cell: `${accountName}2`,
            message: `Cell ${accountName}2 shows the error #N/A (what a lookup such as VLOOKUP or XLOOKUP gives when it finds nothing), not a value: fix the formula so the cell shows the value, or type the value itself in the cell, then import the file again.`,
          },
        ],
      },
    ])
  })

  it('is a cell issue whatever the error, with or without its formula; the text stays as shown', async () => {
    const rows = await allRows({
      bytes: workbookWith(
        `<c r="${accountName}2" t="e"><v>#REF!</v></c><c r="Q2" t="e"><f>1/0</f><v>#SPILL!</v></c>`,
      ),
    })
    expect(rows[1]?.cells.slice(-2)).toEqual(['#REF!', '#SPILL!'])
    expect(rows[1]?.cellIssues).toEqual([
      {
        columnIndex: 15,
        message: `Cell ${accountName}2 shows the error #REF! (what a formula gives when the cells it refers to were deleted), not a value: fix the formula so the cell shows the value, or type the value itself in the cell, then import the file again.`,
      },
      {
        columnIndex: 16,
        message:
          'Cell Q2 shows the error #SPILL!, not a value: fix the formula so the cell shows the value, or type the value itself in the cell, then import the file again.',
      },
    ])
  })
})
