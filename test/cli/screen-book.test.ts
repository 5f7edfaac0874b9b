// `casefile screen` on a whole book (issue 40): --estimate prints what a run would search and
// stops without keeping a job, the estimate goes to stderr before a run and into --json, the
// organization's ceiling is set with `config set --max-rate`, --rate auto runs, a CSV record's
// facts go beside it in a sidecar JSON, and bad values are refused in words.
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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

describe('casefile screen on a whole book', () => {
  it('estimates, sets the ceiling, runs at --rate auto reusing answers, and writes the record’s facts beside a CSV', async () => {
    const dataDir = await sandboxFolder(runCasefile, proxy)
    const dir = tempFolder('casefile-book-cli-')
    const list = join(dir, 'book.csv')
    writeFileSync(list, 'Name,E-mail\nAda,ada@book.example\nBola,bola@book.example\n')

    const before = proxy.searches.length
    const estimate = await runCasefile([
      'screen',
      list,
      '--estimate',
      '--json',
      '--data-dir',
      dataDir,
    ])
    expect(estimate.code).toBe(0)
    expect(estimate.json()).toEqual({
      estimate: expect.objectContaining({ rows: 2, identifiers: 2, searches: 2, seconds: 1 }),
    })
    expect(proxy.searches.length).toBe(before)
    const list0 = await runCasefile(['screen', 'list', '--json', '--data-dir', dataDir])
    expect(list0.json()).toEqual([])

    for (const bad of ['0', 'fast', '5000']) {
      const refused = await runCasefile(['config', 'set', '--max-rate', bad, '--data-dir', dataDir])
      expect(refused.code).not.toBe(0)
      expect(refused.stderr).toMatch(
        /--max-rate: The most searches a second is a number from 1 to 1000/,
      )
    }
    const set = await runCasefile(['config', 'set', '--max-rate', '20', '--data-dir', dataDir])
    expect(set.code).toBe(0)
    expect(set.stdout).toMatch(/At most 20 searches a second from this data folder/)

    const bad = await runCasefile([
      'screen',
      list,
      '--fresher-than',
      '7 weeks',
      '--data-dir',
      dataDir,
    ])
    expect(bad.stderr).toMatch(/--fresher-than is an age.*such as 7d or 12h; got "7 weeks"/)

    const record = join(dir, 'record.csv')
    const first = await runCasefile([
      'screen',
      list,
      '--rate',
      'auto',
      '--record',
      record,
      '--data-dir',
      dataDir,
    ])
    expect(first.code).toBe(0)
    expect(first.stderr).toMatch(/Estimate: 2 rows, 2 distinct identifiers; 2 searches to send/)
    expect(first.stderr).toMatch(/rising to at most 20 while the registry allows it/)
    const about = JSON.parse(readFileSync(join(dir, 'record.about.json'), 'utf8')) as Record<
      string,
      unknown
    >
    expect(about).toMatchObject({ file: 'book.csv', inputBytes: readFileSync(list).length })
    expect(String(about['pace'])).toMatch(/^auto:/)

    const again = await runCasefile([
      'screen',
      list,
      '--rate',
      'auto',
      '--fresher-than',
      '7d',
      '--json',
      '--data-dir',
      dataDir,
    ])
    expect(again.json().estimate).toMatchObject({ searches: 0, reusedIdentifiers: 2 })
    expect(existsSync(record)).toBe(true)
  }, 60_000)
})
