import { describe, expect, it } from 'vitest'
import { importBulkFile } from '../../src/core/spreadsheet/bulk-file-import'
import { columnOf, headerRow, rawWorkbook, row, text } from '../sandbox/raw-workbook'
import { BANKS, REASON, allRows } from './support'

/*
 * A number is read as its cell shows it. Banks keep a NUBAN's leading zero in a column of numbers
 * with the format 0000000000: the cell holds 123456789 and shows 0123456789. Read as General,
 * the row was refused with "the spreadsheet dropped the zero" while the user saw the zero there.
 */

/** One cell format per code, style index i + 1 for codes[i] (custom ids from 164, as Excel). */
function styles(codes: (string | number)[]): string {
  const custom = codes.flatMap((code, i) =>
    typeof code === 'string' ? [`<numFmt numFmtId="${164 + i}" formatCode="${code}"/>`] : [],
  )
  const xfs = codes.map(
    (code, i) =>
      `<xf numFmtId="${typeof code === 'number' ? code : 164 + i}" applyNumberFormat="1"/>`,
  )
  return (
    `<numFmts count="${custom.length}">${custom.join('')}</numFmts>` +
    `<cellXfs count="${xfs.length + 1}"><xf numFmtId="0"/>${xfs.join('')}</cellXfs>`
  )
}

/** Column A of rows 2…: each value in a cell of the style given by its format. */
async function shown(cells: [value: string, format: string | number][]): Promise<string[]> {
  const rows = await allRows({
    bytes: rawWorkbook({
      styles: styles(cells.map(([, format]) => format)),
      rows:
        row(1, [text('A1', 'h')]) +
        cells
          .map(([value], i) => row(i + 2, [`<c r="A${i + 2}" s="${i + 1}"><v>${value}</v></c>`]))
          .join(''),
    }),
  })
  return rows.slice(1).map((r) => r.cells[0] ?? '')
}

describe('numbers in cells formatted with zeros', () => {
  it('imports a NUBAN kept by the format 0000000000 as the 0123456789 the cell shows, a phone by 00000000000 too', async () => {
    const file = rawWorkbook({
      styles: styles(['0000000000', '00000000000']),
      rows:
        headerRow() +
        row(2, [
          text(`${columnOf('fraud_type')}2`, 'money_mule'),
          text(`${columnOf('fraud_reason')}2`, REASON),
          `<c r="${columnOf('account_number_1')}2" s="1"><v>123456789</v></c>`,
          text(`${columnOf('bank_1')}2`, 'Guaranty Trust Bank'),
          `<c r="${columnOf('phone')}2" s="2"><v>8031234567</v></c>`,
        ]),
    })
    const result = await importBulkFile({ bytes: file }, { banks: BANKS })
    expect(result.rejected).toEqual([])
    expect(result.accepted[0]?.input.identifiers).toEqual([
      { label: 'account', value: '0123456789_gtbank' },
      { label: 'phone', value: '08031234567' },
    ])
  })

  it('shows whole numbers padded to the zeros of the format, rounded as the cell shows them', async () => {
    expect(
      await shown([
        ['123456789', '0000000000'],
        ['7200000001', '0000000000'],
        ['8031234567', '00000000000'],
        ['1234567', '00000'],
        ['5', '000'],
        ['-5', '000'],
        ['123456789.4', '0000000000'],
        ['2.5', '0'],
        ['-0.4', '0'],
        ['3.7', 1], // the built-in format "0"
        ['1E+21', '0'],
        ['1.2345678901234567E+22', '0'],
      ]),
    ).toEqual([
      '0123456789',
      '7200000001',
      '08031234567',
      '1234567',
      '005',
      '-005',
      '0123456789',
      '3',
      '-0',
      '4',
      '1000000000000000000000',
      '12345678901234600000000',
    ])
  })

  it('reads other formats as before: General, text, dates, and codes that are not zeros only', async () => {
    expect(
      await shown([
        ['123456789', 0],
        ['123456789', 49], // "@", text
        ['45413', 14], // a built-in date
        ['45413', 'dd/mm/yyyy'],
        ['123456789.5', '#,##0'],
        ['123456789', '0000000000;@'],
        ['123456789', '0'.repeat(256)], // longer than Excel allows a format code
      ]),
    ).toEqual([
      '123456789',
      '123456789',
      '2024-05-01',
      '2024-05-01',
      '123456789.5',
      '123456789',
      '123456789',
    ])
  })
})
