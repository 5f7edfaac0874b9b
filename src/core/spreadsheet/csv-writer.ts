import { Readable, type Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createPrivateWriteStream } from '../private-files'
import { neutralizeFormula } from './formula-injection'

export type CsvCellValue = string | number | boolean | null | undefined

/** Excel opens a CSV as UTF-8 only when it starts with a byte order mark. */
const BOM = '\ufeff'

/**
 * Quoted: a field holding a separator some program may split on (comma, semicolon, tab, pipe),
 * a quote or a line break, or starting or ending with a space or an invisible character. A
 * program that splits `Paid\t=1+1` on its tab would otherwise find a formula in the next cell.
 */
const NEEDS_QUOTES = /[",;\t|\r\n]|^[\p{White_Space}\p{Cf}]|[\p{White_Space}\p{Cf}]$/u

/**
 * One CSV field. Text that starts like a formula gets OWASP's single-quote prefix; numbers and
 * booleans are written as they are (Excel reads "-5" as the number it is, which runs nothing).
 */
export function csvField(value: CsvCellValue): string {
  if (value === null || value === undefined) return ''
  const text = typeof value === 'string' ? neutralizeFormula(value) : String(value)
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function csvLine(cells: readonly CsvCellValue[]): string {
  return cells.map(csvField).join(',') + '\r\n'
}

/**
 * Writes rows as RFC 4180 CSV (UTF-8 with BOM, comma, CRLF), pulling rows only as fast as the
 * target takes them, so an export of any length holds a batch of lines in memory.
 */
export async function writeCsv(
  target: Writable | { path: string },
  rows: Iterable<readonly CsvCellValue[]> | AsyncIterable<readonly CsvCellValue[]>,
): Promise<void> {
  async function* lines(): AsyncGenerator<string> {
    let batch = BOM
    for await (const row of rows) {
      batch += csvLine(row)
      if (batch.length > 64 * 1024) {
        yield batch
        batch = ''
      }
    }
    if (batch) yield batch
  }
  // It holds suspects' data: the user's alone (0600), as every file Casefile writes for them.
  const output = 'path' in target ? createPrivateWriteStream(target.path) : target
  await pipeline(Readable.from(lines()), output)
}
