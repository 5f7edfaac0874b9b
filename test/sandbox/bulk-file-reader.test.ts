import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BULK_HEADERS } from '../../src/shared/bulk-template'
import { bulkUploadResponseSchema } from '../../src/shared/domain/responses'
import { formWithFile } from './sample-files'
import { REASON, call, paths, reportCount, useSandbox } from './sandbox-harness'

/*
 * The sandbox's own bulk-file reader (src/sandbox/bulk-file/) on files that test its bounds and
 * its reading of CSV and XLSX, as the registry answers them over HTTP. The cases of
 * bulk.test.ts (the README's statuses) are not repeated here.
 */

const h = useSandbox()
const fixture = (name: string) => readFileSync(join(__dirname, '../fixtures/spreadsheets', name))

async function bulk(bytes: Uint8Array, name = 'reports.csv') {
  return call(h.sandbox.baseUrl + paths.bulk, { body: formWithFile(bytes, name), key: h.key })
}

async function expectRefused(bytes: Uint8Array, status: number, message: RegExp) {
  const before = await reportCount(h.sandbox)
  const result = await bulk(bytes)
  expect(result.status).toBe(status)
  expect(result.body.message).toMatch(message)
  expect(await reportCount(h.sandbox)).toBe(before)
}

const HEADER = 'fraud_type,fraud_reason,account_number_1,bank_1'
const line = (n: number) => `money_mule,${REASON} (reader ${n}),${7_100_000_000 + n},gtbank`
const csv = (...lines: string[]) => Buffer.from(lines.join('\r\n') + '\r\n')

describe('the bulk reader refuses what it cannot read faithfully, filing nothing', () => {
  it('413 for zip bombs, by the sizes the zip declares and by the bytes it really unpacks', async () => {
    await expectRefused(fixture('zip-bomb.xlsx'), 413, /would unpack to 100\.0 MiB/)
    await expectRefused(
      fixture('zip-bomb-lying-sizes.xlsx'),
      413,
      /unpacks to more than its zip directory declares/,
    )
  })

  it('415 for a workbook part with a DOCTYPE, an OpenDocument or old Excel file, and text that is not UTF-8', async () => {
    await expectRefused(fixture('entity-expansion.xlsx'), 415, /declares a DOCTYPE/)
    await expectRefused(
      fixture('real-programs/libreoffice.ods'),
      415,
      /OpenDocument spreadsheet \(\.ods\)/,
    )
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0])
    await expectRefused(ole, 415, /old-format Excel file \(\.xls\)/)
    await expectRefused(fixture('latin1.csv'), 415, /not UTF-8 text \(line 2 is not\)/)
  })

  it('415 for NUL bytes anywhere in a CSV, not only in its first kilobytes', async () => {
    const rows = Array.from({ length: 60 }, (_, n) => line(n))
    const file = Buffer.concat([csv(HEADER, ...rows), Buffer.from('money_mule,x\u0000y,,\r\n')])
    expect(file.indexOf(0)).toBeGreaterThan(4096)
    await expectRefused(file, 415, /holds NUL bytes/)
  })

  it('400 for a quote that RFC 4180 does not allow, naming the row and column', async () => {
    await expectRefused(
      fixture('unterminated-quote.csv'),
      400,
      /row 3, column B: text follows the closing quote/,
    )
    await expectRefused(
      csv(HEADER, `money_mule,He said "pay now". ${REASON},7100000001,gtbank`),
      400,
      /row 2, column B: a quote \(".*inside a cell that does not start with one/,
    )
    await expectRefused(
      fixture('unclosed-quote-at-end.csv'),
      400,
      /row 3, column B opens a quote .* never closed/,
    )
  })

  it('400 for a file separated by semicolons or tabs, saying so', async () => {
    await expectRefused(fixture('semicolons.csv'), 400, /separated by semicolons/)
    await expectRefused(fixture('real-programs/google-sheets.tsv'), 400, /separated by tabs/)
  })

  it('400 for a value beyond column 100 or a cell longer than 32,767 characters; empty cells further right are passed over', async () => {
    const wide = (last: string) => `${line(1)}${','.repeat(100)}${last}`
    await expectRefused(csv(HEADER, wide('x')), 400, /column CZ; a bulk file may use at most 100/)
    const result = await bulk(csv(HEADER, wide('')))
    expect(result.status).toBe(200)
    await expectRefused(
      csv(HEADER, `money_mule,${'x'.repeat(32_768)},7100000002,gtbank`),
      400,
      /Cell B2 holds more than 32,767 characters/,
    )
  })

  it('reads the first sheet of a workbook, whatever sheet comes after it', async () => {
    await expectRefused(
      fixture('real-programs/cover-sheet.xlsx'),
      400,
      /header row \(row 1\) has no "fraud_type" column/,
    )
  })
})

describe('the bulk reader on files it reads', () => {
  it('does not count empty rows against the 1,000 reports', async () => {
    const rows = Array.from({ length: 1000 }, (_, n) => line(1000 + n))
    const file = csv(HEADER, ...rows.slice(0, 500), '', ',,,', ...rows.slice(500), '', '')
    const before = await reportCount(h.sandbox)
    const result = await bulk(file)
    expect(result.status).toBe(200)
    expect(bulkUploadResponseSchema.parse(result.body).data.failedUploads).toEqual([])
    expect(await reportCount(h.sandbox)).toBe(before + 1000)
  })

  it('files the rows and says which columns were not read: not in the template, or with no header', async () => {
    const file = csv(`${HEADER},notes,,fraud_resaon`, `${line(3001)},a note,stray,`)
    const result = await bulk(file)
    expect(result.status).toBe(200)
    expect(bulkUploadResponseSchema.parse(result.body).data.failedUploads).toEqual([])
    expect(result.body.message).toContain('1 report created, 0 rows failed.')
    expect(result.body.message).toContain('Column E "notes" is not a column of the template')
    expect(result.body.message).toContain('(did you mean "fraud_reason"?)')
    expect(result.body.message).toContain('Column F has values but no header in row 1')
  })

  it('refuses the header when a template column is given twice', async () => {
    await expectRefused(
      csv(`${HEADER},Bank-1`, `${line(3002)},gtbank`),
      400,
      /Columns D and E are both "bank_1"/,
    )
  })

  it('fails a row whose formula was never calculated (openpyxl), and files the others', async () => {
    const result = await bulk(fixture('real-programs/openpyxl-formulas.xlsx'), 'f.xlsx')
    expect(result.status).toBe(200)
    const { failedUploads } = bulkUploadResponseSchema.parse(result.body).data
    expect(failedUploads).toEqual([
      { row: 2, reason: expect.stringMatching(/^show_uploader_info \(C2\): .*never calculated/) },
    ])
    expect(String(failedUploads[0]?.reason).split('\n')).toHaveLength(3)
  })

  it('reads the template columns in any order and case', async () => {
    const shuffled = [...BULK_HEADERS].reverse().map((h) => h.toUpperCase().replace(/_/g, ' '))
    const cells = new Map([
      ['fraud_type', 'Money mule'],
      ['fraud_reason', `${REASON} (reader 3003)`],
      ['account_number_1', '7100003003'],
      ['bank_1', 'Zenith Bank'],
    ])
    const values = [...BULK_HEADERS].reverse().map((h) => cells.get(h) ?? '')
    const result = await bulk(csv(shuffled.join(','), values.join(',')))
    expect(result.status).toBe(200)
    expect(bulkUploadResponseSchema.parse(result.body).data.failedUploads).toEqual([])
  })
})
