import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { bulkCsv, bulkRowCells } from '../../../src/core/sync/bulk-file-of-reports'
import { importSpreadsheet } from '../../../src/core/import/import-spreadsheet'
import { chainOperations } from '../../../src/core/outbox/outbox-repository'
import type { ReportInput } from '../../../src/shared/domain/report-input'
import { useSandbox } from '../../support/use-sandbox'
import { openTestCore, submissionsWithReason, uniqueReason } from '../../support/core-with-sandbox'
import { columnOf, headerRow, rawWorkbook, row, text } from '../../sandbox/raw-workbook'
import * as Drafts from '../../../src/core/drafts/drafts'
import * as Outbox from '../../../src/core/outbox/outbox'

/*
 * The bulk file the client uploads (`import --as-bulk`) is read by the registry's parser, not
 * opened by a person: it carries every reason exactly as written. The formula guard of exports
 * (a leading ' before =, +, -, @) has no place in it: the registry would file '=…, and the
 * client's check of which rows were filed, which looks for the report as it was sent, would not
 * find it, leaving a retry to create it a second time.
 */

const registry = useSandbox()
const STARTS = ['=', '+', '-', '@'] as const
const reasonStarting = (start: string) => `${start}${uniqueReason(`formula-start ${start}`)}`

describe('the bulk file sent to the registry', () => {
  it('writes reasons that start like a formula as they are, with no quote before them', () => {
    const reports: ReportInput[] = [...STARTS, "'="].map((start, n) => ({
      fraudType: 'money_mule',
      fraudReason: reasonStarting(start),
      identifiers: [{ label: 'account', value: `${7_200_000_300 + n}_gtbank` }],
      attachments: [],
      showUploaderInfo: false,
    }))
    const rows = reports.map((report) => bulkRowCells(report))
    const file = bulkCsv(rows.map((r) => (r.ok ? r.cells : [])))
    const reasons = file
      .split('\r\n')
      .slice(1, -1)
      .map((line) => line.split(',')[1])
    expect(reasons).toEqual(reports.map((report) => report.fraudReason))
  })

  it('is filed with every reason as written; created rows are found, the refused one keeps its row', async () => {
    const core = openTestCore(registry.sandbox, { key: () => registry.key })
    const reasons = [...STARTS.map(reasonStarting), `'${reasonStarting('=')}`]
    const refused = `=${uniqueReason('formula-start refused')}`
    // An XLSX, so a reason that starts with a quote is read as written (in a CSV the client
    // takes that quote for an export's guard). Row 4 names a bank the registry does not know.
    const cells = (n: number, reason: string, bank: string) =>
      row(n, [
        text(`${columnOf('fraud_type')}${n}`, 'money_mule'),
        text(`${columnOf('fraud_reason')}${n}`, reason),
        text(`${columnOf('account_number_1')}${n}`, String(7_200_000_400 + n)),
        text(`${columnOf('bank_1')}${n}`, bank),
      ])
    const rows = [
      cells(2, reasons[0]!, 'gtbank'),
      cells(3, reasons[1]!, 'gtbank'),
      cells(4, refused, 'no-such-bank'),
      cells(5, reasons[2]!, 'gtbank'),
      cells(6, reasons[3]!, 'gtbank'),
      cells(7, reasons[4]!, 'gtbank'),
    ]
    const path = join(core.dataDir, 'formula-starts.xlsx')
    writeFileSync(path, rawWorkbook({ rows: headerRow() + rows.join('') }))

    // Without the bank list the unknown slug passes the client, for the registry to refuse.
    registry.sandbox.setFaults([{ kind: 'error', status: 503, route: 'banks' }])
    const outcome = await (async () => {
      try {
        return await importSpreadsheet(core, { path }, { asBulk: true })
      } finally {
        registry.sandbox.clearFaults()
      }
    })()
    expect(outcome).toMatchObject({ mode: 'bulk', totals: { queued: 6, rejected: 0 } })
    await core.engine.runOnce()

    for (const reason of reasons) {
      expect(await submissionsWithReason(registry.sandbox, registry.key, reason)).toHaveLength(1)
      expect(await submissionsWithReason(registry.sandbox, registry.key, `'${reason}`)).toEqual([])
    }
    for (const queued of outcome.queued.filter((q) => q.rowNumber !== 4))
      expect(Drafts.getReport(core, queued.localId!)).toMatchObject({
        status: 'submitted',
        registryId: expect.any(String),
      })
    const refusedRow = outcome.queued.find((q) => q.rowNumber === 4)!
    expect(chainOperations(core.db, refusedRow.localId!)[0]).toMatchObject({
      kind: 'create_report',
      state: 'needs_attention',
      lastError: {
        message: expect.stringMatching(/^Row 4 of .*formula-starts\.xlsx: .*no-such-bank/),
      },
    })
    expect(Outbox.outbox(core).counts.needs_attention).toBe(1)
    await core.close()
  })
})
