// The screening record: every input row of a job once, with each identifier's outcome ("Reports
// on file", "No report on file", "Could not check: …", "Could not read: …") and as of when, on
// the registry's clock; the row's own columns first, formulas neutralized; read back as CSV and
// as XLSX with the project's own reader, and the XLSX's totals sheet.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Core } from '../../../src/core/open-core'
import { refreshBanks } from '../../../src/core/banks/banks'
import * as Screening from '../../../src/core/screening/screening'
import { runJob } from '../../../src/core/screening/screening-runner'
import { exportRecord } from '../../../src/core/screening/screening-record'
import { readTableRows } from '../../../src/core/spreadsheet/read-table'
import { DEFAULT_TABLE_LIMITS } from '../../../src/core/spreadsheet/table-limits'
import { ZipArchive } from '../../../src/core/spreadsheet/zip-archive'
import { inspector, openTestCore, uniqueReason } from '../../support/core-with-sandbox'
import { startCountingProxy, type CountingProxy } from '../../support/counting-proxy'
import { useSandbox } from '../../support/use-sandbox'
import { tempFolder } from '../../cli/cli-harness'

const registry = useSandbox()
let proxy: CountingProxy
const cores: Core[] = []
/** This computer's clock, three hours ahead of the registry's. */
const AHEAD_MS = 3 * 3_600_000

beforeAll(async () => {
  proxy = await startCountingProxy(registry.sandbox)
  await inspector(registry.sandbox, registry.otherKey).createReport({
    fraudType: 'money_mule',
    fraudReason: uniqueReason('record'),
    identifiers: [{ label: 'phone', value: '08097776666' }],
    attachments: [],
    showUploaderInfo: true,
  })
})
afterAll(() => proxy.stop())
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close(0)
})

async function core(): Promise<Core> {
  const opened = openTestCore(proxy, {
    key: () => registry.key,
    timeoutMs: 2000,
    clock: { now: () => Date.now() + AHEAD_MS },
  })
  cores.push(opened)
  await refreshBanks(opened)
  return opened
}

function csv(name: string, lines: string[]): string {
  const path = join(tempFolder('casefile-record-'), name)
  writeFileSync(path, `${lines.join('\n')}\n`)
  return path
}

async function readBack(path: string): Promise<Record<string, string>[]> {
  const rows: string[][] = []
  for await (const row of readTableRows({ path })) rows.push(row.cells)
  const [header = [], ...body] = rows
  return body.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ''])))
}

/** Every sheet's name and cells' text, read from the zip itself (the table reader takes one sheet). */
async function readXlsxSheets(path: string): Promise<{ name: string; rows: string[][] }[]> {
  const zip = await ZipArchive.open({ path }, { ...DEFAULT_TABLE_LIMITS })
  const text = async (part: string) => {
    let all = ''
    for await (const piece of (await zip.openText(part)) ?? []) all += piece
    return all
  }
  try {
    const names = [...(await text('xl/workbook.xml')).matchAll(/<sheet name="([^"]*)"/g)].map(
      (m) => m[1] ?? '',
    )
    const sheets = []
    for (const [i, name] of names.entries()) {
      const xml = await text(`xl/worksheets/sheet${i + 1}.xml`)
      const rows = [...xml.matchAll(/<row [^>]*>(.*?)<\/row>/g)].map((row) =>
        [...(row[1] ?? '').matchAll(/<c [^>]*?(?:\/>|>(.*?)<\/c>)/g)].map((cell) =>
          (cell[1] ?? '')
            .replace(/<[^>]+>/g, '')
            .replace(/&quot;/g, '"')
            .replace(/&lt;/g, '<')
            .replace(/&gt;/g, '>')
            .replace(/&amp;/g, '&'),
        ),
      )
      sheets.push({ name, rows })
    }
    return sheets
  } finally {
    zip.close()
  }
}

const near = (iso: string, ms: number, within = 60_000) => Math.abs(Date.parse(iso) - ms) < within

describe('the screening record', () => {
  it('lists every row once with its outcome: on file, none, partly checked, could not check, could not read', async () => {
    const casefile = await core()
    // First the registry is asked (online): the hit and the clean email are answered and kept.
    const first = await Screening.startScreening(casefile, {
      kind: 'table',
      fileName: 'first.csv',
      table: { path: csv('first.csv', ['Mobile,E-mail', '08097776666,clean.record@example.com']) },
    })
    expect((await runJob(casefile, first, { rate: Infinity })).state).toBe('done')
    const askedAt = Date.now()

    // Then a list matched against this computer only (--offline): what it knows is answered
    // as of when it learned it; the value it never saw waits; two cells cannot be read.
    const list = csv('customers.csv', [
      'Customer,Mobile,E-mail',
      '=HYPERLINK("http://evil.example"),+234 809 777 6666,',
      'Bola,,clean.record@example.com',
      'Chi,8.03123E+09,',
      'Dayo,,never.asked@example.com',
      'Efe,8.03123E+09,CLEAN.record@example.com',
    ])
    const job = await Screening.startScreening(
      casefile,
      { kind: 'table', fileName: 'customers.csv', table: { path: list } },
      {
        offline: true,
        mapping: [
          { column: 1, type: 'phone' },
          { column: 2, type: 'email' },
        ],
      },
    )
    const out = join(tempFolder('casefile-record-'), 'record.csv')
    expect((await exportRecord(casefile, job, { path: out }, 'csv')).rows).toBe(5)
    const rows = await readBack(out)
    expect(rows.map((r) => r['screening_row'])).toEqual(['2', '3', '4', '5', '6'])
    expect(rows.map((r) => r['Customer'])).toEqual([
      '=HYPERLINK("http://evil.example")',
      'Bola',
      'Chi',
      'Dayo',
      'Efe',
    ])
    // Nothing in the file a spreadsheet program would run.
    expect(readFileSync(out, 'utf8')).toContain(`"'=HYPERLINK(""http://evil.example"")"`)

    const [hit, clean, unread, unchecked, partly] = rows as Record<string, string>[]
    expect(hit).toMatchObject({
      outcome: 'Reports on file',
      identifier_1_column: 'Mobile',
      identifier_1_type: 'phone',
      identifier_1_value: '08097776666',
      identifier_1_outcome: 'Reports on file',
      identifier_1_reports: '1',
      identifier_1_public_reports: '0',
    })
    expect(hit?.['identifier_1_report_ids']).toMatch(/\S/)
    expect(clean).toMatchObject({
      outcome: 'No report on file',
      identifier_1_type: 'email',
      identifier_1_value: 'clean.record@example.com',
      identifier_1_outcome: 'No report on file',
      identifier_1_reports: '0',
      identifier_1_public_reports: '0',
      identifier_1_report_ids: '',
      identifier_1_checked_against: "this computer's copies of earlier searches and reports",
    })
    expect(unread).toMatchObject({
      outcome: expect.stringMatching(/^Could not read: B4: .+/),
      identifier_1_column: 'Mobile (B4)',
      identifier_1_value: '8.03123E+09',
      identifier_1_outcome: expect.stringMatching(/^Could not read: .+/),
      identifier_1_as_of: '',
    })
    expect(unchecked).toMatchObject({
      outcome: expect.stringMatching(/^Could not check: E-mail: not searched on the registry yet/),
      identifier_1_value: 'never.asked@example.com',
      identifier_1_outcome: expect.stringMatching(/^Could not check: /),
      identifier_1_reports: '',
      identifier_1_as_of: '',
    })
    expect(partly).toMatchObject({
      // Never "No report on file": a cell of the row could not be read (issue 36).
      outcome: 'Partly checked: 1 cell could not be read',
      identifier_1_value: 'clean.record@example.com',
      identifier_2_column: 'Mobile (B6)',
      identifier_2_outcome: expect.stringMatching(/^Could not read: /),
    })
    // As of the registry's answer, on the registry's clock (this computer's is 3 hours ahead).
    for (const row of [hit, clean, partly]) {
      expect(near(row?.['identifier_1_as_of'] ?? '', askedAt, 30_000)).toBe(true)
      expect(row?.['checked_as_of']).toBe(row?.['identifier_1_as_of'])
    }
    // The counts agree with the job's own totals: one outcome a row, counted in one place.
    expect(Screening.showJob(casefile, job).totals).toMatchObject({
      rows: 5,
      hits: 1,
      clean: 1,
      partly: 1,
      notChecked: 1,
      unread: 1,
      unchecked: 3,
    })
  })

  it('says the registry searched it, and in XLSX adds the totals, the file and the clock', async () => {
    const casefile = await core()
    const job = await Screening.startScreening(casefile, {
      kind: 'table',
      fileName: 'online.csv',
      table: { path: csv('online.csv', ['phone', '08097776666', '08097770000', '+1-555']) },
    })
    expect((await runJob(casefile, job, { rate: Infinity })).state).toBe('done')
    const out = join(tempFolder('casefile-record-'), 'record.xlsx')
    expect((await exportRecord(casefile, job, { path: out }, 'xlsx')).rows).toBe(3)
    const rows = await readBack(out)
    expect(rows.map((r) => [r['screening_row'], r['outcome']])).toEqual([
      ['2', 'Reports on file'],
      ['3', 'No report on file'],
      ['4', expect.stringMatching(/^Could not read: A4: /)],
    ])
    expect(rows[1]?.['identifier_1_checked_against']).toBe('registry search')
    expect(near(rows[1]?.['identifier_1_as_of'] ?? '', Date.now())).toBe(true)
    const sheets = await readXlsxSheets(out)
    expect(sheets.map((s) => s.name)).toEqual(['Screening record', 'About this record'])
    const about = Object.fromEntries(sheets[1]?.rows.map((r) => [r[0], r[1]]) ?? [])
    expect(about).toMatchObject({
      'Screening job': String(job),
      'Screened from': 'online.csv',
      Rows: '3',
      'Rows: Reports on file': '1',
      'Rows: No report on file': '1',
      'Rows: Partly checked': '0',
      'Rows: Could not check': '0',
      'Rows: Could not read': '1',
      'Cells that could not be read': '1',
    })
    expect(about['Times are']).toMatch(/registry’s clock.*this computer’s clock was 3 hours ahead/)
    expect(near(about['Record written'] ?? '', Date.now())).toBe(true)
  })
})
