import { MAX_BULK_COLUMNS, MAX_CELL_CHARS, MAX_SHEET_PART_BYTES } from './bulk-file-limits'
import { columnName, refuse } from './bulk-file-refusals'
import { SheetRows, type SheetRow } from './sheet-rows'
import { readFirstSheet, type FirstSheet } from './xlsx-workbook'
import { unescapeXstring, xmlParser } from './xlsx-xml'
import { WorkbookZip } from './xlsx-zip'

interface Cell {
  column: number
  type: string
  style: number
  formula: boolean
  /** `<v>` text, null when the cell has no `<v>`. */
  value: string | null
  /** `<is>` text of an inline string. */
  inline: string | null
}

/** The column index of an A1 reference ("AB12" → 27), or -1 when it starts with no letter. */
function columnOf(reference: string): number {
  let index = 0
  let letters = 0
  for (; letters < reference.length && letters < 4; letters++) {
    const code = reference.charCodeAt(letters) | 0x20
    if (code < 0x61 || code > 0x7a) break
    index = index * 26 + (code - 0x60)
  }
  return letters === 0 ? -1 : index - 1
}

/** A number as a General cell shows it: at most 15 significant digits, never an exponent. */
function numberText(raw: string, padTo: number): string {
  const value = Number(raw)
  if (raw.trim() === '' || !Number.isFinite(value)) return raw
  const rounded = Number(value.toPrecision(15))
  const text =
    Math.abs(rounded) < 1e21
      ? rounded.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 })
      : String(rounded)
  if (padTo === 0 || !Number.isInteger(rounded)) return text
  return rounded < 0 ? `-${text.slice(1).padStart(padTo, '0')}` : text.padStart(padTo, '0')
}

/**
 * The text of a cell as the sheet shows it, or why it cannot be known: an error value (#N/A,
 * #REF!) is what a formula that failed shows, never data; a formula's saved value is read
 * unless the file says it was never calculated (no value saved, or the whole workbook marked
 * to be recalculated when opened, as openpyxl and xlsxwriter write it).
 */
function cellText(
  cell: Cell,
  sheet: FirstSheet,
  rowNumber: number,
): string | { unreadable: string } {
  const at = `${columnName(cell.column)}${rowNumber}`
  if (cell.formula) {
    const saved = cell.type === 'str' ? cell.value !== null : (cell.value ?? '') !== ''
    if (sheet.recalculateOnOpen || !saved)
      return {
        unreadable: `the cell holds a formula whose value was never calculated (the program that wrote the file left it to be calculated when opened). Open the file in Excel or LibreOffice, save it, and send it again.`,
      }
  }
  const raw = cell.value ?? ''
  switch (cell.type) {
    case 's': {
      const index = Number(raw)
      const text = Number.isInteger(index) ? sheet.sharedStrings[index] : undefined
      if (text === undefined)
        throw refuse.damagedWorkbook(`cell ${at} refers to a text the workbook does not hold.`)
      if (text === null) throw refuse.cellTooLong(rowNumber, cell.column)
      return text
    }
    case 'inlineStr':
      return unescapeXstring(cell.inline ?? raw)
    case 'str':
      return unescapeXstring(raw)
    case 'b':
      return raw === '1' ? 'TRUE' : raw === '0' ? 'FALSE' : raw
    case 'e':
      return {
        unreadable: `the cell shows the error ${raw || 'value'} (a formula that failed), not a value. Fix the formula, or type the value, and send the file again.`,
      }
    case 'd':
      return raw
    default:
      return numberText(raw, sheet.zeroPadding[cell.style] ?? 0)
  }
}

/**
 * The rows of the first sheet of an XLSX, its part streamed through the parser. Rows and cells
 * sit where their `r` references put them (where one is missing, next to the one before).
 */
export async function readXlsxRows(bytes: Uint8Array): Promise<SheetRow[]> {
  const zip = await WorkbookZip.open(bytes)
  try {
    const sheet = await readFirstSheet(zip)
    const texts = await zip.text(sheet.part, MAX_SHEET_PART_BYTES)
    if (!texts) throw refuse.damagedWorkbook('its first sheet cannot be found.')
    const rows = new SheetRows()
    let row: SheetRow | null = null
    let lastRow = 0
    let nextColumn = 0
    let cell: Cell | null = null
    let collecting: 'v' | 't' | null = null
    let inInline = false
    let phonetic = 0
    const parser = xmlParser(sheet.part, {
      open(name, attributes) {
        if (name === 'row') {
          const declared = Number(attributes.r)
          lastRow = Number.isInteger(declared) && declared > lastRow ? declared : lastRow + 1
          row = { rowNumber: lastRow, cells: [] }
          nextColumn = 0
        } else if (name === 'c' && row) {
          const fromReference = attributes.r ? columnOf(attributes.r) : -1
          const column = fromReference >= 0 ? fromReference : nextColumn
          nextColumn = column + 1
          cell = {
            column,
            type: attributes.t ?? 'n',
            style: Number(attributes.s ?? 0),
            formula: false,
            value: null,
            inline: null,
          }
        } else if (!cell) return
        else if (name === 'f') cell.formula = true
        else if (name === 'v') {
          cell.value ??= ''
          collecting = 'v'
        } else if (name === 'is') {
          inInline = true
          cell.inline ??= ''
        } else if (name === 'rPh') phonetic++
        else if (name === 't' && inInline && phonetic === 0) collecting = 't'
      },
      text(text) {
        if (!cell || !row || collecting === null) return
        if (collecting === 'v') cell.value += text
        else cell.inline += text
        if ((cell.value?.length ?? 0) + (cell.inline?.length ?? 0) > MAX_CELL_CHARS * 2)
          throw refuse.cellTooLong(row.rowNumber, cell.column)
      },
      close(name) {
        if (name === 'v' || name === 't') collecting = null
        else if (name === 'is') inInline = false
        else if (name === 'rPh') phonetic--
        else if (name === 'c' && cell && row) {
          place(row, cell, cellText(cell, sheet, row.rowNumber))
          cell = null
        } else if (name === 'row' && row) {
          rows.add(row)
          row = null
        }
      },
    })
    for await (const text of texts) parser.write(text)
    parser.close()
    return rows.rows
  } finally {
    zip.close()
  }
}

function place(row: SheetRow, cell: Cell, text: string | { unreadable: string }): void {
  const value = typeof text === 'string' ? text : ''
  if (value.length > MAX_CELL_CHARS) throw refuse.cellTooLong(row.rowNumber, cell.column)
  if (cell.column >= MAX_BULK_COLUMNS) {
    if (value.trim() !== '' || typeof text !== 'string')
      throw refuse.tooManyColumns(row.rowNumber, cell.column)
    return
  }
  while (row.cells.length <= cell.column) row.cells.push('')
  row.cells[cell.column] = value
  if (typeof text !== 'string') (row.unreadable ??= new Map()).set(cell.column, text.unreadable)
}
