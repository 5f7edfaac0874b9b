import type { TableLimits } from './table-limits'
import type { TableProgress, TableRow } from './table-row'
import { ZipArchive } from './zip-archive'
import {
  readDateStyles,
  readSharedStrings,
  readWorkbookLayout,
  type SharedStrings,
} from './xlsx-workbook'
import { createXmlParser, unescapeOoxml } from './xml-parser'
import { tableErrors } from './table-file-error'
import { columnIndexOfReference, columnLetter } from './cell-reference'
import { excelSerialToText, formatExcelNumber } from './excel-values'

interface CellState {
  columnIndex: number
  type: string
  dateStyle: boolean
  hasFormula: boolean
  value: string[] | null
  inlineText: string[] | null
}

/**
 * Rows of the first visible sheet of an XLSX file, streamed: the sheet part is inflated and
 * parsed piece by piece and rows are handed out as they complete, so memory holds the shared
 * strings and a few rows, never the sheet. Values are what Excel saved: a formula's cached
 * result (formulas are never evaluated), numbers as Excel shows them, dates as ISO text.
 */
export async function* readXlsxRows(
  source: { path: string } | { bytes: Uint8Array },
  totalBytes: number,
  limits: TableLimits,
  onProgress?: (p: TableProgress) => void,
): AsyncGenerator<TableRow> {
  const zip = await ZipArchive.open(source, limits)
  try {
    const layout = await readWorkbookLayout(zip)
    const dateStyles = await readDateStyles(zip, layout.stylesPart)
    const shared = await readSharedStrings(zip, layout.sharedStringsPart, limits)
    const texts = await zip.openText(layout.sheetPart)
    if (!texts) throw tableErrors.notASpreadsheet('The workbook has no readable worksheet.')
    const sheetSize = zip.sizeOf(layout.sheetPart)?.uncompressed ?? 1
    const sheet = new SheetParser(layout.sheetPart, shared, dateStyles, layout.date1904, limits)
    let inflated = 0
    for await (const text of texts) {
      inflated += text.length
      sheet.write(text)
      if (sheet.rows.length > 0) yield* sheet.rows.splice(0)
      onProgress?.({
        bytesRead: Math.min(
          totalBytes,
          Math.round((totalBytes * inflated) / Math.max(1, sheetSize)),
        ),
        totalBytes,
        rows: sheet.rowCount,
      })
    }
    sheet.close()
    yield* sheet.rows.splice(0)
    if (sheet.rowCount === 0) throw tableErrors.empty()
    onProgress?.({ bytesRead: totalBytes, totalBytes, rows: sheet.rowCount })
  } finally {
    zip.close()
  }
}

class SheetParser {
  readonly rows: TableRow[] = []
  rowCount = 0
  private lastRowNumber = 0
  private row: TableRow | null = null
  private nextColumn = 0
  private cell: CellState | null = null
  /** Which element's text is being collected: <v>, or <t> inside <is> (not phonetic <rPh>). */
  private collecting: 'v' | 't' | null = null
  private inInline = false
  private phoneticDepth = 0
  private inSheetData = false
  private readonly parser

  constructor(
    part: string,
    private readonly shared: SharedStrings,
    private readonly dateStyles: boolean[],
    private readonly date1904: boolean,
    private readonly limits: TableLimits,
  ) {
    this.parser = createXmlParser(part, {
      open: (name, attributes) => this.onOpen(name, attributes),
      close: (name) => this.onClose(name),
      text: (text) => this.onText(text),
    })
  }

  write(text: string): void {
    this.parser.write(text)
  }

  close(): void {
    this.parser.close()
  }

  private onOpen(name: string, attributes: Record<string, string>): void {
    switch (name) {
      case 'sheetData':
        this.inSheetData = true
        return
      case 'row': {
        if (!this.inSheetData) return
        const declared = Number(attributes.r)
        // Row numbers must grow; a missing or backwards one continues from the last row.
        const rowNumber =
          Number.isInteger(declared) && declared > this.lastRowNumber
            ? declared
            : this.lastRowNumber + 1
        this.lastRowNumber = rowNumber
        this.row = { rowNumber, cells: [] }
        this.nextColumn = 0
        return
      }
      case 'c': {
        if (!this.row) return
        const reference = attributes.r
        const fromReference = reference ? columnIndexOfReference(reference) : -1
        const columnIndex = fromReference >= 0 ? fromReference : this.nextColumn
        this.nextColumn = columnIndex + 1
        const style = attributes.s === undefined ? 0 : Number(attributes.s)
        this.cell = {
          columnIndex,
          type: attributes.t ?? 'n',
          dateStyle: this.dateStyles[style] === true,
          hasFormula: false,
          value: null,
          inlineText: null,
        }
        return
      }
      case 'v':
        if (this.cell) {
          this.cell.value ??= []
          this.collecting = 'v'
        }
        return
      case 'f':
        if (this.cell) this.cell.hasFormula = true
        return
      case 'is':
        if (this.cell) {
          this.inInline = true
          this.cell.inlineText ??= []
        }
        return
      case 'rPh':
        this.phoneticDepth++
        return
      case 't':
        if (this.inInline && this.phoneticDepth === 0) this.collecting = 't'
        return
    }
  }

  private onText(text: string): void {
    const cell = this.cell
    if (!cell || this.collecting === null) return
    const parts = this.collecting === 'v' ? cell.value : cell.inlineText
    if (!parts || !this.row) return
    let length = text.length
    for (const part of parts) length += part.length
    if (length > this.limits.maxCellChars)
      throw tableErrors.cellTooLong(
        this.row.rowNumber,
        cell.columnIndex,
        null,
        this.limits.maxCellChars,
      )
    parts.push(text)
  }

  private onClose(name: string): void {
    switch (name) {
      case 'v':
      case 't':
        this.collecting = null
        return
      case 'is':
        this.inInline = false
        return
      case 'rPh':
        this.phoneticDepth--
        return
      case 'c':
        if (this.cell && this.row) this.finishCell(this.row, this.cell)
        this.cell = null
        return
      case 'row':
        if (this.row) this.finishRow(this.row)
        this.row = null
        return
      case 'sheetData':
        this.inSheetData = false
        return
    }
  }

  private finishCell(row: TableRow, cell: CellState): void {
    const value = this.cellText(row, cell)
    if (cell.columnIndex >= this.limits.maxColumns) {
      if (value === '') return
      throw tableErrors.tooManyColumns(row.rowNumber, cell.columnIndex, this.limits.maxColumns)
    }
    if (cell.hasFormula && cell.value === null && cell.type !== 'inlineStr') {
      // The file has a formula but no saved result (written by a script, never opened in Excel):
      // what the user sees there cannot be known without evaluating it, which Casefile never does.
      ;(row.cellIssues ??= []).push({
        columnIndex: cell.columnIndex,
        message: `Cell ${columnLetter(cell.columnIndex)}${row.rowNumber} holds a formula whose result was never saved in the file. Open the file in Excel and save it (Excel saves the results), or replace the formula with its value.`,
      })
    }
    if (value === '' && cell.columnIndex >= row.cells.length) return
    while (row.cells.length < cell.columnIndex) row.cells.push('')
    row.cells[cell.columnIndex] = value
  }

  private cellText(row: TableRow, cell: CellState): string {
    const raw = cell.value?.join('') ?? ''
    switch (cell.type) {
      case 's': {
        const index = Number(raw)
        if (!Number.isInteger(index) || index < 0 || index >= this.shared.strings.length) {
          if (raw === '') return ''
          throw tableErrors.notASpreadsheet(
            `Cell ${columnLetter(cell.columnIndex)}${row.rowNumber} refers to text that is missing from the workbook, so the workbook is damaged.`,
          )
        }
        const tooLong = this.shared.tooLong.get(index)
        if (tooLong !== undefined)
          throw tableErrors.cellTooLong(
            row.rowNumber,
            cell.columnIndex,
            tooLong,
            this.limits.maxCellChars,
          )
        return this.shared.strings[index] ?? ''
      }
      case 'inlineStr':
        return unescapeOoxml(cell.inlineText?.join('') ?? raw)
      case 'str':
        return unescapeOoxml(raw)
      case 'b':
        return raw === '1' ? 'TRUE' : raw === '0' ? 'FALSE' : raw
      case 'e':
        return raw
      case 'd':
        return raw // ISO 8601 date cell (Strict OOXML): already text as the user wrote it
      default:
        if (raw === '') return ''
        return cell.dateStyle ? excelSerialToText(raw, this.date1904) : formatExcelNumber(raw)
    }
  }

  private finishRow(row: TableRow): void {
    // A <row> with no cells is formatting only (a height, a style): it holds nothing to read.
    if (row.cells.length === 0 && !row.cellIssues) return
    this.rowCount++
    if (this.rowCount > this.limits.maxRows) throw tableErrors.tooManyRows(this.limits.maxRows)
    this.rows.push(row)
  }
}
