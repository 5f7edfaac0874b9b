import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import {
  PUBLIC_REPORT_EXPORT_COLUMNS,
  REJECTED_ERRORS_HEADER,
  REPORT_EXPORT_COLUMNS,
  exportRejectedRows,
  exportRows,
  csvField,
  neutralizeFormula,
  type ExportColumn,
} from '../../src/core/spreadsheet/export'
import { restoreNeutralized } from '../../src/core/spreadsheet/formula-injection'
import { importBulkFile } from '../../src/core/spreadsheet/bulk-file-import'
import type { ReportRecord } from '../../src/shared/domain'
import { zipParts } from './zip-parts'
import { BANKS, REASON, allRows, useTempDir, utf8 } from './support'

const tempDir = useTempDir()
const DANGEROUS = ['=HYPERLINK("http://evil")', '+1+1', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd']
/**
 * Formulas behind what a spreadsheet program trims on import or does not show (spaces, line
 * breaks, zero-width and bidi characters, BOM), behind a separator it may split on, in
 * full-width or small forms, and DDE's pipe.
 */
const HIDDEN = [
  ' =1+1',
  '\u00a0=1+1',
  '\n=1+1',
  '\u200b=1+1',
  '\u200e\u202e=1+1',
  '\ufeff+1+1',
  '\u3000\u2028-1+1',
  '\uff1d1+1',
  '\uff0b1+1',
  '\uff0d1+1',
  '\uff201+1',
  '\ufe661+1',
  ';=1+1',
  ' , =1+1',
  "|cmd|' /C calc'!A0",
]
const columns: ExportColumn<readonly [string, number]>[] = [
  { header: 'text', value: (r) => r[0] },
  { header: 'number', value: (r) => r[1] },
]

describe('exports', () => {
  it('neutralize cells that start like a formula with a single quote (OWASP), and only those', () => {
    for (const text of DANGEROUS) expect(neutralizeFormula(text)).toBe(`'${text}`)
    for (const text of ['plain', "'quoted", ' spaced = fine', 'a=b', ', etc.', '\uff21', ''])
      expect(neutralizeFormula(text)).toBe(text)
  })

  it('neutralize a formula behind spaces, line breaks, invisible characters or a separator, and full-width signs', () => {
    for (const text of HIDDEN) expect(neutralizeFormula(text)).toBe(`'${text}`)
    for (const text of HIDDEN) expect(restoreNeutralized(neutralizeFormula(text))).toBe(text)
    // A separator in the middle is quoted, so a program splitting on it keeps one cell.
    expect(csvField('Paid\t=1+1')).toBe('"Paid\t=1+1"')
    expect(csvField('Paid|=1+1')).toBe('"Paid|=1+1"')
  })

  it('write CSV with the prefix on dangerous text that reads back as the text itself, numbers as they are', async () => {
    const path = join(await tempDir(), 'out.csv')
    const rows = [...DANGEROUS, 'comma, "quote"\nnewline'].map((t, i) => [t, -i] as const)
    expect(await exportRows(rows, columns, { path }, { format: 'csv' })).toEqual({ rows: 7 })
    const bytes = await readFile(path)
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]))
    const read = await allRows({ path })
    expect(read[0]?.cells).toEqual(['text', 'number'])
    expect(bytes.toString('utf8')).toContain(`'+1+1`)
    expect(read.slice(1).map((r) => r.cells)).toEqual(rows.map(([t, n]) => [t, String(n)]))
  })

  it('round-trip every formula-leading character through the rejected rows, CSV and XLSX alike', async () => {
    const starts = ['=', '+', '-', '@', '\t', '\r', ' =', '\u200b=', '\uff1d', ';=']
    const texts = [
      ...starts.map((c) => `${c}Account received 50,000 then moved it on`),
      ...starts.map((c) => `'${c}already quoted by the partner`),
      ...starts.map((c) => `''${c}quoted twice`),
      "'plain quote before a letter",
      "it's fine",
      'plain',
    ]
    for (const format of ['csv', 'xlsx'] as const) {
      const path = join(await tempDir(), `rejected.${format}`)
      await exportRejectedRows(
        {
          header: { cells: ['reason', 'phone'] },
          rejected: texts.map((text, i) => ({
            rowNumber: i + 2,
            cells: [text, `+23480${i}`],
            reason: 'invalid' as const,
            errors: [{ column: 'reason', message: 'too short' }],
          })),
        },
        { path },
        { format },
      )
      const read = await allRows({ path })
      expect(read.slice(1).map((r) => r.cells.slice(0, 2))).toEqual(
        texts.map((text, i) => [text, `+23480${i}`]),
      )
    }
  })

  it('write XLSX with text cells only (never a formula), quote-prefixed when they start like one', async () => {
    const path = join(await tempDir(), 'out.xlsx')
    const rows = DANGEROUS.map((t, i) => [t, i] as const)
    await exportRows(rows, columns, { path }, { format: 'xlsx', sheetName: 'Search: results?' })
    const parts = await zipParts(await readFile(path))
    const sheet = parts.get('xl/worksheets/sheet1.xml') ?? ''
    expect(sheet).not.toContain('<f>')
    expect(sheet.match(/<c r="A\d+" s="3" t="inlineStr">/g)).toHaveLength(DANGEROUS.length)
    expect(parts.get('xl/styles.xml')).toContain('quotePrefix="1"')
    expect(parts.get('xl/workbook.xml')).toContain('name="Search  results"')
    const read = await allRows({ path })
    expect(read.slice(1).map((r) => r.cells)).toEqual(rows.map(([t, n]) => [t, String(n)]))
  })

  it('stream rows pulled from an async source, writing as it goes', async () => {
    const total = 20_000
    let produced = 0
    let maxAhead = 0
    let written = 0
    async function* source() {
      for (let i = 0; i < total; i++) {
        produced++
        maxAhead = Math.max(maxAhead, produced - written)
        yield [`row ${i} ${REASON}`, i] as const
      }
    }
    const sink = new Writable({
      highWaterMark: 16 * 1024,
      write(chunk: Buffer, _encoding, callback) {
        written += chunk.toString('utf8').split('\r\n').length - 1
        setImmediate(callback)
      },
    })
    expect(await exportRows(source(), columns, sink, { format: 'csv' })).toEqual({ rows: total })
    expect(written).toBe(total + 1)
    // Backpressure: the source never ran more than a few batches ahead of the sink.
    expect(maxAhead).toBeLessThan(total / 4)
  })

  it('write submissions and public search results under readable headers', async () => {
    const dir = await tempDir()
    const report: ReportRecord = {
      id: 'r1',
      fraudType: 'hacker',
      fraudReason: '=cmd|" /C calc"!A0 ' + REASON,
      identifiers: [{ label: 'account', value: '0123456789_access-bank' }],
      attachments: ['https://f.example/a.pdf'],
      showUploaderInfo: true,
      reportingCompany: { businessName: 'Acme MFB', id: 'c1' },
    }
    await exportRows(
      [report],
      REPORT_EXPORT_COLUMNS,
      { path: join(dir, 's.csv') },
      { format: 'csv' },
    )
    expect(await readFile(join(dir, 's.csv'), 'utf8')).toContain(`"'=cmd|"" /C calc""!A0`)
    const [header, row] = await allRows({ path: join(dir, 's.csv') })
    expect(header?.cells).toEqual(REPORT_EXPORT_COLUMNS.map((c) => c.header))
    expect(row?.cells.slice(0, 4)).toEqual([
      'r1',
      'hacker',
      report.fraudReason, // neutralized in the file, restored when read back
      'account: 0123456789_access-bank',
    ])
    await exportRows(
      [{ id: 'p1', fraudType: 'theft', financialInstitution: '@bank', identifiers: null }],
      PUBLIC_REPORT_EXPORT_COLUMNS,
      { path: join(dir, 'p.xlsx') },
      { format: 'xlsx' },
    )
    const [, publicRow] = await allRows({ path: join(dir, 'p.xlsx') })
    expect(publicRow?.cells.slice(0, 5)).toEqual(['p1', 'theft', '', '', '@bank'])
  })

  it('write rejected rows with their reasons, so they can be fixed and imported again', async () => {
    const dir = await tempDir()
    const csv = [
      'fraud_type,fraud_reason,account_number_1,bank_1',
      `hacker,"${REASON}",0123456789,Access Bank`,
      `hacker,too short,0123456789,Nowhere Bank`,
    ].join('\n')
    const first = await importBulkFile({ bytes: utf8(csv) }, { banks: BANKS })
    expect(first.totals).toMatchObject({ accepted: 1, rejected: 1 })
    const path = join(dir, 'rejected.xlsx')
    await exportRejectedRows(first, { path }, { format: 'xlsx' })
    const [header, row] = await allRows({ path })
    expect(header?.cells).toEqual([...first.header.cells, 'casefile_row', REJECTED_ERRORS_HEADER])
    expect(row?.cells.slice(0, 5)).toEqual([
      'hacker',
      'too short',
      '0123456789',
      'Nowhere Bank',
      '3',
    ])
    expect(row?.cells[5]).toMatch(/^B3 fraud_reason: The reason has 9 characters/)
    expect(row?.cells[5]).toMatch(/\nD3 bank_1: Bank "Nowhere Bank" is not in the bank list/)

    // The user fixes the row in the exported file; our row-number and reason columns are expected, not read.
    const fixed = await importBulkFile(
      { path },
      { banks: [...BANKS, { name: 'Nowhere Bank', slug: 'nowhere' }] },
    )
    expect(fixed.totals).toMatchObject({ dataRows: 1, rejected: 1 })
    expect(fixed.fileProblems).toEqual([])
    expect(fixed.rejected[0]?.errors.map((e) => e.column)).toEqual(['fraud_reason'])
  })
})
