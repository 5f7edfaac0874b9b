import type { TableLimits } from './table-limits'
import type { TableRow } from './table-row'
import type { NumberShown, SharedStrings } from './xlsx-workbook'
import { createXmlParser, unescapeOoxml } from './xml-parser'
import { tableErrors } from './table-file-error'
import { columnIndexOfReference, columnLetter } from './cell-reference'
import { excelSerialToText, formatExcelNumber, formatZeroPaddedNumber } from './excel-values'

interface CellState {
  columnIndex: number
  type: string
  numberShown: NumberShown
  hasFormula: boolean
  value: string[] | null
  inlineText: string[] | null
}

/** What a sheet's cells are read with: the workbook's shared parts and settings. */
export interface SheetContext {
  shared: SharedStrings
  /** By cell style index: how a number in a cell of that style is shown. */
  numberStyles: NumberShown[]
  date1904: boolean
  /**
   * The workbook asks to be recalculated when opened (`<calcPr fullCalcOnLoad="1"/>`), as
   * openpyxl and xlsxwriter write it: the values saved with its formulas are placeholders (none,
   * or 0), never results, so no formula cell of it can be read.
   */
  fullCalcOnLoad: boolean
  limits: TableLimits
}

/**
 * A formula cell whose saved value is not its result. LibreOffice keeps the saved values of an
 * .xlsx it opens unless told to recalculate, so the advice says how.
 */
export function uncalculatedFormulaMessage(columnIndex: number, rowNumber: number): string {
  return `Cell ${columnLetter(columnIndex)}${rowNumber} holds a formula whose value was never calculated: open and save the file in Excel or LibreOffice so its formulas are calculated (in LibreOffice, choose Data → Calculate → Recalculate Hard before saving), then import it again.`
}

/** What the common error values mean, to say what went wrong in a user's words. */
const ERROR_VALUE_CAUSES = new Map([
  ['#N/A', 'what a lookup such as VLOOKUP or XLOOKUP gives when it finds nothing'],
  ['#REF!', 'what a formula gives when the cells it refers to were deleted'],
  ['#VALUE!', 'what a formula gives when a value it uses is of the wrong kind'],
  ['#NAME?', 'what a formula gives when it names a function or range that does not exist'],
  ['#DIV/0!', 'what a formula gives when it divides by zero'],
])

/**
 * A cell holding an error value (`t="e"`): what a formula that failed shows, never data, so
 * "#N/A" must not become an account name that every such report shares.
 */
export function errorValueMessage(columnIndex: number, rowNumber: number, error: string): string {
  const shown = error.trim().slice(0, 40) || 'an error'
  const cause = ERROR_VALUE_CAUSES.get(shown.toUpperCase())
  return `Cell ${columnLetter(columnIndex)}${rowNumber} shows the error ${shown}${cause ? ` (${cause})` : ''}, not a value: fix the formula so the cell shows the value, or type the value itself in the cell, then import the file again.`
}

/** A saved number as its cell's format shows it: a date, padded with zeros, or as General. */
function numberText(raw: string, shown: NumberShown, date1904: boolean): string {
  if (shown === 'date') return excelSerialToText(raw, date1904)
  if (shown === 'general') return formatExcelNumber(raw)
  return formatZeroPaddedNumber(raw, shown.zeros)
}

/**
 * One worksheet part parsed as it is written in: rows collect in `rows` as they complete, for
 * the caller to take. Values are what the workbook saved: a formula's cached result (formulas
 * are never evaluated), numbers as Excel shows them, dates as ISO text.
 */
export class SheetParser {
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
  private readonly limits: TableLimits

  constructor(
    part: string,
    private readonly context: SheetContext,
  ) {
    this.limits = context.limits
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
          numberShown: this.context.numberStyles[style] ?? 'general',
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
    if (cell.hasFormula && !this.hasCalculatedValue(cell))
      (row.cellIssues ??= []).push({
        columnIndex: cell.columnIndex,
        message: uncalculatedFormulaMessage(cell.columnIndex, row.rowNumber),
      })
    else if (cell.type === 'e')
      (row.cellIssues ??= []).push({
        columnIndex: cell.columnIndex,
        message: errorValueMessage(cell.columnIndex, row.rowNumber, value),
      })
    if (value === '' && cell.columnIndex >= row.cells.length) return
    while (row.cells.length < cell.columnIndex) row.cells.push('')
    row.cells[cell.columnIndex] = value
  }

  /**
   * Whether a formula cell holds the result its formula had when the file was saved: not in a
   * workbook that asks to be recalculated on opening, and not when no value was saved (`<v/>`
   * or none; only a text result may be empty: Excel saves ="" as t="str" and `<v></v>`).
   * What the user sees there cannot be known otherwise without evaluating the formula, which
   * Casefile never does.
   */
  private hasCalculatedValue(cell: CellState): boolean {
    if (this.context.fullCalcOnLoad) return false
    if (cell.type === 'inlineStr') return true
    if (cell.value === null) return false
    return cell.type === 'str' || cell.value.some((part) => part !== '')
  }

  private cellText(row: TableRow, cell: CellState): string {
    const raw = cell.value?.join('') ?? ''
    switch (cell.type) {
      case 's': {
        const index = Number(raw)
        if (!Number.isInteger(index) || index < 0 || index >= this.context.shared.strings.length) {
          if (raw === '') return ''
          throw tableErrors.notASpreadsheet(
            `Cell ${columnLetter(cell.columnIndex)}${row.rowNumber} refers to text that is missing from the workbook, so the workbook is damaged.`,
          )
        }
        const tooLong = this.context.shared.tooLong.get(index)
        if (tooLong !== undefined)
          throw tableErrors.cellTooLong(
            row.rowNumber,
            cell.columnIndex,
            tooLong,
            this.limits.maxCellChars,
          )
        return this.context.shared.strings[index] ?? ''
      }
      case 'inlineStr':
        return unescapeOoxml(cell.inlineText?.join('') ?? raw)
      case 'str':
        return unescapeOoxml(raw)
      case 'b':
        return raw === '1' ? 'TRUE' : raw === '0' ? 'FALSE' : raw
      case 'e':
        return raw // kept as shown (for the rejected rows written out), with a cell issue
      case 'd':
        return raw // ISO 8601 date cell (Strict OOXML): already text as the user wrote it
      default:
        if (raw === '') return ''
        return numberText(raw, cell.numberShown, this.context.date1904)
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
