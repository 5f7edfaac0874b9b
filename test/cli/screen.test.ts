// `casefile screen`: the --json shape, the exit codes, the column mapper remembered, the hits
// export read back, and a run killed mid-job (SIGKILL) found by `screen list` and finished by
// `screen resume`, with no answered identifier searched again.
import { spawn } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openCore } from '../../src/core/open-core'
import { readTableRows } from '../../src/core/spreadsheet/read-table'
import { TEST_FOLDER_KEY_ENV } from '../support/core-with-sandbox'
import { startCountingProxy, type CountingProxy } from '../support/counting-proxy'
import { useSandbox } from '../support/use-sandbox'
import { runCasefile as runInProcess, sandboxFolder, tempFolder } from './cli-harness'

const registry = useSandbox()
let proxy: CountingProxy
const env = () => ({ ...TEST_FOLDER_KEY_ENV, CASEFILE_API_KEY: registry.key })
const runCasefile = (args: string[]) => runInProcess(args, env())

beforeAll(async () => {
  proxy = await startCountingProxy(registry.sandbox)
})
afterAll(() => proxy.stop())

function file(name: string, text: string): string {
  const path = join(tempFolder('casefile-screen-'), name)
  writeFileSync(path, text)
  return path
}

describe('casefile screen', () => {
  it('prints the documented --json, exits 2 on a hit, and exports the hits behind the row', async () => {
    const dataDir = await sandboxFolder(runCasefile, proxy)
    // The sandbox's seeded public report is on phone 08031234567 and account 0123456789_access-bank.
    const list = file(
      'msisdn.csv',
      'Name,MSISDN,Note\n=HYPERLINK("x"),+234 803 123 4567,a\nBola,08099990000,b\n',
    )
    const out = join(tempFolder(), 'hits.csv')
    const run = await runCasefile([
      'screen',
      list,
      '--map',
      'MSISDN=phone',
      '--out',
      out,
      '--json',
      '--data-dir',
      dataDir,
    ])
    expect(run.code).toBe(2)
    const result = run.json()
    // The estimate made before the first search (issue 40) comes before the exit code.
    expect(Object.keys(result)).toEqual([
      'job',
      'state',
      'totals',
      'hits',
      'problems',
      'estimate',
      'exitCode',
    ])
    expect(result).toMatchObject({
      state: 'done',
      totals: { rows: 2, identifiers: 2, searched: 2, hits: 1, unchecked: 0 },
      hits: [
        {
          row: 2,
          type: 'phone',
          value: '08031234567',
          matchedAs: 'normalized',
          reports: [],
          publicReports: [{ id: expect.any(String) }],
        },
      ],
      problems: [],
      exitCode: 2,
    })
    const rows = []
    for await (const row of readTableRows({ path: out })) rows.push(row.cells)
    expect(rows[0]?.slice(0, 6)).toEqual([
      'Name',
      'MSISDN',
      'Note',
      'screening_row',
      'identifier_type',
      'identifier',
    ])
    // The input row's own columns first, as they were (the reader takes the guard's quote off)…
    expect(rows[1]?.slice(0, 6)).toEqual([
      '=HYPERLINK("x")',
      '+234 803 123 4567',
      'a',
      '2',
      'phone',
      '08031234567',
    ])
    // …and in the file itself nothing a spreadsheet program would run.
    expect(readFileSync(out, 'utf8')).toContain(`"'=HYPERLINK(""x"")",'+234 803 123 4567,a,2,phone`)
    expect(rows).toHaveLength(2)

    // The mapping is remembered for these headers: no --map the second time.
    const again = await runCasefile(['screen', list, '--json', '--data-dir', dataDir])
    expect(again.json().totals).toMatchObject({ identifiers: 2, hits: 1 })
    const listed = await runCasefile(['screen', 'list', '--json', '--data-dir', dataDir])
    expect(listed.json()).toEqual([
      expect.objectContaining({ job: 2, file: 'msisdn.csv', state: 'done' }),
      expect.objectContaining({
        job: 1,
        file: 'msisdn.csv',
        state: 'done',
        createdAt: expect.any(String),
      }),
    ])
  })

  it('exits 0 with no hit, 3 when a row could not be read or the registry cannot be reached', async () => {
    const dataDir = await sandboxFolder(runCasefile, proxy)
    const clean = file('clean.csv', 'bvn,email\n22100000001,clean@example.com\n')
    expect((await runCasefile(['screen', clean, '--data-dir', dataDir])).code).toBe(0)
    const list = file('unread.csv', 'bvn,email\n22100000001,clean@example.com\n2210000,\n')
    const run = await runCasefile(['screen', list, '--json', '--data-dir', dataDir])
    // A row that could not be read was not checked: not a clean run (issue 36).
    expect(run.code).toBe(3)
    expect(run.json().totals).toMatchObject({ rows: 2, clean: 1, unread: 1, unchecked: 1 })
    expect(run.json().problems).toEqual([
      { row: 3, column: 'bvn', value: '2210000', message: expect.stringMatching(/11 digits/) },
    ])
    await proxy.down()
    try {
      const offline = await runCasefile([
        'screen',
        file('new.csv', 'email\nwaits@example.com\n'),
        '--json',
        '--data-dir',
        dataDir,
      ])
      expect(offline.code).toBe(3)
      expect(offline.json()).toMatchObject({ state: 'open', totals: { unchecked: 1 }, exitCode: 3 })
    } finally {
      await proxy.up()
    }
    const resumed = await runCasefile(['screen', 'resume', '3', '--json', '--data-dir', dataDir])
    expect(resumed.json()).toMatchObject({ state: 'done', totals: { unchecked: 0 }, exitCode: 0 })
  })

  it('--record writes every row once with its outcome, from `screen` and from `screen show`', async () => {
    const dataDir = await sandboxFolder(runCasefile, proxy)
    const list = file(
      'customers.csv',
      "Name,MSISDN,email\n=cmd|' /C calc'!A0,+234 803 123 4567,\nBola,08099991111,\nChi,,not an email\n",
    )
    const record = join(tempFolder(), 'record.csv')
    const run = await runCasefile([
      'screen',
      list,
      '--map',
      'MSISDN=phone',
      '--record',
      record,
      '--json',
      '--data-dir',
      dataDir,
    ])
    expect(run.code).toBe(2)
    // The --json shape is the documented one, --record or not.
    expect(Object.keys(run.json())).toEqual([
      'job',
      'state',
      'totals',
      'hits',
      'problems',
      'estimate',
      'exitCode',
    ])
    const read = async (path: string) => {
      const rows: string[][] = []
      for await (const row of readTableRows({ path })) rows.push(row.cells)
      const [header = [], ...body] = rows
      return body.map((cells) => Object.fromEntries(header.map((h, i) => [h, cells[i] ?? ''])))
    }
    const rows = await read(record)
    expect(rows.map((r) => [r['Name'], r['screening_row'], r['outcome']])).toEqual([
      ["=cmd|' /C calc'!A0", '2', 'Reports on file'],
      ['Bola', '3', 'No report on file'],
      ['Chi', '4', expect.stringMatching(/^Could not read: C4: /)],
    ])
    expect(rows[0]).toMatchObject({ identifier_1_public_reports: '1', identifier_1_reports: '0' })
    expect(rows[1]?.['identifier_1_as_of']).toMatch(/^\d{4}-\d\d-\d\dT/)
    // Neutralized, and quoted for its pipe (a separator a program may split on).
    expect(readFileSync(record, 'utf8')).toContain(`\n"'=cmd|' /C calc'!A0",'+234 803`)

    // A list that waits for the registry: its record says so, row by row.
    await proxy.down()
    try {
      const waits = await runCasefile([
        'screen',
        file('waits.csv', 'email\nwaits.record@example.com\n'),
        '--data-dir',
        dataDir,
      ])
      expect(waits.code).toBe(3)
    } finally {
      await proxy.up()
    }
    const xlsx = join(tempFolder(), 'record.xlsx')
    const shown = await runCasefile([
      'screen',
      'show',
      '2',
      '--record',
      xlsx,
      '--data-dir',
      dataDir,
    ])
    expect(shown.code).toBe(3)
    expect(shown.stdout).toContain(
      `The screening record (1 row, each with its outcome) written to ${xlsx}.`,
    )
    expect((await read(xlsx)).map((r) => r['outcome'])).toEqual([
      expect.stringMatching(/^Could not check: email: not searched on the registry yet/),
    ])

    const same = await runCasefile([
      'screen',
      'show',
      '1',
      '--out',
      xlsx,
      '--record',
      xlsx,
      '--data-dir',
      dataDir,
    ])
    expect(same.code).not.toBe(0)
    expect(same.stderr).toMatch(/--out and --record name the same file/)
    const named = await runCasefile([
      'screen',
      'show',
      '1',
      '--record',
      'record.txt',
      '--data-dir',
      dataDir,
    ])
    expect(named.stderr).toMatch(/ending in \.csv or \.xlsx for the screening record/)
  })

  it('a run killed mid-job is found by `screen list` and finished by `screen resume`, nothing answered asked again', async () => {
    const dataDir = await sandboxFolder(runCasefile, proxy)
    const values = Array.from({ length: 40 }, (_, i) => `kill${i}@example.com`)
    const list = file(
      'kill.csv',
      `email\n${values.join('\n')}\n${values.slice(0, 10).join('\n')}\n`,
    )
    registry.sandbox.setFaults([{ kind: 'latency', ms: 60, route: 'search' }])
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(__dirname, '..', 'support', 'screen-child.ts'),
        'screen',
        list,
        '--rate',
        '20',
        '--data-dir',
        dataDir,
      ],
      { env: { ...process.env, ...env() }, stdio: ['ignore', 'ignore', 'pipe'] },
    )
    child.stderr?.resume()
    const exited = new Promise((resolve) =>
      child.on('exit', (code, signal) => resolve(signal ?? code)),
    )
    const counted = () => proxy.searches.filter((s) => s.value.startsWith('kill')).length
    while (counted() < 12) await new Promise((r) => setTimeout(r, 10))
    child.kill('SIGKILL')
    expect(await exited).toBe('SIGKILL')
    registry.sandbox.clearFaults()

    // What the killed run had claimed but not answered: the only identifiers it may ask again.
    const key = Buffer.from(TEST_FOLDER_KEY_ENV.CASEFILE_DB_KEY, 'hex')
    const peek = openCore({
      dataDir,
      folderKey: key,
      connection: proxy,
      getApiKey: () => undefined,
    })
    const lost = new Set(
      (
        peek.db
          .prepare("SELECT value FROM screening_identifiers WHERE state = 'searching'")
          .all() as { value: string }[]
      ).map((r) => r.value),
    )
    await peek.close()

    const listed = await runCasefile(['screen', 'list', '--json', '--data-dir', dataDir])
    expect(listed.json()).toEqual([expect.objectContaining({ job: 1, state: 'open' })])
    const resumed = await runCasefile([
      'screen',
      'resume',
      '1',
      '--rate',
      '50',
      '--json',
      '--data-dir',
      dataDir,
    ])
    expect(resumed.json()).toMatchObject({
      state: 'done',
      totals: { rows: 50, identifiers: 40, searched: 40, unchecked: 0 },
    })
    const counts = proxy.countsByValue()
    for (const value of values) {
      expect(counts.get(value) ?? 0, value).toBeGreaterThanOrEqual(1)
      if (!lost.has(value)) expect(counts.get(value), value).toBe(1)
      else expect(counts.get(value), value).toBeLessThanOrEqual(2)
    }
  })
})
