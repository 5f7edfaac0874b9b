// A real bank extract screened against the sandbox registry, with reports another bank filed
// as it wrote them: title rows above the header, account numbers saved as number cells that
// lost one and two leading zeros, no bank column (the bank named for the whole file), emails
// typed with capitals, phones that lost their 0. No customer is lost before a search is made,
// and each spelling is asked once a job, a 429 midway through an identifier's spellings too.
// The files are made by openpyxl and xlsxwriter (test/fixtures/spreadsheets/bank-extracts).
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Core } from '../../../src/core/open-core'
import { refreshBanks } from '../../../src/core/banks/banks'
import { listBanks } from '../../../src/core/banks/banks-cache'
import * as Screening from '../../../src/core/screening/screening'
import { runJob } from '../../../src/core/screening/screening-runner'
import { exportRecord } from '../../../src/core/screening/screening-record'
import { readTableRows } from '../../../src/core/spreadsheet/read-table'
import { banksFittingNuban } from '../../../src/shared/domain/nuban'
import type { IdentifierType } from '../../../src/shared/domain/identifiers'
import { inspector, openTestCore, uniqueReason } from '../../support/core-with-sandbox'
import { startCountingProxy, type CountingProxy } from '../../support/counting-proxy'
import { useSandbox } from '../../support/use-sandbox'
import { tempFolder } from '../../cli/cli-harness'

const FIXTURES = join(__dirname, '../../fixtures/spreadsheets/bank-extracts')
const LISTING = join(FIXTURES, 'gtbank-customer-listing.xlsx')
const BENEFICIARIES = join(FIXTURES, 'beneficiaries-some-banks-empty.xlsx')

const registry = useSandbox()
let proxy: CountingProxy
const cores: Core[] = []
const ids: Record<string, string> = {}

/** A report of the other organization, on identifiers written as it wrote them. */
async function fileReport(name: string, identifiers: { label: IdentifierType; value: string }[]) {
  const report = await inspector(registry.sandbox, registry.otherKey).createReport({
    fraudType: 'money_mule',
    fraudReason: uniqueReason(`bank extract ${name}`),
    identifiers,
    attachments: [],
    showUploaderInfo: true,
  })
  ids[name] = (report as { id: string }).id
}

beforeAll(async () => {
  proxy = await startCountingProxy(registry.sandbox)
  await fileReport('two zeros', [{ label: 'account', value: '0012345671_gtbank' }])
  await fileReport('capitals', [{ label: 'email', value: 'BOLA.ADE@EXAMPLE.COM' }])
  await fileReport('+234', [{ label: 'phone', value: '+2348031114444' }])
  await fileReport('dayo', [{ label: 'account', value: '0044556676_gtbank' }])
})
afterAll(() => proxy.stop())
afterEach(async () => {
  registry.sandbox.clearFaults()
  for (const core of cores.splice(0)) await core.close(0)
})

async function core(): Promise<Core> {
  const opened = openTestCore(proxy, { key: () => registry.key, timeoutMs: 2000 })
  cores.push(opened)
  await refreshBanks(opened)
  return opened
}

async function readBack(path: string): Promise<Record<string, string>[]> {
  const rows: string[][] = []
  for await (const row of readTableRows({ path })) rows.push(row.cells)
  const [header = [], ...body] = rows
  return body.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ''])))
}

describe('a bank extract', () => {
  it('loses no customer: header below the title rows, --bank, zeros the check digit proves, emails as typed', async () => {
    const casefile = await core()
    const before = proxy.searches.length
    const job = await Screening.startScreening(
      casefile,
      { kind: 'table', fileName: 'gtbank-customer-listing.xlsx', table: { path: LISTING } },
      { bank: '058' },
    )
    expect((await runJob(casefile, job, { rate: Infinity })).state).toBe('done')
    const view = Screening.showJob(casefile, job)
    expect(view.problems).toEqual([])
    expect(view.totals).toMatchObject({ rows: 4, identifiers: 12, hits: 4, unchecked: 0 })
    const asked = new Set(proxy.searches.slice(before).map((s) => s.value))
    // Every row's account, at the bank named, its zeros back; every email as typed and in lower
    // case; every phone in its spellings.
    for (const account of ['0012345671', '0123456785', '1234567896', '0044556676'])
      expect(asked).toContain(`${account}_gtbank`)
    for (const email of ['Ada.Obi@Example.com', 'BOLA.ADE@EXAMPLE.COM', 'Dayo.Okafor@Example.com'])
      expect(asked).toContain(email)
    expect(asked).toContain('chinedu.eze@example.com')
    for (const phone of ['08031112222', '+2348031115555', '002348031113333'])
      expect(asked).toContain(phone)
    const found = (row: number) =>
      view.hits.filter((h) => h.row === row).flatMap((h) => h.reports.map((r) => r.id))
    // Rows as the sheet shows them: the header is row 3, below two title rows.
    expect(found(4)).toEqual([ids['two zeros']])
    expect(found(5)).toEqual([ids['capitals']])
    expect(found(6)).toEqual([ids['+234']])
    expect(found(7)).toEqual([ids['dayo']])
    expect(view.hits.every((h) => !h.bankGuessed)).toBe(true)

    // The record keeps every column of each row, under the extract's own header.
    const out = join(tempFolder('casefile-extract-'), 'record.csv')
    await exportRecord(casefile, job, { path: out }, 'csv')
    const rows = await readBack(out)
    expect(rows.map((r) => [r['S/N'], r['CUSTOMER NAME'], r['ACCOUNT NO'], r['BRANCH']])).toEqual([
      ['1', 'ADAEZE OBI', '12345671', 'LAGOS ISLAND'],
      ['2', 'BOLA ADE', '123456785', 'IKEJA'],
      ['3', 'CHINEDU EZE', '1234567896', 'ABUJA'],
      ['4', 'DAYO OKAFOR', '44556676', 'IBADAN'],
    ])
    expect(rows.map((r) => r['outcome'])).toEqual(Array(4).fill('Reports on file'))
  })

  it('searches an account with an empty bank cell at the banks its check digit fits, each spelling once, through 429s', async () => {
    const casefile = await core()
    const fitting = banksFittingNuban('1234567896', listBanks(casefile.db)).map((b) => b.slug)
    expect(fitting).toContain('gtbank')
    // One search in two is refused with a 429 (Retry-After 0): identifiers are cut short
    // midway through their spellings and asked again.
    registry.sandbox.setFaults([
      { kind: 'rate_limit', route: 'search', rate: 0.5, retryAfterSeconds: 0 },
    ])
    const before = proxy.searches.length
    const job = await Screening.startScreening(casefile, {
      kind: 'table',
      fileName: 'beneficiaries.xlsx',
      table: { path: BENEFICIARIES },
    })
    expect((await runJob(casefile, job, { rate: Infinity, concurrency: 1 })).state).toBe('done')
    const sent = proxy.searches.slice(before)
    expect(sent.some((s) => s.status === 429)).toBe(true)
    const answered = new Map<string, number>()
    for (const s of sent.filter((s) => s.status === 200))
      answered.set(s.value, (answered.get(s.value) ?? 0) + 1)
    // Each spelling answered once: 0044556676 with its bank and guessed share one.
    expect([...answered.values()].every((n) => n === 1)).toBe(true)
    expect([...answered.keys()].sort()).toEqual(
      [
        ...banksFittingNuban('0044556676', listBanks(casefile.db)).map(
          (b) => `0044556676_${b.slug}`,
        ),
        ...fitting.map((slug) => `1234567896_${slug}`),
      ].sort(),
    )
    const view = Screening.showJob(casefile, job)
    expect(view.problems).toEqual([])
    expect(
      view.hits.map((h) => [h.row, h.value, h.bankGuessed, h.reports.map((r) => r.id)]),
    ).toEqual([
      [2, '0044556676_gtbank', false, [ids['dayo']]],
      [3, '0044556676', true, [ids['dayo']]],
    ])
    expect(view.totals).toMatchObject({ rows: 3, hits: 2, clean: 1, unchecked: 0 })

    const out = join(tempFolder('casefile-extract-'), 'record.csv')
    await exportRecord(casefile, job, { path: out }, 'csv')
    const rows = await readBack(out)
    expect(rows[1]?.['identifier_1_outcome']).toBe(
      'Reports on file (bank guessed from the account number)',
    )
  })
})
