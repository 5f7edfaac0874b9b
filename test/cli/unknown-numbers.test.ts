// A job, outbox item, watched item or alert number that is not in the data folder is the
// person's mistake: every command that takes one answers exit 1 with words naming the list that
// shows them, never exit 70 ("Casefile failed unexpectedly … This is a bug"), in text and --json.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { EXIT } from '../../src/cli/exit-codes'
import { closedPortUrl, TEST_FOLDER_KEY_ENV } from '../support/core-with-sandbox'
import { runCasefile, sandboxFolder, STACK_TRACE, tempFolder } from './cli-harness'

const cli = (args: string[]) =>
  runCasefile(args, { ...TEST_FOLDER_KEY_ENV, CASEFILE_DEBUG: '', CASEFILE_API_KEY: 'sbx_x' })

let dataDir: string
let reportPath: string

beforeAll(async () => {
  // No registry answers: a number is looked up in the folder before anything is sent.
  const url = await closedPortUrl()
  dataDir = await sandboxFolder(cli, { baseUrl: url, uploadUrl: url })
  // The folder's database exists (a list command opens it) before the lookups.
  expect((await cli(['screen', 'list', '--data-dir', dataDir])).code).toBe(EXIT.ok)
  reportPath = join(tempFolder(), 'edit.json')
  writeFileSync(reportPath, JSON.stringify({ fraudReason: 'A reason long enough to be kept.' }))
})

const CASES: { args: () => string[]; says: string }[] = [
  {
    args: () => ['screen', 'show', '7'],
    says: 'There is no screening job 7 in this folder; `casefile screen list` shows them.',
  },
  {
    args: () => ['screen', 'show', '7', '--out', join(tempFolder(), 'hits.csv')],
    says: 'There is no screening job 7 in this folder',
  },
  { args: () => ['screen', 'resume', '7'], says: 'There is no screening job 7 in this folder' },
  { args: () => ['screen', 'cancel', '7'], says: 'There is no screening job 7 in this folder' },
  { args: () => ['outbox', 'retry', '7'], says: 'There is no outbox item 7' },
  { args: () => ['outbox', 'discard', '7'], says: 'There is no outbox item 7' },
  { args: () => ['outbox', 'requeue', '7', reportPath], says: 'There is no outbox item 7' },
  { args: () => ['watch', 'edit', '7', '--note', 'x'], says: 'No watched item 7' },
  { args: () => ['watch', 'remove', '7'], says: 'No watched item 7' },
  { args: () => ['watch', 'dismiss', '7', '--reason', 'not ours'], says: 'No alert 7' },
]

describe('an unknown number', () => {
  for (const { args, says } of CASES) {
    const name = args()
      .filter((a) => a && !a.includes('/'))
      .join(' ')
    it(`casefile ${name}: exit 1 in words`, async () => {
      const text = await cli([...args(), '--data-dir', dataDir])
      expect(text.stderr).toContain(says)
      expect(text.stderr).not.toMatch(/unexpectedly|This is a bug/)
      expect(text.stderr).not.toMatch(STACK_TRACE)
      expect(text.code).toBe(EXIT.usage)
      const json = await cli([...args(), '--json', '--data-dir', dataDir])
      expect(json.code).toBe(EXIT.usage)
      expect(json.json().error).toMatchObject({ exitCode: EXIT.usage })
      expect(json.json().error.code).not.toBe('internal')
      expect(json.json().error.message).toContain(says)
    })
  }
})
