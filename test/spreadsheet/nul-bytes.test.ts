import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importBulkFile } from '../../src/core/spreadsheet/bulk-file-import'
import { readCsvRows } from '../../src/core/spreadsheet/csv-reader'
import { TableFileError } from '../../src/core/spreadsheet/read-table'
import { resolveLimits } from '../../src/core/spreadsheet/table-limits'
import { BANKS, REASON, allRows, rejectionOf, useTempDir, utf8 } from './support'

/*
 * No text holds a NUL character: one in a CSV is a damaged file (a copy cut short and padded
 * with zeros) or one that is not UTF-8. Only the first 4 KB were looked at for them, so a NUL
 * further on was read into a cell and filed in a reason.
 */

const tempDir = useTempDir()

const HEADER = 'fraud_type,fraud_reason,account_number_1,bank_1'
const message = (row: number, column: string) =>
  `Row ${row}, column ${column} holds a NUL character (a zero byte), which no text holds: the file is damaged (a copy cut short is often padded with zeros) or is not UTF-8 text. Open it in your spreadsheet program, check that row, save it as "CSV UTF-8 (Comma delimited)" (or as .xlsx) and import that file.`

/** Sixty good rows, then one whose reason holds a NUL, well past the first 4 KB. */
function cutShort(): Buffer {
  const lines = [HEADER]
  for (let n = 0; n < 60; n++) lines.push(`money_mule,${REASON} (${n}),${7_200_000_100 + n},gtbank`)
  lines.push(`money_mule,${REASON} \u0000 cut short,7200000999,gtbank`)
  return Buffer.from(lines.join('\r\n') + '\r\n')
}

async function nulError(promise: Promise<unknown>): Promise<TableFileError> {
  const error = await rejectionOf(promise)
  expect(error).toBeInstanceOf(TableFileError)
  expect((error as TableFileError).code).toBe('encoding')
  return error as TableFileError
}

describe('a NUL character in a CSV', () => {
  it('refuses the whole file after the first 4 KB too, naming the row and the cell', async () => {
    const file = cutShort()
    expect(file.indexOf(0)).toBeGreaterThan(4096)
    const error = await nulError(importBulkFile({ bytes: file }, { banks: BANKS }))
    expect(error.message).toBe(message(62, 'B'))
    expect([error.rowNumber, error.column]).toEqual([62, 'B'])
  })

  it('names its place wherever the stream is cut, in a quoted cell over lines or a cell of its own', async () => {
    const text = `${HEADER}\r\nhacker,"two\r\nlines",x,y\r\nhacker,"a\r\nb\u0000",x,y\r\n`
    const bytes = utf8(text)
    for (let cut = 1; cut < bytes.length; cut++) {
      async function* chunks() {
        yield bytes.subarray(0, cut)
        yield bytes.subarray(cut)
      }
      const rows = async () => {
        for await (const _ of readCsvRows(chunks(), bytes.length, resolveLimits()));
      }
      expect((await nulError(rows())).message, `cut ${cut}`).toBe(message(3, 'B'))
    }
    // A NUL opening a cell, and one on a line of its own, at the start of a row.
    const late = (tail: string) => utf8(`${'x'.repeat(5000)}\n${tail}`)
    expect((await nulError(allRows({ bytes: late('a,\u0000b\n') }))).message).toBe(message(2, 'B'))
    expect((await nulError(allRows({ bytes: late('a\n\u0000\n') }))).message).toBe(message(3, 'A'))
  })

  it('is found in a file read from disk a chunk at a time, 2 MB in', async () => {
    const path = join(await tempDir(), 'padded.csv')
    const row = `money_mule,${REASON},7200000001,gtbank\n`
    const rows = Math.ceil((2 * 1024 * 1024) / row.length)
    await writeFile(path, `${HEADER}\n${row.repeat(rows)}money_mule\u0000\u0000\u0000`)
    const error = await nulError(allRows({ path }))
    expect(error.message).toBe(message(rows + 2, 'A'))
  })
})
