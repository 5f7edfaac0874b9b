import { Readable, type Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createPrivateWriteStream } from '../private-files'
import yazl from 'yazl'
import { cellReference, columnLetter } from './cell-reference'
import { escapeCellText, escapeXml } from './xml-escape'
import { startsLikeFormula } from './formula-injection'

export type XlsxCellValue = string | number | boolean | null | undefined

export interface XlsxColumnSpec {
  /** Width in characters. */
  width?: number
  /** Format the whole column as Text, so Excel keeps leading zeros of what is typed there. */
  text?: boolean
  /** Wrap long text (the instructions sheet). */
  wrap?: boolean
}

export interface XlsxListValidation {
  columnIndex: number
  firstRow: number
  lastRow: number
  values: readonly string[]
  /** Shown when a value outside the list is typed. */
  error: string
}

export interface XlsxSheetSpec {
  name: string
  columns?: readonly XlsxColumnSpec[]
  /** Row 1 is bold and stays in view while scrolling. */
  header?: boolean
  rows: Iterable<readonly XlsxCellValue[]> | AsyncIterable<readonly XlsxCellValue[]>
  validations?: readonly XlsxListValidation[]
}

const NS_MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const NS_REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const NS_PKG_REL = 'http://schemas.openxmlformats.org/package/2006/relationships'
const REL_TYPE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const XML_DECL = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
/** Fixed, so the generated template is the same file every time it is generated. */
const FIXED_MTIME = new Date(Date.UTC(2024, 0, 1))

/** Excel's own row limit: a longer sheet would not open. */
export const EXCEL_MAX_ROWS = 1_048_576

/** Cell styles (indexes into cellXfs below). */
const STYLE = { normal: 0, header: 1, text: 2, quotedText: 3, wrap: 4 } as const

const STYLES_XML =
  XML_DECL +
  `<styleSheet xmlns="${NS_MAIN}">` +
  '<fonts count="2"><font><sz val="11"/><name val="Calibri"/><family val="2"/></font>' +
  '<font><b/><sz val="11"/><name val="Calibri"/><family val="2"/></font></fonts>' +
  '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>' +
  '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>' +
  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>' +
  '<cellXfs count="5">' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>' +
  '<xf numFmtId="49" fontId="1" fillId="0" borderId="0" xfId="0" applyFont="1" applyNumberFormat="1"/>' +
  '<xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>' +
  // quotePrefix: Excel shows the text as typed and keeps it text when the cell is edited.
  '<xf numFmtId="49" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1" quotePrefix="1"/>' +
  '<xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0" applyAlignment="1"><alignment vertical="top" wrapText="1"/></xf>' +
  '</cellXfs>' +
  '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>' +
  '</styleSheet>'

/** Excel refuses sheet names with []:*?/\ or longer than 31 characters. */
export function safeSheetName(name: string): string {
  const cleaned = name
    .replace(/[[\]:*?/\\]/g, ' ')
    .trim()
    .slice(0, 31)
  return cleaned || 'Sheet'
}

function cellXml(
  value: XlsxCellValue,
  columnIndex: number,
  rowNumber: number,
  style: number,
): string {
  const ref = cellReference(columnIndex, rowNumber)
  if (value === null || value === undefined || value === '')
    return style === STYLE.normal ? '' : `<c r="${ref}" s="${style}"/>`
  const s = style === STYLE.normal ? '' : ` s="${style}"`
  if (typeof value === 'number' && Number.isFinite(value))
    return `<c r="${ref}"${s}><v>${value}</v></c>`
  if (typeof value === 'boolean') return `<c r="${ref}"${s} t="b"><v>${value ? 1 : 0}</v></c>`
  const text = String(value)
  // Text is always a string cell, never a formula; one that starts like a formula also gets the
  // quote-prefix style so that editing the cell in Excel cannot turn it into one.
  const textStyle = startsLikeFormula(text) ? ` s="${STYLE.quotedText}"` : s
  return `<c r="${ref}"${textStyle} t="inlineStr"><is><t xml:space="preserve">${escapeCellText(text)}</t></is></c>`
}

async function* sheetXml(sheet: XlsxSheetSpec, selected: boolean): AsyncGenerator<string> {
  const columns = sheet.columns ?? []
  const columnStyle = (i: number) => {
    const spec = columns[i]
    return spec?.text ? STYLE.text : spec?.wrap ? STYLE.wrap : STYLE.normal
  }
  let head = XML_DECL + `<worksheet xmlns="${NS_MAIN}" xmlns:r="${NS_REL}">`
  head += `<sheetViews><sheetView workbookViewId="0"${selected ? ' tabSelected="1"' : ''}>`
  if (sheet.header)
    head += '<pane ySplit="1" topLeftCell="A2" activePane="bottomLeft" state="frozen"/>'
  head += '</sheetView></sheetViews><sheetFormatPr defaultRowHeight="15"/>'
  if (columns.length > 0) {
    head += '<cols>'
    columns.forEach((spec, i) => {
      const width = spec.width ?? 12
      const style = columnStyle(i)
      head += `<col min="${i + 1}" max="${i + 1}" width="${width}" customWidth="1"${style ? ` style="${style}"` : ''}/>`
    })
    head += '</cols>'
  }
  yield head + '<sheetData>'

  let rowNumber = 0
  let batch = ''
  for await (const row of sheet.rows) {
    rowNumber++
    if (rowNumber > EXCEL_MAX_ROWS)
      throw new Error(
        `An Excel sheet holds at most ${EXCEL_MAX_ROWS.toLocaleString('en-US')} rows; export this many as CSV.`,
      )
    const header = sheet.header && rowNumber === 1
    let xml = `<row r="${rowNumber}">`
    row.forEach((value, i) => {
      xml += cellXml(value, i, rowNumber, header ? STYLE.header : columnStyle(i))
    })
    batch += xml + '</row>'
    if (batch.length > 64 * 1024) {
      yield batch
      batch = ''
    }
  }
  let tail = batch + '</sheetData>'
  const validations = sheet.validations ?? []
  if (validations.length > 0) {
    tail += `<dataValidations count="${validations.length}">`
    for (const v of validations) tail += validationXml(v)
    tail += '</dataValidations>'
  }
  yield tail + '</worksheet>'
}

/** Excel limits an inline list to 255 characters; longer lists need a range, which we do not use. */
function validationXml(v: XlsxListValidation): string {
  const list = v.values.join(',')
  if (list.length > 255 || v.values.some((value) => value.includes(',') || value.includes('"')))
    throw new Error(
      `A list validation holds at most 255 characters without commas or quotes: ${list}`,
    )
  const column = columnLetter(v.columnIndex)
  return (
    `<dataValidation type="list" allowBlank="1" showErrorMessage="1" errorStyle="stop"` +
    ` errorTitle="Not an allowed value" error="${escapeXml(v.error.slice(0, 225))}"` +
    ` sqref="${column}${v.firstRow}:${column}${v.lastRow}"><formula1>"${escapeXml(list)}"</formula1></dataValidation>`
  )
}

function workbookParts(sheets: readonly XlsxSheetSpec[]) {
  const names = sheets.map((s) => safeSheetName(s.name))
  const workbook =
    XML_DECL +
    `<workbook xmlns="${NS_MAIN}" xmlns:r="${NS_REL}"><bookViews><workbookView/></bookViews><sheets>` +
    names
      .map((n, i) => `<sheet name="${escapeXml(n)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`)
      .join('') +
    '</sheets></workbook>'
  const workbookRels =
    XML_DECL +
    `<Relationships xmlns="${NS_PKG_REL}">` +
    names
      .map(
        (_, i) =>
          `<Relationship Id="rId${i + 1}" Type="${REL_TYPE}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
      )
      .join('') +
    `<Relationship Id="rId${names.length + 1}" Type="${REL_TYPE}/styles" Target="styles.xml"/>` +
    '</Relationships>'
  const contentTypes =
    XML_DECL +
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
    names
      .map(
        (_, i) =>
          `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>`,
      )
      .join('') +
    '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>' +
    '</Types>'
  const packageRels =
    XML_DECL +
    `<Relationships xmlns="${NS_PKG_REL}"><Relationship Id="rId1" Type="${REL_TYPE}/officeDocument" Target="xl/workbook.xml"/></Relationships>`
  return { workbook, workbookRels, contentTypes, packageRels }
}

/**
 * Writes an XLSX workbook, streaming each sheet's rows into the zip as they come, so an export
 * of any length holds only a batch of rows in memory. Text goes in as inline strings.
 */
export async function writeXlsx(
  target: Writable | { path: string },
  sheets: readonly XlsxSheetSpec[],
): Promise<void> {
  if (sheets.length === 0) throw new Error('A workbook needs at least one sheet.')
  const zip = new yazl.ZipFile()
  const options = { mtime: FIXED_MTIME, compress: true }
  const parts = workbookParts(sheets)
  zip.addBuffer(Buffer.from(parts.contentTypes), '[Content_Types].xml', options)
  zip.addBuffer(Buffer.from(parts.packageRels), '_rels/.rels', options)
  zip.addBuffer(Buffer.from(parts.workbook), 'xl/workbook.xml', options)
  zip.addBuffer(Buffer.from(parts.workbookRels), 'xl/_rels/workbook.xml.rels', options)
  zip.addBuffer(Buffer.from(STYLES_XML), 'xl/styles.xml', options)
  sheets.forEach((sheet, i) => {
    // Lazily: a sheet's rows are pulled only when the zip is ready to write that part.
    zip.addReadStreamLazy(`xl/worksheets/sheet${i + 1}.xml`, options, (callback) =>
      callback(null, Readable.from(sheetXml(sheet, i === 0))),
    )
  })
  zip.end()
  // It holds suspects' data: the user's alone (0600), as every file Casefile writes for them.
  const output = 'path' in target ? createPrivateWriteStream(target.path) : target
  await pipeline(zip.outputStream as Readable, output)
}
