import { describe, expect, it } from 'vitest'
import { bulkCsv, bulkRowCells } from '../../src/core/sync/bulk-file-of-reports'
import { importBulkFile } from '../../src/core/spreadsheet/bulk-file-import'
import { SEED_BANKS } from '../../src/sandbox/seed-banks'
import type { ReportInput } from '../../src/shared/domain/report-input'
import {
  bulkUploadResponseSchema,
  submissionsResponseSchema,
} from '../../src/shared/domain/responses'
import { columnOf, headerRow, rawWorkbook, row, text } from './raw-workbook'
import { formWithFile } from './sample-files'
import { REASON, call, paths, reportCount, useSandbox } from './sandbox-harness'

/*
 * The client's bulk reader and the sandbox registry's, side by side. Since issue 25 they share
 * no code: the client's importer (src/core/spreadsheet: readTableRows, mapBulkRows, through
 * importBulkFile with the sandbox's bank list) and the sandbox's bulk endpoint
 * (src/sandbox/bulk-file/, written from the spec and src/sandbox/README.md, over HTTP).
 *
 * Compared: every file in test/fixtures/spreadsheets and its real-programs/ (CSV, TSV, XLSX from
 * openpyxl, xlsxwriter and LibreOffice, ODS, renamed PDF and Word files, zip bombs, DOCTYPE,
 * UTF-16, Latin-1, quotes left open), crafted XLSX parts (error values, number formats, formulas
 * never calculated) and CSV (NUL bytes late in the file, quotes RFC 4180 does not allow,
 * separators, blank lines, columns not in the template), and the client's own bulk file
 * (bulkCsv) of reports with awkward reasons. Compared: whether the file is refused and how,
 * which rows fail, and the report inputs each reader takes from the rows it accepts.
 *
 * Where one of them read wrongly (the cases below; once the client's reading was fixed, its case
 * checks that the two agree):
 * - An XLSX error value (#N/A of a VLOOKUP that found nothing) in a text identifier column: the
 *   client took "#N/A" as the account name, so the report was filed findable by "#N/A" with
 *   every other such report. Fixed: both fail the row, naming the cell and the error.
 * - A number kept with its leading zero by a format of zeros (`0000000000`, as banks format
 *   NUBAN columns): the client read 123456789 and refused the row, telling the user the zero
 *   was dropped when the cell shows it. Fixed: both read what the cell shows.
 * - NUL bytes in a CSV after its first 4 KB: the client checked only the first 4 KB, and read
 *   the NUL into the reason. Fixed: both refuse a file with NUL bytes anywhere (the client
 *   naming the row and the cell).
 * - A cell starting with a quote before a formula character ('=, '+, '-, '@): the client's CSV
 *   reader takes the quote off (it undoes its own exports' neutralizing), so its bulk file of a
 *   report whose reason starts so is read by it as another reason. The sandbox, like any
 *   registry, files what the file says; when it used the client's reader, it filed the changed
 *   reason, and the client's check of the filed rows would not have found its report. The
 *   client's bulk file itself carries every reason as written, with no guard added, so the
 *   registry files the reports the client looks for (test/core/import/bulk-file-reasons.test.ts);
 *   the client never reads that file back, and its CSV reader keeps undoing the guard of the
 *   exports people open and fix (the rejected rows), by design.
 *
 * Differences by design, not tested here (bulk-file-reader.test.ts tests the sandbox's side):
 * the client also reads semicolon and tab separators, finds the sheet and row holding the header
 * (cover sheets, title rows, hidden sheets), reads CSV quotes leniently as Excel does, takes 1/0
 * for show_uploader_info, and refuses a file with a column it would not read and rows that
 * repeat; the registry reads comma-separated RFC 4180 CSV and the first sheet, from the first
 * row that holds anything, warns of columns it does not read, and files repeated rows.
 */

const h = useSandbox()
const banks = SEED_BANKS

async function clientReads(bytes: Uint8Array) {
  return importBulkFile({ bytes }, { banks })
}

async function sandboxAnswers(bytes: Uint8Array, name: string) {
  return call(h.sandbox.baseUrl + paths.bulk, { body: formWithFile(bytes, name), key: h.key })
}

async function newestOwnReports(count: number) {
  const page = await call(`${h.sandbox.baseUrl}${paths.submissions}?limit=${count}`, {
    key: h.key,
  })
  return submissionsResponseSchema.parse(page.body).data.data
}

const cellsOfRow = (n: number, reason: string, extra: string[]) => [
  text(`${columnOf('fraud_type')}${n}`, 'money_mule'),
  text(`${columnOf('fraud_reason')}${n}`, reason),
  ...extra,
]

describe('the bulk readers compared: where one of them reads a file wrongly', () => {
  it('an #N/A error value: both fail the row, naming the cell and the error', async () => {
    const name = columnOf('account_name')
    const file = rawWorkbook({
      rows:
        headerRow() +
        row(2, [
          ...cellsOfRow(2, `${REASON} (#N/A)`, [
            text(`${columnOf('account_number_1')}2`, '7200000001'),
            text(`${columnOf('bank_1')}2`, 'gtbank'),
          ]),
          `<c r="${name}2" t="e"><f>VLOOKUP(D2,Accounts!A:B,2,FALSE)</f><v>#N/A</v></c>`,
        ]),
    })

    const client = await clientReads(file)
    expect(client.accepted).toEqual([])
    expect(client.rejected).toMatchObject([
      {
        rowNumber: 2,
        errors: [
          {
            column: 'account_name',
            cell: `${name}2`,
            message: expect.stringMatching(`^Cell ${name}2 shows the error #N/A `),
          },
        ],
      },
    ])

    const before = await reportCount(h.sandbox)
    const answer = await sandboxAnswers(file, 'accounts.xlsx')
    expect(answer.status).toBe(200)
    expect(bulkUploadResponseSchema.parse(answer.body).data.failedUploads).toEqual([
      {
        row: 2,
        reason: expect.stringMatching(
          `^account_name \\(${name}2\\): the cell shows the error #N/A`,
        ),
      },
    ])
    expect(await reportCount(h.sandbox)).toBe(before)
  })

  it('a NUBAN kept by a 0000000000 format: both read 0123456789 as the cell shows it', async () => {
    const file = rawWorkbook({
      styles:
        '<numFmts count="1"><numFmt numFmtId="164" formatCode="0000000000"/></numFmts>' +
        '<cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="164" applyNumberFormat="1"/></cellXfs>',
      rows:
        headerRow() +
        row(
          2,
          cellsOfRow(2, `${REASON} (padded NUBAN)`, [
            `<c r="${columnOf('account_number_1')}2" s="1"><v>123456789</v></c>`,
            text(`${columnOf('bank_1')}2`, 'Guaranty Trust Bank'),
          ]),
        ),
    })

    const client = await clientReads(file)
    expect(client.rejected).toEqual([])
    expect(client.accepted[0]?.input.identifiers).toEqual([
      { label: 'account', value: '0123456789_gtbank' },
    ])

    const answer = await sandboxAnswers(file, 'padded.xlsx')
    expect(bulkUploadResponseSchema.parse(answer.body).data.failedUploads).toEqual([])
    const [filed] = await newestOwnReports(1)
    expect(filed?.identifiers).toEqual([{ label: 'account', value: '0123456789_gtbank' }])
  })

  it('a NUL byte after the first 4 KB of a CSV: both refuse the file', async () => {
    const lines = ['fraud_type,fraud_reason,account_number_1,bank_1']
    for (let n = 0; n < 60; n++)
      lines.push(`money_mule,${REASON} (${n}),${7_200_000_100 + n},gtbank`)
    lines.push(`money_mule,${REASON} \u0000 cut short,7200000999,gtbank`)
    const file = Buffer.from(lines.join('\r\n') + '\r\n')
    expect(file.indexOf(0)).toBeGreaterThan(4096)

    await expect(clientReads(file)).rejects.toMatchObject({
      code: 'encoding',
      rowNumber: 62,
      column: 'B',
      message: expect.stringMatching(/^Row 62, column B holds a NUL character/),
    })

    const before = await reportCount(h.sandbox)
    const answer = await sandboxAnswers(file, 'cut-short.csv')
    expect(answer.status).toBe(415)
    expect(answer.body.message).toMatch(/holds NUL bytes/)
    expect(await reportCount(h.sandbox)).toBe(before)
  })

  it("the client's own bulk file: the registry files every reason as written, where the client's reader would change one", async () => {
    const reasons = [
      `'=HYPERLINK("x") was the subject's display name. ${REASON}`,
      `+234 numbers called the victim, "urgent", twice;\nthen again, at night. ${REASON}`,
      `Carriage\r\nreturns and trailing blanks stay inside quotes. ${REASON}   `,
    ]
    const reports: ReportInput[] = reasons.map((fraudReason, n) => ({
      fraudType: 'social_engineering',
      fraudReason,
      identifiers: [
        { label: 'account', value: `${7_200_000_200 + n}_access-bank` },
        { label: 'phone', value: '+2348031234567' },
      ],
      attachments: [],
      showUploaderInfo: n === 0,
    }))
    const file = Buffer.from(
      bulkCsv(reports.map((report) => (bulkRowCells(report) as { cells: string[] }).cells)),
    )

    const client = await clientReads(file)
    expect(client.accepted[0]?.input.fraudReason).toBe(reasons[0]?.slice(1))

    const answer = await sandboxAnswers(file, 'casefile-bulk.csv')
    expect(bulkUploadResponseSchema.parse(answer.body).data.failedUploads).toEqual([])
    const filed = (await newestOwnReports(3)).reverse()
    expect(filed.map((report) => report.fraudReason)).toEqual(reasons.map((r) => r.trim()))
    expect(filed.map((report) => report.showUploaderInfo)).toEqual([true, false, false])
    // The phone comes back in the one form the shared rule writes it (08…, not +234…).
    expect(filed[1]?.identifiers).toEqual([
      reports[1]?.identifiers[0],
      { label: 'phone', value: '08031234567' },
    ])
  })
})
