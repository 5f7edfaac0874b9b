import type { TableLimits } from './table-limits'
import type { TableRow } from './table-row'
import { tableErrors } from './table-file-error'
import { columnLetter } from './cell-reference'
import { restoreNeutralized } from './formula-injection'

export const QUOTE = 0x22
export const CR = 0x0d
export const LF = 0x0a
export const COMMA = 0x2c
export const SEMICOLON = 0x3b
export const TAB = 0x09

export type CsvDelimiter = ',' | ';' | '\t'

/** Why a row whose quoted cell swallowed the rows after it is rejected (see swallowedRows). */
function unclosedQuoteMessage(columnIndex: number, rowNumber: number): string {
  return `Cell ${columnLetter(columnIndex)}${rowNumber} runs over several lines and text follows its closing quote, so a quote (") in it is probably not closed and the cells and rows after it were read into this cell. Close the quote (write a quote inside a cell as two quotes ""), save and import again.`
}

const enum State {
  FieldStart,
  Unquoted,
  Quoted,
  /** A quote seen inside a quoted field: either "" (a literal quote) or the closing quote. */
  QuoteInQuoted,
}

/**
 * RFC 4180 records from text pushed in pieces. Lenient where Excel is (a stray quote inside an
 * unquoted field is text; text after a closing quote is kept), strict on limits: a cell or a row
 * that grows past them fails at once, so memory stays bounded whatever the file holds.
 */
export class CsvRecordParser {
  private state = State.FieldStart
  private cells: string[] = []
  private field = ''
  private skipLf = false
  private recordHasContent = false
  private quotedFieldStartRow = 0
  private fieldQuoted = false
  /** Length of the field when its closing quote was read; -1 while it is not closed. */
  private closedAt = -1
  private cellIssues: NonNullable<TableRow['cellIssues']> = []
  rowNumber = 0
  private readonly delimiter: number

  constructor(
    delimiter: CsvDelimiter,
    private readonly limits: Pick<TableLimits, 'maxCellChars' | 'maxColumns' | 'maxRows'>,
  ) {
    this.delimiter = delimiter.charCodeAt(0)
  }

  /**
   * Parses `text`, appending every completed record to `out`. A NUL character ends the file
   * there, naming its row and cell: no text holds one, and read into a cell it would be filed.
   */
  push(text: string, out: TableRow[]): void {
    const nul = text.indexOf('\u0000')
    if (nul === -1) {
      this.parse(text, out)
      return
    }
    this.parse(text.slice(0, nul), out)
    throw tableErrors.nulCharacter(this.rowNumber + 1, this.cells.length)
  }

  private parse(text: string, out: TableRow[]): void {
    const n = text.length
    let i = 0
    if (this.skipLf && n > 0) {
      if (text.charCodeAt(0) === LF) i = 1
      this.skipLf = false
    }
    while (i < n) {
      switch (this.state) {
        case State.FieldStart: {
          this.recordHasContent = true
          if (text.charCodeAt(i) === QUOTE) {
            this.state = State.Quoted
            this.fieldQuoted = true
            this.quotedFieldStartRow = this.rowNumber + 1
            i++
          } else this.state = State.Unquoted
          break
        }
        case State.Unquoted: {
          let j = i
          let c = 0
          while (j < n) {
            c = text.charCodeAt(j)
            if (c === this.delimiter || c === CR || c === LF) break
            j++
          }
          if (j > i) this.append(text, i, j)
          if (j === n) return
          i = j + 1
          if (c === this.delimiter) this.endField()
          else {
            this.endRecord(out)
            if (c === CR) {
              if (i < n) {
                if (text.charCodeAt(i) === LF) i++
              } else this.skipLf = true
            }
          }
          break
        }
        case State.Quoted: {
          const j = text.indexOf('"', i)
          if (j === -1) {
            this.append(text, i, n)
            return
          }
          if (j > i) this.append(text, i, j)
          i = j + 1
          this.state = State.QuoteInQuoted
          break
        }
        case State.QuoteInQuoted: {
          if (text.charCodeAt(i) === QUOTE) {
            this.append('"', 0, 1)
            i++
            this.state = State.Quoted
          } else {
            // The closing quote; what follows it, up to the delimiter, is read as text.
            this.closedAt = this.field.length
            this.state = State.Unquoted
          }
          break
        }
      }
    }
  }

  /** Ends the text: the last record, if the file does not end with a line break. */
  end(out: TableRow[]): void {
    if (this.state === State.Quoted)
      throw tableErrors.notASpreadsheet(
        `Row ${this.quotedFieldStartRow}, column ${columnLetter(this.cells.length)} opens a quoted cell (") that is never closed, so the rest of the file would be read as one cell.`.concat(
          ' Close the quote, or write a quote inside a cell as two quotes ("").',
        ),
      )
    if (this.recordHasContent || this.cells.length > 0) this.endRecord(out)
  }

  private append(text: string, from: number, to: number): void {
    if (this.field.length + (to - from) > this.limits.maxCellChars)
      throw tableErrors.cellTooLong(
        this.rowNumber + 1,
        this.cells.length,
        null,
        this.limits.maxCellChars,
      )
    this.field += from === 0 && to === text.length ? text : text.slice(from, to)
  }

  private endField(): void {
    if (this.fieldQuoted && this.closedAt >= 0 && this.swallowedRows())
      this.cellIssues.push({
        columnIndex: this.cells.length,
        message: unclosedQuoteMessage(this.cells.length, this.rowNumber + 1),
      })
    this.fieldQuoted = false
    this.closedAt = -1
    if (this.cells.length >= this.limits.maxColumns) {
      // Empty cells beyond the limit (trailing delimiters) cost nothing and hold nothing.
      if (this.field !== '')
        throw tableErrors.tooManyColumns(
          this.rowNumber + 1,
          this.cells.length,
          this.limits.maxColumns,
        )
    } else this.cells.push(restoreNeutralized(this.field))
    this.field = ''
    this.state = State.FieldStart
    this.recordHasContent = true
  }

  /**
   * Whether the quoted field just read runs over several lines and has text after its closing
   * quote: the sign of a quote left open. Such a quote swallows the cells and rows after it up
   * to the next quote in the file, which opens a later cell and so is followed by that cell's
   * text (a spreadsheet program shows the row the same way); the row is then rejected with the
   * reason rather than imported with the next rows inside its reason. A quoted cell that a
   * program wrote ends at its closing quote, whatever its lines hold (",," included).
   */
  private swallowedRows(): boolean {
    const lineBreak = this.field.search(/[\r\n]/)
    return (
      lineBreak !== -1 && lineBreak < this.closedAt && this.field.slice(this.closedAt).trim() !== ''
    )
  }

  private endRecord(out: TableRow[]): void {
    this.endField()
    this.rowNumber++
    if (this.rowNumber > this.limits.maxRows) throw tableErrors.tooManyRows(this.limits.maxRows)
    if (this.cellIssues.length > 0) {
      out.push({ rowNumber: this.rowNumber, cells: this.cells, cellIssues: this.cellIssues })
      this.cellIssues = []
    } else out.push({ rowNumber: this.rowNumber, cells: this.cells })
    this.cells = []
    this.recordHasContent = false
  }
}
