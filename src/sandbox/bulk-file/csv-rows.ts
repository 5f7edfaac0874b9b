import { MAX_BULK_COLUMNS, MAX_CELL_CHARS } from './bulk-file-limits'
import { columnName, refuse } from './bulk-file-refusals'
import { SheetRows, type SheetRow } from './sheet-rows'

const QUOTE = 0x22
const COMMA = 0x2c
const CR = 0x0d
const LF = 0x0a

const SAVE_AS = 'in Excel choose Save As → "CSV UTF-8 (Comma delimited)".'

/**
 * The file as text: UTF-8 (a byte-order mark is dropped), and text at all, so NUL bytes
 * anywhere (a UTF-16 file without its mark, a binary file, a copy cut short and padded with
 * zeros) are refused, not read into a cell.
 */
function csvText(bytes: Uint8Array): string {
  if (bytes.includes(0))
    throw refuse.notASpreadsheet(
      `The file holds NUL bytes, so it is not UTF-8 text (it may be UTF-16 "Unicode text", or damaged); ${SAVE_AS}`,
    )
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw refuse.notASpreadsheet(
      `The file is not UTF-8 text (line ${firstBadLine(bytes)} is not), so names and reasons would be garbled; ${SAVE_AS}`,
    )
  }
}

/** The line of the first byte that is not UTF-8 (a line feed is never part of a character). */
function firstBadLine(bytes: Uint8Array): number {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  let line = 1
  for (let start = 0; start < bytes.length; line++) {
    const end = bytes.indexOf(LF, start)
    const stop = end === -1 ? bytes.length : end + 1
    try {
      decoder.decode(bytes.subarray(start, stop))
    } catch {
      return line
    }
    start = stop
  }
  return line
}

/**
 * A first line with no comma but semicolons or tabs is a file saved with another separator
 * (Excel's CSV where the decimal mark is a comma, a Google Sheets .tsv): said as such, rather
 * than as a header missing its columns.
 */
function checkSeparator(text: string): void {
  const firstLine = text.slice(0, text.search(/[\r\n]|$/))
  if (firstLine.includes(',')) return
  const separator = firstLine.includes(';')
    ? 'semicolons'
    : firstLine.includes('\t')
      ? 'tabs'
      : null
  if (separator)
    throw refuse.malformed(
      `its first line is separated by ${separator}, and the bulk upload reads comma-separated CSV; ${SAVE_AS}`,
    )
}

/**
 * The rows of a comma-separated UTF-8 CSV, read as RFC 4180 writes them: a cell holding a comma,
 * a quote or a line break is in quotes, a quote inside it doubled. Lines may end in CRLF, LF or
 * CR. A quote anywhere else (inside a cell that does not start with one, or text after a closing
 * quote) means the file is not what it seems to be, and it is refused with the row and column
 * rather than guessed at: a quote left open swallows the rows after it.
 */
export function readCsvRows(bytes: Uint8Array): SheetRow[] {
  const text = csvText(bytes)
  const rows = new SheetRows()
  const n = text.length
  if (n === 0) throw refuse.empty()
  checkSeparator(text)
  let rowNumber = 1
  let cells: string[] = []
  let column = 0
  let i = 0
  for (;;) {
    const where = () => `row ${rowNumber}, column ${columnName(column)}`
    let value: string
    if (text.charCodeAt(i) === QUOTE) {
      value = ''
      for (let from = i + 1; ;) {
        const quote = text.indexOf('"', from)
        if (quote === -1)
          throw refuse.malformed(
            `${where()} opens a quote (") that is never closed, so the rest of the file would be one cell. Close the quote, and write a quote inside a cell as two ("").`,
          )
        value += text.slice(from, quote)
        if (value.length > MAX_CELL_CHARS) throw refuse.cellTooLong(rowNumber, column)
        if (text.charCodeAt(quote + 1) === QUOTE) {
          value += '"'
          from = quote + 2
          continue
        }
        i = quote + 1
        break
      }
      const next = text.charCodeAt(i)
      if (i < n && next !== COMMA && next !== CR && next !== LF)
        throw refuse.malformed(
          `${where()}: text follows the closing quote of the cell. Put the whole cell in quotes and write a quote inside it as two ("").`,
        )
    } else {
      let end = i
      for (; end < n; end++) {
        const c = text.charCodeAt(end)
        if (c === COMMA || c === CR || c === LF) break
        if (c === QUOTE)
          throw refuse.malformed(
            `${where()}: a quote (") inside a cell that does not start with one. Put the whole cell in quotes and write the quote as two ("").`,
          )
      }
      if (end - i > MAX_CELL_CHARS) throw refuse.cellTooLong(rowNumber, column)
      value = text.slice(i, end)
      i = end
    }
    if (column < MAX_BULK_COLUMNS) cells.push(value)
    else if (value.trim() !== '') throw refuse.tooManyColumns(rowNumber, column)

    if (i < n && text.charCodeAt(i) === COMMA) {
      i++
      column++
      continue
    }
    rows.add({ rowNumber, cells })
    if (i >= n) break
    i += text.charCodeAt(i) === CR && text.charCodeAt(i + 1) === LF ? 2 : 1
    if (i >= n) break
    rowNumber++
    cells = []
    column = 0
  }
  return rows.rows
}
