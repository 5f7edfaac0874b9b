import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { writeXlsx } from '../../src/core/spreadsheet/xlsx-writer'
import { BULK_HEADERS } from '../../src/shared/bulk-template'
import { failureEnvelopeSchema } from '../../src/shared/domain/envelope'
import {
  bulkUploadResponseSchema,
  decodeSubmissionResponseSchema,
  submissionsResponseSchema,
} from '../../src/shared/domain/responses'
import { SAMPLE_FILES, formWithFile } from './sample-files'
import { REASON, call, paths, reportCount, useSandbox } from './sandbox-harness'

const h = useSandbox()

type Row = Partial<Record<(typeof BULK_HEADERS)[number], string>>

function cells(row: Row): string[] {
  return BULK_HEADERS.map((header) => row[header as keyof Row] ?? '')
}

function csvOf(rows: Row[], headers: readonly string[] = BULK_HEADERS): Buffer {
  const quote = (text: string) => (/[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text)
  const lines = [headers.join(','), ...rows.map((row) => cells(row).map(quote).join(','))]
  return Buffer.from(lines.join('\r\n') + '\r\n')
}

async function xlsxOf(rows: Row[]): Promise<Buffer> {
  const chunks: Buffer[] = []
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk)
      done()
    },
  })
  await writeXlsx(sink, [
    { name: 'Reports', header: true, rows: [BULK_HEADERS, ...rows.map(cells)] },
  ])
  return Buffer.concat(chunks)
}

const valid = (n: number, extra: Row = {}): Row => ({
  fraud_type: 'money_mule',
  fraud_reason: `${REASON} (bulk row ${n})`,
  account_number_1: String(7_000_000_000 + n),
  bank_1: 'gtbank',
  ...extra,
})

async function bulk(bytes: Uint8Array, name: string, key = h.key) {
  return call(h.sandbox.baseUrl + paths.bulk, { body: formWithFile(bytes, name), key })
}

async function ownReasons(): Promise<string[]> {
  const page = await call(`${h.sandbox.baseUrl}${paths.submissions}?limit=100`, { key: h.key })
  return submissionsResponseSchema.parse(page.body).data.data.map((r) => r.fraudReason ?? '')
}

async function expectRefused(bytes: Uint8Array, name: string, status: number, message: RegExp) {
  const before = await reportCount(h.sandbox)
  const result = await bulk(bytes, name)
  expect(result.status).toBe(status)
  expect(failureEnvelopeSchema.parse(result.body)).toMatchObject({ success: false, data: null })
  expect(result.body.message).toMatch(message)
  expect(await reportCount(h.sandbox)).toBe(before)
}

describe('bulk upload (4.7)', () => {
  it('files the valid rows of a CSV for the caller and lists each failed row with its row number and reason', async () => {
    const before = await reportCount(h.sandbox)
    const file = csvOf([
      valid(1, { phone: '08031230001; 08031230002' }),
      valid(2, { fraud_reason: 'x'.repeat(49) }),
      valid(3, { fraud_type: 'Identity theft', show_uploader_info: 'yes' }),
      {},
      valid(5, { bank_1: 'Bank of Nowhere' }),
    ])
    const result = await bulk(file, 'reports.csv')
    expect(result.status).toBe(200)
    const { failedUploads } = bulkUploadResponseSchema.parse(result.body).data
    expect(failedUploads.map((f) => f.row)).toEqual([3, 6])
    expect(failedUploads[0]?.reason).toMatch(/fraud_reason \(B3\): .*49 characters.*at least 50/)
    expect(failedUploads[1]?.reason).toMatch(/bank_1.*"Bank of Nowhere" is not in the bank list/)
    expect(result.body.message).toMatch(/2 reports created, 2 rows failed/)
    expect(await reportCount(h.sandbox)).toBe(before + 2)
    const reasons = await ownReasons()
    expect(reasons).toContain(`${REASON} (bulk row 1)`)
    expect(reasons).toContain(`${REASON} (bulk row 3)`)
  })

  it('reads the XLSX template too, with banks by name and identifiers as the report schema keeps them', async () => {
    const file = await xlsxOf([
      valid(11, {
        bank_1: 'Guaranty Trust Bank',
        email: 'Mule.Account@Example.com',
        attachment_1: 'https://files.example.com/statement.pdf',
      }),
    ])
    const result = await bulk(file, 'reports.xlsx')
    expect(result.status).toBe(200)
    expect(bulkUploadResponseSchema.parse(result.body).data.failedUploads).toEqual([])
    const page = await call(`${h.sandbox.baseUrl}${paths.submissions}?limit=1`, { key: h.key })
    const [newest] = submissionsResponseSchema.parse(page.body).data.data
    const decoded = await call(h.sandbox.baseUrl + paths.decode(newest!.id), { key: h.key })
    const report = decodeSubmissionResponseSchema.parse(decoded.body).data.report
    expect(report.fraudReason).toBe(`${REASON} (bulk row 11)`)
    expect(report.identifiers?.map(({ label, value }) => ({ label, value }))).toEqual([
      { label: 'account', value: '7000000011_gtbank' },
      { label: 'email', value: 'mule.account@example.com' },
    ])
    expect(report.attachments).toEqual(['https://files.example.com/statement.pdf'])
    expect(report.companyId).toBe(h.sandbox.demoKeys[0]?.organizationId)
  })

  it('fails a row whose attachment is a file path: the registry takes only links', async () => {
    const result = await bulk(
      csvOf([valid(21, { attachment_1: 'C:\\Evidence\\statement.pdf' })]),
      'paths.csv',
    )
    expect(result.status).toBe(200)
    const { failedUploads } = bulkUploadResponseSchema.parse(result.body).data
    expect(failedUploads).toEqual([
      { row: 2, reason: expect.stringMatching(/is not a link\. Upload the file first/) },
    ])
  })

  it('answers 200 with every row failed when none is valid, filing nothing', async () => {
    const before = await reportCount(h.sandbox)
    const result = await bulk(csvOf([valid(31, { fraud_type: 'pyramid' })]), 'bad.csv')
    expect(result.status).toBe(200)
    expect(bulkUploadResponseSchema.parse(result.body).data.failedUploads).toHaveLength(1)
    expect(await reportCount(h.sandbox)).toBe(before)
  })
})

describe('bulk upload refuses a whole file, filing nothing', () => {
  it('400 when the header row lacks a required column', async () => {
    const headers = BULK_HEADERS.filter((header) => header !== 'fraud_reason')
    await expectRefused(
      csvOf([valid(41)], headers),
      'no-reason.csv',
      400,
      /header row .* no "fraud_reason" column/s,
    )
  })

  it('400 when there is no report below the header', async () => {
    await expectRefused(csvOf([]), 'empty.csv', 400, /no reports below it/)
  })

  it('400 for an empty file', async () => {
    await expectRefused(Buffer.alloc(0), 'nothing.csv', 400, /empty/)
  })

  it('415 for a file that is not a spreadsheet, whatever its name', async () => {
    await expectRefused(SAMPLE_FILES.pdf.bytes, 'reports.xlsx', 415, /PDF.*not a spreadsheet/)
    await expectRefused(SAMPLE_FILES.docx.bytes, 'reports.xlsx', 415, /Word document/)
  })

  it('413 for a file over 5 MiB', async () => {
    const big = Buffer.concat([csvOf([valid(51)]), Buffer.alloc(5 * 1024 * 1024, 0x20)])
    await expectRefused(big, 'big.csv', 413, /larger than 5 MiB/)
  })

  it('413 for more than 1,000 data rows', async () => {
    const rows = Array.from({ length: 1001 }, (_, n) => valid(100 + n))
    await expectRefused(csvOf(rows), 'many.csv', 413, /more than 1,001 rows/)
  })

  it('400 without a file part', async () => {
    const form = new FormData()
    form.append('note', 'no file')
    const result = await call(h.sandbox.baseUrl + paths.bulk, { body: form, key: h.key })
    expect(result.status).toBe(400)
    expect(result.body.message).toMatch(/No file uploaded/)
  })
})
