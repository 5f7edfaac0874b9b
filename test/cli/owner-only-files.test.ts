// What the `casefile` command writes for the user holds suspects' data (hits, the screening
// record, rows to fix, exports of submissions and search results): the user's alone, 0600,
// under the usual umask 022, and an older file written over is tightened too. Case files and
// key exports are checked in case-commands.test.ts and folder-key.test.ts. POSIX modes.
import { statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_FOLDER_KEY_ENV } from '../support/core-with-sandbox'
import { useSandbox } from '../support/use-sandbox'
import { runCasefile, sandboxFolder, tempFolder } from './cli-harness'

const registry = useSandbox()
const cli = (args: string[]) =>
  runCasefile(args, { ...TEST_FOLDER_KEY_ENV, CASEFILE_API_KEY: registry.key })
const mode = (path: string) => statSync(path).mode & 0o777

let umask: number
beforeAll(() => {
  umask = process.umask(0o022)
})
afterAll(() => {
  process.umask(umask)
})

describe.skipIf(process.platform === 'win32')('files the command writes for the user', () => {
  it('screen --out and --record, import --rejected-out, submissions and search --export: all 0600', async () => {
    const dataDir = await sandboxFolder(cli, registry.sandbox)
    const dir = tempFolder('casefile-owner-only-')
    const path = (name: string) => join(dir, name)
    writeFileSync(path('list.csv'), 'Name,MSISDN\nAda,+234 803 123 4567\nBola,08099990000\n')
    writeFileSync(path('cases.csv'), 'fraud_type,fraud_reason,phone\nnope,Too short.,08031234567\n')
    // Written over: an export of last week, left readable by everyone.
    writeFileSync(path('submissions.csv'), 'an older export\n', { mode: 0o644 })

    const runs = [
      [
        'screen',
        path('list.csv'),
        '--map',
        'MSISDN=phone',
        '--out',
        path('hits.csv'),
        '--record',
        path('record.xlsx'),
      ],
      // The same screening job's files again, in the other formats.
      ['screen', 'show', '1', '--out', path('hits.xlsx'), '--record', path('record.csv')],
      ['import', path('cases.csv'), '--rejected-out', path('to-fix.csv')],
      ['import', path('cases.csv'), '--rejected-out', path('to-fix.xlsx')],
      ['submissions', '--refresh', '--export', path('submissions.csv')],
      ['search', '--type', 'phone', '+2348031234567', '--export', path('found.xlsx')],
      ['search', '--type', 'phone', '+2348031234567', '--export', path('found.csv')],
    ]
    for (const args of runs) {
      const run = await cli([...args, '--data-dir', dataDir])
      expect(run.stderr).not.toMatch(/cannot|could not/)
    }
    const written = [
      'hits.csv',
      'record.xlsx',
      'hits.xlsx',
      'record.csv',
      'to-fix.csv',
      'to-fix.xlsx',
      'submissions.csv',
      'found.xlsx',
      'found.csv',
    ]
    expect(written.map((name) => [name, mode(path(name))])).toEqual(
      written.map((name) => [name, 0o600]),
    )
  })
})
