// `casefile screen` on a bank's extract: --header-row and --bank, one set of counts in --json
// and in the record, "Partly checked" for a row with a cell not read, and exit 3 whenever a
// row is left unchecked (--offline too).
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readTableRows } from '../../src/core/spreadsheet/read-table'
import { TEST_FOLDER_KEY_ENV } from '../support/core-with-sandbox'
import { startCountingProxy, type CountingProxy } from '../support/counting-proxy'
import { useSandbox } from '../support/use-sandbox'
import { runCasefile as runInProcess, sandboxFolder, tempFolder } from './cli-harness'

const LISTING = join(
  __dirname,
  '../fixtures/spreadsheets/bank-extracts/gtbank-customer-listing.xlsx',
)
const registry = useSandbox()
let proxy: CountingProxy
const env = () => ({ ...TEST_FOLDER_KEY_ENV, CASEFILE_API_KEY: registry.key })
const runCasefile = (args: string[]) => runInProcess(args, env())

beforeAll(async () => {
  proxy = await startCountingProxy(registry.sandbox)
})
afterAll(() => proxy.stop())

async function recordOutcomes(path: string): Promise<string[]> {
  const rows: string[][] = []
  for await (const row of readTableRows({ path })) rows.push(row.cells)
  const [header = [], ...body] = rows
  const at = header.indexOf('outcome')
  return body.map((cells) => cells[at] ?? '')
}

/** Rows of a record by outcome, counted as --json's totals count them. */
function countsOf(outcomes: string[]) {
  const starts = (word: string) => outcomes.filter((o) => o.startsWith(word)).length
  return {
    hits: starts('Reports on file'),
    clean: starts('No report on file'),
    partly: starts('Partly checked'),
    notChecked: starts('Could not check'),
    unread: starts('Could not read'),
  }
}

describe('casefile screen on a bank extract', () => {
  it('--header-row and --bank read every row; --json and the record give the same counts', async () => {
    const dataDir = await sandboxFolder(runCasefile, proxy)
    const record = join(tempFolder(), 'record.csv')
    const run = await runCasefile([
      'screen',
      LISTING,
      '--header-row',
      '3',
      '--bank',
      'Guaranty Trust Bank',
      '--rate',
      '50',
      '--record',
      record,
      '--json',
      '--data-dir',
      dataDir,
    ])
    expect(run.code).toBe(0)
    const { totals, problems } = run.json()
    expect(problems).toEqual([])
    expect(totals).toMatchObject({ rows: 4, identifiers: 12, clean: 4, unchecked: 0 })
    expect(countsOf(await recordOutcomes(record))).toEqual({
      hits: totals.hits,
      clean: totals.clean,
      partly: totals.partly,
      notChecked: totals.notChecked,
      unread: totals.unread,
    })

    const wrong = await runCasefile([
      'screen',
      LISTING,
      '--bank',
      'Bank of Atlantis',
      '--data-dir',
      dataDir,
    ])
    expect(wrong.code).toBe(1)
    expect(wrong.stderr).toMatch(/Bank "Bank of Atlantis" is not in the bank list/)
  })

  it('a row with a cell not read is "Partly checked", counted alike everywhere, and exits 3; so does --offline', async () => {
    const dataDir = await sandboxFolder(runCasefile, proxy)
    const list = join(tempFolder(), 'partly.csv')
    writeFileSync(
      list,
      'Name,Mobile,BVN\nAda,08035550101,221000\nBola,08035550102,22100000002\n,8.03123E+09,\n',
    )
    const record = join(tempFolder(), 'record.csv')
    const run = await runCasefile([
      'screen',
      list,
      '--rate',
      '50',
      '--record',
      record,
      '--json',
      '--data-dir',
      dataDir,
    ])
    expect(run.code).toBe(3)
    const { totals } = run.json()
    expect(totals).toMatchObject({ rows: 3, hits: 0, clean: 1, partly: 1, unread: 1, unchecked: 2 })
    const outcomes = await recordOutcomes(record)
    expect(outcomes[0]).toMatch(/^Partly checked: 1 cell could not be read/)
    expect(countsOf(outcomes)).toEqual({
      hits: totals.hits,
      clean: totals.clean,
      partly: totals.partly,
      notChecked: totals.notChecked,
      unread: totals.unread,
    })
    // The words say the same numbers.
    const words = await runCasefile(['screen', 'show', '1', '--data-dir', dataDir])
    expect(words.stdout).toContain(
      '3 rows: 0 with reports on file, 1 no report on file, 1 partly checked, 0 could not be checked, 1 could not be read.',
    )

    const offline = await runCasefile([
      'screen',
      LISTING,
      '--bank',
      'gtbank',
      '--offline',
      '--json',
      '--data-dir',
      dataDir,
    ])
    expect(offline.code).toBe(3)
    expect(offline.json()).toMatchObject({ state: 'paused', exitCode: 3, totals: { rows: 4 } })
  })
})
