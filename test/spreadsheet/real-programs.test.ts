import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  BulkFileError,
  importBulkFile,
  type BulkImportResult,
} from '../../src/core/spreadsheet/bulk-file-import'
import {
  TableFileError,
  readTableRows,
  type TableSheet,
} from '../../src/core/spreadsheet/read-table'
import { BANKS, FIXTURES, REASON, rejectionOf } from './support'

/*
 * Files written by the programs investigators use (openpyxl, xlsxwriter, LibreOffice 7.4, a
 * tab-separated download, Python's csv), made by real-programs/make-real-program-fixtures.py.
 * Each row is valid for the template: what goes wrong is only what the program did.
 */

const file = (name: string) => ({ path: join(FIXTURES, 'real-programs', name) })
const importFile = (name: string) => importBulkFile(file(name), { banks: BANKS })

const rowErrors = (result: BulkImportResult) =>
  result.rejected.map((r) => ({ rowNumber: r.rowNumber, errors: r.errors }))

const uncalculated = (cell: string) =>
  `Cell ${cell} holds a formula whose value was never calculated: open and save the file in Excel or LibreOffice so its formulas are calculated (in LibreOffice, choose Data → Calculate → Recalculate Hard before saving), then import it again.`

/** Row 2 computes show_uploader_info (C), nin (F) and account_name (G) with formulas. */
const FORMULA_ROW_REJECTED = [
  {
    rowNumber: 2,
    errors: [
      { column: 'show_uploader_info', cell: 'C2', message: uncalculated('C2') },
      { column: 'nin', cell: 'F2', message: uncalculated('F2') },
      { column: 'account_name', cell: 'G2', message: uncalculated('G2') },
    ],
  },
]

const PLAIN_ROW = {
  fraudType: 'money_mule',
  fraudReason: `${REASON} Plain row.`,
  showUploaderInfo: false,
  identifiers: [
    { label: 'account', value: '0234567891_gtbank' },
    { label: 'account_name', value: 'Bola Ade' },
  ],
  attachments: [],
}

describe('formulas saved without their values', () => {
  it('openpyxl (empty <v>, fullCalcOnLoad): the row is rejected naming each formula cell; plain rows import', async () => {
    const result = await importFile('openpyxl-formulas.xlsx')
    expect(rowErrors(result)).toEqual(FORMULA_ROW_REJECTED)
    expect(result.accepted.map((a) => a.input)).toEqual([PLAIN_ROW])
  })

  it('xlsxwriter (every value 0, fullCalcOnLoad) is refused the same; recalculated by LibreOffice it imports with its values', async () => {
    const xlsxwriter = await importFile('xlsxwriter-formulas.xlsx')
    expect(rowErrors(xlsxwriter)).toEqual(FORMULA_ROW_REJECTED)
    expect(xlsxwriter.accepted.map((a) => a.input)).toEqual([PLAIN_ROW])

    // The saved results of a workbook that does not ask to be recalculated are read as before.
    const libreoffice = await importFile('libreoffice-recalculated.xlsx')
    expect(rowErrors(libreoffice)).toEqual([])
    expect(libreoffice.accepted.map((a) => a.input)).toEqual([
      {
        fraudType: 'hacker',
        fraudReason: `${REASON} Formula row.`,
        showUploaderInfo: true,
        identifiers: [
          { label: 'account', value: '0123456789_access-bank' },
          { label: 'nin', value: '12345678901' },
          { label: 'account_name', value: 'Adaeze Okafor' },
        ],
        attachments: [],
      },
      PLAIN_ROW,
    ])
  })
})

describe('files that are not comma-separated or not one table', () => {
  it('a quoted reason over several lines holding ",," imports whole', async () => {
    const result = await importFile('multiline-reason.csv')
    expect(rowErrors(result)).toEqual([])
    expect(result.accepted.map((a) => a.rowNumber)).toEqual([2, 3])
    expect(result.accepted[0]?.input.fraudReason).toBe(
      `${REASON}\nTransfers from the victim's statement:\n2024-05-01,50000,,TRF/1234,,\n2024-05-03,75000,,TRF/1299,,`,
    )
    expect(result.accepted[0]?.input.showUploaderInfo).toBe(true)
  })

  it('a tab-separated download is read by its tabs', async () => {
    const result = await importFile('google-sheets.tsv')
    expect(result.fileProblems).toEqual([])
    expect(rowErrors(result)).toEqual([])
    expect(result.accepted.map((a) => a.input)).toEqual([
      {
        fraudType: 'identity_theft',
        fraudReason: `${REASON} Value row.`,
        showUploaderInfo: true,
        identifiers: [
          { label: 'account', value: '0123456789_access-bank' },
          { label: 'nin', value: '12345678901' },
          { label: 'account_name', value: 'Adaeze Okafor' },
        ],
        attachments: [],
      },
      PLAIN_ROW,
    ])
  })

  it('a LibreOffice .ods says to save it as .xlsx or .csv from LibreOffice', async () => {
    const error = await rejectionOf(importFile('libreoffice.ods'))
    expect(error).toBeInstanceOf(TableFileError)
    expect((error as TableFileError).code).toBe('not_a_spreadsheet')
    expect(error.message).toBe(
      'The file is an OpenDocument spreadsheet (.ods), which Casefile does not read: save it as .xlsx or .csv from LibreOffice (File → Save As…, file type "Excel 2007-365 (.xlsx)" or "Text CSV (.csv)" with character set UTF-8), and import that file.',
    )
  })

  it('a cover sheet first: the reports are read from the sheet whose row 1 is the header, and a note names it', async () => {
    const result = await importFile('cover-sheet.xlsx')
    expect(rowErrors(result)).toEqual([])
    expect(result.accepted.map((a) => a.rowNumber)).toEqual([2, 3])
    expect(result.fileProblems).toEqual([
      {
        code: 'sheet_chosen',
        blocking: false,
        message:
          "Sheet 'Reports' was read: it is the first sheet whose row 1 holds the template's header (fraud_type, fraud_reason…). The sheet before it ('Cover') was not read.",
      },
    ])
    // The reader says which sheet it read, before the first row.
    const sheets: TableSheet[] = []
    for await (const row of readTableRows(file('cover-sheet.xlsx'), {
      isHeaderRow: (cells) => cells.includes('fraud_type'),
      onSheet: (sheet) => sheets.push(sheet),
    }))
      expect(sheets).toHaveLength(row.rowNumber > 0 ? 1 : 0)
    expect(sheets).toEqual([{ name: 'Reports', sheetCount: 2, passedOver: ['Cover'] }])
  })

  it('a merged title row above the header says the header must be row 1, naming the sheet', async () => {
    const error = await rejectionOf(importFile('merged-title.xlsx'))
    expect(error).toBeInstanceOf(BulkFileError)
    expect((error as BulkFileError).problems).toEqual([
      {
        code: 'header_not_in_row_1',
        blocking: true,
        message:
          "Sheet 'Reports': The header must be row 1 of the sheet: delete the rows above it (row 2 holds the header), then import the file again.",
      },
    ])
  })

  it('errors met while reading a sheet of a workbook of several name the sheet', async () => {
    const error = await rejectionOf(
      importBulkFile(file('cover-sheet.xlsx'), { banks: BANKS, limits: { maxCellChars: 80 } }),
    )
    expect(error).toBeInstanceOf(TableFileError)
    expect(error.message).toMatch(/^Sheet 'Reports': Row 2, column B holds more than 80 characters/)
  })
})
