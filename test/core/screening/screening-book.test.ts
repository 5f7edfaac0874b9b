// Screening a bank's whole book (issue 40): a book screened again a week later with 2 % of it
// changed searches only what is new (the rest reuses answers younger than --fresher-than, each
// marked with its as_of in the record), and the estimate shown before the first search is
// within 20 % of the time the run then takes at a fixed rate.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Core } from '../../../src/core/open-core'
import { refreshBanks } from '../../../src/core/banks/banks'
import * as Screening from '../../../src/core/screening/screening'
import { runJob } from '../../../src/core/screening/screening-runner'
import { exportRecord } from '../../../src/core/screening/screening-record'
import { readTableRows } from '../../../src/core/spreadsheet/read-table'
import { openTestCore } from '../../support/core-with-sandbox'
import { startCountingProxy, type CountingProxy } from '../../support/counting-proxy'
import { useSandbox } from '../../support/use-sandbox'
import { tempFolder } from '../../cli/cli-harness'

const registry = useSandbox()
let proxy: CountingProxy
const cores: Core[] = []
const DAY = 86_400_000

/** A week passes: the folder's answers are made older by `ms` (as if given that long ago). */
function age(casefile: Core, ms: number): void {
  casefile.db.prepare('UPDATE screening_spellings SET answered_at = answered_at - ?').run(ms)
  casefile.db
    .prepare(
      'UPDATE screening_identifiers SET checked_at = checked_at - ? WHERE checked_at IS NOT NULL',
    )
    .run(ms)
}

beforeAll(async () => {
  proxy = await startCountingProxy(registry.sandbox)
})
afterAll(() => proxy.stop())
afterEach(async () => {
  for (const core of cores.splice(0)) await core.close(0)
})

async function core(): Promise<Core> {
  const opened = openTestCore(proxy, {
    key: () => registry.key,
    timeoutMs: 5000,
  })
  cores.push(opened)
  await refreshBanks(opened)
  return opened
}

/** A customer book: a name, an email and a BVN a row; `changed` rows get a new email and BVN. */
function book(dir: string, name: string, rows: number, changed: ReadonlySet<number>): string {
  const lines = ['Customer Name,Email Address,BVN']
  for (let i = 0; i < rows; i++) {
    const tag = changed.has(i) ? `new${i}` : `c${i}`
    const bvn = String((changed.has(i) ? 30_000_000_000 : 20_000_000_000) + i)
    lines.push(`Customer ${i},${tag}@book.example,${bvn}`)
  }
  const path = join(dir, name)
  writeFileSync(path, `${lines.join('\n')}\n`)
  return path
}

async function readBack(path: string): Promise<Record<string, string>[]> {
  const rows: string[][] = []
  for await (const row of readTableRows({ path })) rows.push(row.cells)
  const [header = [], ...body] = rows
  return body.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ''])))
}

describe("a bank's whole book", () => {
  it('screened again a week later with 2 % changed, searches only what changed and marks the reused answers with their as_of', async () => {
    const casefile = await core()
    const dir = tempFolder('casefile-book-')
    const ROWS = 2000
    const first = await Screening.startScreening(
      casefile,
      {
        kind: 'table',
        fileName: 'book.csv',
        table: { path: book(dir, 'book.csv', ROWS, new Set()) },
      },
      { rate: Infinity },
    )
    let before = proxy.searches.length
    expect((await runJob(casefile, first, { rate: Infinity })).state).toBe('done')
    const firstSearches = proxy.searches.length - before
    expect(firstSearches).toBeGreaterThanOrEqual(2 * ROWS)
    // A week later (less an hour), 2 % of the customers changed their email and BVN.
    age(casefile, 7 * DAY - 3_600_000)
    const firstAnsweredAt = Date.now() - (7 * DAY - 3_600_000)
    const changed = new Set(Array.from({ length: ROWS / 50 }, (_, n) => n * 50))
    const second = await Screening.startScreening(
      casefile,
      {
        kind: 'table',
        fileName: 'book-next-week.csv',
        table: { path: book(dir, 'book-next-week.csv', ROWS, changed) },
      },
      { rate: Infinity, fresherThanMs: 7 * DAY },
    )
    const estimate = Screening.estimateScreening(casefile, second)
    expect(estimate.searches).toBe(2 * changed.size)
    expect(estimate.reusedIdentifiers).toBe(2 * (ROWS - changed.size))
    before = proxy.searches.length
    expect((await runJob(casefile, second, { rate: Infinity })).state).toBe('done')
    const secondSearches = proxy.searches.length - before
    expect(secondSearches).toBe(2 * changed.size)
    expect(secondSearches).toBeLessThanOrEqual(firstSearches * 0.05)

    const path = join(dir, 'record.csv')
    await exportRecord(casefile, second, { path }, 'csv')
    const records = await readBack(path)
    expect(records).toHaveLength(ROWS)
    const unchanged = records.find((r) => r['Customer Name'] === 'Customer 1')
    const renewed = records.find((r) => r['Customer Name'] === 'Customer 50')
    for (const n of [1, 2]) {
      expect(unchanged?.[`identifier_${n}_answer`]).toBe('reused')
      expect(unchanged?.[`identifier_${n}_checked_against`]).toBe(
        "an earlier screening's registry search",
      )
      // As of the first screening's answer (the registry's clock, that of this computer here).
      const asOf = Date.parse(unchanged?.[`identifier_${n}_as_of`] ?? '')
      expect(Math.abs(asOf - firstAnsweredAt)).toBeLessThan(120_000)
      expect(renewed?.[`identifier_${n}_answer`]).toBe('searched now')
      expect(Date.parse(renewed?.[`identifier_${n}_as_of`] ?? '')).toBeGreaterThan(
        Date.now() - 120_000,
      )
    }

    // Past the freshness, nothing is reused: a third screening two weeks on searches it all.
    age(casefile, 8 * DAY)
    const third = await Screening.startScreening(
      casefile,
      {
        kind: 'table',
        fileName: 'book.csv',
        table: { path: book(dir, 'book.csv', 100, new Set()) },
      },
      { rate: Infinity, fresherThanMs: 7 * DAY },
    )
    expect(Screening.estimateScreening(casefile, third)).toMatchObject({
      searches: 200,
      reusedSearches: 0,
    })
  }, 180_000)

  it('estimates the time at a fixed rate within 20 % of the time the run takes', async () => {
    const casefile = await core()
    const dir = tempFolder('casefile-estimate-')
    const lines = ['Email']
    for (let i = 0; i < 40; i++) lines.push(`estimate${i}@book.example`)
    const path = join(dir, 'estimate.csv')
    writeFileSync(path, `${lines.join('\n')}\n`)
    const job = await Screening.startScreening(
      casefile,
      { kind: 'table', fileName: 'estimate.csv', table: { path } },
      { rate: 10 },
    )
    const estimate = Screening.estimateScreening(casefile, job)
    expect(estimate).toMatchObject({ rows: 40, identifiers: 40, searches: 40, seconds: 4 })
    const started = performance.now()
    expect((await runJob(casefile, job, { rate: 10 })).state).toBe('done')
    const seconds = (performance.now() - started) / 1000
    expect(Math.abs(seconds - estimate.seconds) / seconds).toBeLessThanOrEqual(0.2)
  }, 60_000)
})
