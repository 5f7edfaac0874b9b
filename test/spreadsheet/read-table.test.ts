import { randomBytes } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_TABLE_LIMITS,
  TableFileError,
  detectTableFormat,
  readTableRows,
  type TableFileErrorCode,
} from '../../src/core/spreadsheet/read-table'
import { readCsvRows, sniffDelimiter } from '../../src/core/spreadsheet/csv-reader'
import { resolveLimits } from '../../src/core/spreadsheet/table-limits'
import { writeXlsx, type XlsxCellValue } from '../../src/core/spreadsheet/xlsx-writer'
import type { TableRow } from '../../src/core/spreadsheet/table-row'
import { allRows, fixture, rejectionOf, useTempDir, utf8 } from './support'

const tempDir = useTempDir()

async function csvRowsFromChunks(chunks: Uint8Array[]): Promise<TableRow[]> {
  async function* source() {
    yield* chunks
  }
  const rows: TableRow[] = []
  for await (const row of readCsvRows(source(), 0, resolveLimits())) rows.push(row)
  return rows
}

async function tableError(
  promise: Promise<unknown>,
  code: TableFileErrorCode,
): Promise<TableFileError> {
  const error = await rejectionOf(promise)
  expect(error).toBeInstanceOf(TableFileError)
  expect((error as TableFileError).code, error.message).toBe(code)
  return error as TableFileError
}

/** A workbook from writeXlsx with some parts replaced (or rewritten). */
async function patchedXlsx(
  patches: Record<string, string | ((text: string) => string)>,
): Promise<string> {
  const path = await xlsxFile([['h']])
  const { zipParts } = await import('./zip-parts')
  const yazl = (await import('yazl')).default
  const zip = new yazl.ZipFile()
  for (const [name, text] of await zipParts(await readFile(path))) {
    const patch = patches[name]
    zip.addBuffer(
      Buffer.from(patch === undefined ? text : typeof patch === 'string' ? patch : patch(text)),
      name,
    )
  }
  zip.end()
  const chunks: Buffer[] = []
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer)
  await writeFile(path, Buffer.concat(chunks))
  return path
}

async function xlsxFile(rows: XlsxCellValue[][]): Promise<string> {
  const path = join(await tempDir(), 'sheet.xlsx')
  await writeXlsx({ path }, [{ name: 'Sheet', rows }])
  return path
}

describe('CSV', () => {
  const tricky = '\ufeffa,"b ""q"", c"\r\n"multi\r\nline",é€😀\r\rlast,"x"y,\n'
  const expected = [
    { rowNumber: 1, cells: ['a', 'b "q", c'] },
    { rowNumber: 2, cells: ['multi\r\nline', 'é€😀'] },
    { rowNumber: 3, cells: [''] },
    { rowNumber: 4, cells: ['last', 'xy', ''] },
  ]

  it('reads RFC 4180 quoting, CRLF, lone CR, a BOM and multi-byte text', async () => {
    expect(await allRows({ bytes: utf8(tricky) })).toEqual(expected)
  })

  it('reads the same rows wherever the byte stream is cut (quotes, CRLF, UTF-8 sequences)', async () => {
    const bytes = utf8(tricky)
    for (let cut = 1; cut < bytes.length; cut++)
      expect(
        await csvRowsFromChunks([bytes.subarray(0, cut), bytes.subarray(cut)]),
        `cut ${cut}`,
      ).toEqual(expected)
    expect(await csvRowsFromChunks([...bytes].map((b) => Uint8Array.of(b)))).toEqual(expected)
  })

  it('takes the delimiter from the header line, ignoring delimiters inside quotes', () => {
    expect(sniffDelimiter('a;b;c\n1,2,3,4,5')).toBe(';')
    expect(sniffDelimiter('"x;y;z",b\n')).toBe(',')
    expect(sniffDelimiter('"a,b,c";d;e')).toBe(';')
    expect(sniffDelimiter('single')).toBe(',')
    // A .tsv: tabs and no other delimiter, or more tabs than either.
    expect(sniffDelimiter('fraud_type\tfraud_reason\tbvn\r\nx,y')).toBe('\t')
    expect(sniffDelimiter('"a\tb",c,d\n')).toBe(',')
    expect(sniffDelimiter('notes, misc\tfraud_type\tfraud_reason\n')).toBe('\t')
  })

  it('rejects a row whose quoted cell runs over lines and has text after its closing quote, not one holding ",,"', async () => {
    const header = 'fraud_type,fraud_reason,bvn\n'
    const pasted = await allRows({ bytes: utf8(`${header}a,"one,,two\nthree,,,,,,",x\n`) })
    expect(pasted[1]).toEqual({ rowNumber: 2, cells: ['a', 'one,,two\nthree,,,,,,', 'x'] })
    // The quote of row 2 is left open: it closes at the quote that opens row 3's reason.
    const open = await allRows({ bytes: utf8(`${header}a,"one,x\nb,"two",y\n`) })
    expect(open[1]).toMatchObject({
      rowNumber: 2,
      cells: ['a', 'one,x\nb,two"', 'y'],
      cellIssues: [
        {
          columnIndex: 1,
          message: expect.stringMatching(
            /^Cell B2 runs over several lines and text follows its closing quote/,
          ),
        },
      ],
    })
    // Text after a closing quote on one line is a typo Excel reads the same way, not a swallowed row.
    expect((await allRows({ bytes: utf8(`${header}"x"y,b,c\n`) }))[1]?.cellIssues).toBeUndefined()
  })

  it('does not count a final line break as a row, but counts blank lines as rows', async () => {
    expect(await allRows({ bytes: utf8('h\n\n1\n') })).toEqual([
      { rowNumber: 1, cells: ['h'] },
      { rowNumber: 2, cells: [''] },
      { rowNumber: 3, cells: ['1'] },
    ])
  })

  it('refuses a 5 MB cell as soon as it passes the cell limit, naming row and column', async () => {
    const dir = await tempDir()
    const path = join(dir, 'big-cell.csv')
    await writeFile(path, `fraud_type,fraud_reason\nhacker,"${'a'.repeat(5 * 1024 * 1024)}"\n`)
    const error = await tableError(allRows({ path }), 'cell_too_long')
    expect(error.message).toBe(
      'Row 2, column B holds more than 32,767 characters; a cell may hold at most 32,767. Shorten it (a fraud reason takes at most 2,000 characters) and import the file again.',
    )
    expect([error.rowNumber, error.column]).toEqual([2, 'B'])
  })

  it('refuses too many rows, too many columns and too large a file, saying how to split', async () => {
    const rows = 'h\n1\n2\n3\n'
    expect(
      (
        await tableError(
          allRows({ bytes: utf8(rows) }, { limits: { maxRows: 3 } }),
          'too_many_rows',
        )
      ).message,
    ).toBe(
      'The sheet has more than 3 rows; Casefile reads at most 3 rows (the header included) from one file. Split it into several files and import each.',
    )
    const wide = `${Array.from({ length: 300 }, (_, i) => `c${i}`).join(',')}\n`
    expect((await tableError(allRows({ bytes: utf8(wide) }), 'too_many_columns')).message).toBe(
      'Row 1 has a value in column IW, column number 257; a sheet may use at most 256 columns. Delete the columns after IV, or check that the values are in the right columns.',
    )
    // Empty cells past the limit (trailing commas) hold nothing and are not an error.
    expect((await allRows({ bytes: utf8(`a${','.repeat(400)}\n`) }))[0]?.cells).toHaveLength(256)
    expect(
      (
        await tableError(
          allRows({ bytes: utf8(rows) }, { limits: { maxFileBytes: 4 } }),
          'too_large',
        )
      ).message,
    ).toBe(
      'The file is 8 bytes; Casefile reads spreadsheets of up to 4 bytes. Split it into several files and import each.',
    )
  })

  it('reports progress up to the whole file', async () => {
    const seen: { bytesRead: number; totalBytes: number; rows: number }[] = []
    const text = 'h\n' + '1\n'.repeat(100_000)
    await allRows({ bytes: utf8(text) }, { onProgress: (p) => seen.push(p) })
    expect(seen.length).toBeGreaterThan(1)
    expect(seen.at(-1)).toEqual({ bytesRead: text.length, totalBytes: text.length, rows: 100_001 })
  })
})

describe('XLSX', () => {
  it('reads numbers as Excel shows them, booleans, ISO dates, rich and phonetic text, escapes', async () => {
    expect(await allRows(fixture('values.xlsx'))).toEqual([
      { rowNumber: 1, cells: ['bvn', 'show_uploader_info', 'event_date', 'total\r'] },
      { rowNumber: 2, cells: ['22123456789', 'TRUE', '2024-05-01', '0.3'] },
      // Row 4 holds formatting only (no cell): not a row. Row numbers are the sheet's own. An
      // error value is shown as it is, and is no value (error-values.test.ts).
      {
        rowNumber: 5,
        cells: ['', '2024-05-01 12:00:00', '', '#DIV/0!'],
        cellIssues: [
          { columnIndex: 3, message: expect.stringMatching(/^Cell D5 shows the error #DIV\/0! /) },
        ],
      },
    ])
  })

  it('reads cached formula results and never evaluates a formula', async () => {
    const rows = await allRows(fixture('formulas.xlsx'))
    expect(rows[1]?.cells.slice(2)).toEqual(['FALSE', '0123456789', 'Access Bank', '22123456781'])
    expect(rows[2]?.cellIssues).toEqual([
      {
        columnIndex: 3,
        message: expect.stringMatching(/^Cell D3 holds a formula whose value was never calculated/),
      },
    ])
  })

  it('refuses formula values that are not results: none saved, or a workbook recalculated on opening', async () => {
    const sheetXml = (cells: string) =>
      `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>h</t></is></c></row><row r="2">${cells}</row></sheetData></worksheet>`
    const cells =
      '<c r="A2"><f>1+1</f><v></v></c><c r="B2"><f>1+1</f></c><c r="C2" t="str"><f>""</f><v></v></c><c r="D2"><f>1+1</f><v>2</v></c>'
    const normal = await patchedXlsx({ 'xl/worksheets/sheet1.xml': sheetXml(cells) })
    const issues = (rows: TableRow[]) => rows[1]?.cellIssues?.map((i) => i.columnIndex)
    const rows = await allRows({ path: normal })
    // Excel saves ="" as an empty text result (C2); a number is never empty (A2, B2).
    expect(rows[1]?.cells).toEqual(['', '', '', '2'])
    expect(issues(rows)).toEqual([0, 1])
    const recalculated = await patchedXlsx({
      'xl/worksheets/sheet1.xml': sheetXml(cells),
      'xl/workbook.xml': (text) =>
        text.replace('</workbook>', '<calcPr fullCalcOnLoad="1"/></workbook>'),
    })
    expect(issues(await allRows({ path: recalculated }))).toEqual([0, 1, 2, 3])
  })

  it('refuses a 5 MB cell, shared or inline, naming the cell', async () => {
    const dir = await tempDir()
    // Text that does not pack tightly, or the zip ratio limit would refuse it first.
    const big = Buffer.from(randomBytes(5 * 1024 * 1024).map((b) => 97 + (b % 26))).toString(
      'latin1',
    )
    const inlinePath = await xlsxFile([
      ['fraud_type', 'fraud_reason'],
      ['hacker', big],
    ])
    const inline = await tableError(allRows({ path: inlinePath }), 'cell_too_long')
    expect([inline.rowNumber, inline.column]).toEqual([2, 'B'])
    // The same cell through the shared strings table, as Excel writes it.
    const { zipParts } = await import('./zip-parts')
    const parts = await zipParts(await readFile(inlinePath))
    const yazl = (await import('yazl')).default
    const zip = new yazl.ZipFile()
    for (const [name, text] of parts) {
      if (name === 'xl/worksheets/sheet1.xml')
        zip.addBuffer(
          Buffer.from(
            text.replace(/<c r="B2" t="inlineStr">.*?<\/c>/, '<c r="B2" t="s"><v>1</v></c>'),
          ),
          name,
        )
      else if (name === 'xl/_rels/workbook.xml.rels')
        zip.addBuffer(
          Buffer.from(
            text.replace(
              '</Relationships>',
              '<Relationship Id="rIdS" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>',
            ),
          ),
          name,
        )
      else zip.addBuffer(Buffer.from(text), name)
    }
    zip.addBuffer(
      Buffer.from(`<sst><si><t>unused</t></si><si><t>${big}</t></si></sst>`),
      'xl/sharedStrings.xml',
    )
    zip.end()
    const chunks: Buffer[] = []
    for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer)
    const sharedPath = join(dir, 'shared.xlsx')
    await writeFile(sharedPath, Buffer.concat(chunks))
    const shared = await tableError(allRows({ path: sharedPath }), 'cell_too_long')
    expect(shared.message).toMatch(
      /^Row 2, column B holds 5,242,880 characters; a cell may hold at most 32,767\./,
    )
  })

  it('applies the zip limits: part size and number of parts', async () => {
    const path = await xlsxFile([['a'], ['b']])
    expect(
      (await tableError(allRows({ path }, { limits: { maxEntryBytes: 100 } }), 'zip_bomb')).message,
    ).toMatch(/would unpack to \d+ bytes, more than the 100 bytes Casefile unpacks from one part/)
    expect(
      (await tableError(allRows({ path }, { limits: { maxZipEntries: 3 } }), 'zip_bomb')).message,
    ).toMatch(/lists 6 parts, where a workbook has a few dozen/)
  })

  it('bounds the shared strings held in memory', async () => {
    const error = await tableError(
      allRows(fixture('values.xlsx'), { limits: { maxSharedStringsBytes: 100 } }),
      'too_large',
    )
    expect(error.message).toMatch(
      /^The workbook's table of texts would take \d+ bytes \(at most 100 bytes\), more than Casefile holds in memory at once\. Split it into several files and import each\.$/,
    )
  })

  it('reads the first visible sheet and elements with a namespace prefix', async () => {
    const dir = await tempDir()
    const path = join(dir, 'two.xlsx')
    await writeXlsx({ path }, [
      { name: 'Hidden', rows: [['hidden']] },
      { name: 'Shown', rows: [['shown']] },
    ])
    const { zipParts } = await import('./zip-parts')
    const parts = await zipParts(await readFile(path))
    const yazl = (await import('yazl')).default
    const zip = new yazl.ZipFile()
    for (const [name, text] of parts) {
      let patched = text
      if (name === 'xl/workbook.xml')
        patched = text.replace('name="Hidden"', 'name="Hidden" state="hidden"')
      if (name === 'xl/worksheets/sheet2.xml')
        patched = text
          .replace(/<(\/?)(sheetData|row|c|is|t)\b/g, '<$1x:$2')
          .replace(
            '<worksheet ',
            '<worksheet xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" ',
          )
      zip.addBuffer(Buffer.from(patched), name)
    }
    zip.end()
    const chunks: Buffer[] = []
    for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer)
    await writeFile(path, Buffer.concat(chunks))
    expect(await allRows({ path })).toEqual([{ rowNumber: 1, cells: ['shown'] }])
  })

  it('looks for the header sheet under the zip limits, naming the sheet a limit stops', async () => {
    const path = join(await tempDir(), 'cover.xlsx')
    const filler = Array.from({ length: 200 }, (_, i) => [`Instructions line ${i}`])
    await writeXlsx({ path }, [
      { name: 'Cover', rows: filler },
      { name: 'Reports', rows: [['fraud_type', 'fraud_reason']] },
    ])
    const isHeaderRow = (cells: readonly string[]) => cells[0] === 'fraud_type'
    expect(await allRows({ path }, { isHeaderRow })).toEqual([
      { rowNumber: 1, cells: ['fraud_type', 'fraud_reason'] },
    ])
    const error = await tableError(
      allRows({ path }, { isHeaderRow, limits: { maxEntryBytes: 2000 } }),
      'zip_bomb',
    )
    expect(error.message).toMatch(
      /^Sheet 'Cover': The workbook part "xl\/worksheets\/sheet1\.xml" would unpack to /,
    )
  })

  it('can be left early without error (the zip is closed)', async () => {
    const path = await xlsxFile([['a'], ['b'], ['c']])
    for await (const row of readTableRows({ path })) {
      expect(row.rowNumber).toBe(1)
      break
    }
  })
})

describe('detectTableFormat', () => {
  it('decides by content; the name only vetoes text named like a workbook', async () => {
    const xlsx = await readFile(await xlsxFile([['a']]))
    expect(detectTableFormat(xlsx)).toBe('xlsx')
    expect(detectTableFormat(xlsx, 'renamed.csv')).toBe('xlsx')
    expect(detectTableFormat(utf8('a,b\n1,2\n'))).toBe('csv')
    expect(detectTableFormat(utf8('a,b\n'), 'cases.txt')).toBe('csv')
    expect(detectTableFormat(utf8('a,b\n'), 'cases.xlsx')).toBe(null)
    expect(detectTableFormat(await readFile(fixture('word-renamed.xlsx').path))).toBe(null)
    expect(detectTableFormat(await readFile(fixture('pdf-renamed.xlsx').path))).toBe(null)
    expect(detectTableFormat(await readFile(fixture('utf16.csv').path))).toBe(null)
    expect(detectTableFormat(await readFile(fixture('latin1.csv').path))).toBe(null)
    expect(detectTableFormat(new Uint8Array())).toBe(null)
  })

  it('has limits that fit Excel and the bench', () => {
    expect(DEFAULT_TABLE_LIMITS).toMatchObject({ maxCellChars: 32_767, maxRows: 100_001 })
    expect(Object.isFrozen(DEFAULT_TABLE_LIMITS)).toBe(true)
  })
})
