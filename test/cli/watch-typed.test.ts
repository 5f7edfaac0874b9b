// `casefile watch add` reads a value typed on the command line: its words are for a typed value,
// never screening's advice on a spreadsheet's columns (issue 38, 12).
import { describe, expect, it } from 'vitest'
import { TEST_FOLDER_KEY_ENV } from '../support/core-with-sandbox'
import { useSandbox } from '../support/use-sandbox'
import { runCasefile as runInProcess, sandboxFolder } from './cli-harness'

const registry = useSandbox()
const env = () => ({ ...TEST_FOLDER_KEY_ENV, CASEFILE_API_KEY: registry.key })
const runCasefile = (args: string[]) => runInProcess(args, env())

describe('casefile watch add, an account typed without its bank', () => {
  it('says how an account is written and where the banks are listed, not "map its bank column"', async () => {
    const at = ['--data-dir', await sandboxFolder(runCasefile, registry.sandbox)]
    // Before the bank list is on this computer, and after.
    for (const banks of [false, true]) {
      if (banks) expect((await runCasefile(['banks', '--refresh', ...at])).code).toBe(0)
      const run = await runCasefile(['watch', 'add', '0690000031', '--type', 'account', ...at])
      expect(run.code).toBe(1)
      expect(run.stderr).not.toMatch(/column/)
      expect(run.stderr).toContain(
        'An account is written NUMBER_BANK, e.g. 0690000031_access-bank (the bank by its slug, name or CBN code). `casefile banks` lists the banks.',
      )
    }
    expect((await runCasefile(['watch', 'list', '--json', ...at])).json()).toEqual([])
    // Written with its bank: watched.
    const add = await runCasefile([
      'watch',
      'add',
      '0690000031_access-bank',
      '--type',
      'account',
      ...at,
    ])
    expect(add.code).toBe(0)
    expect(add.stdout).toMatch(/Watching account 0690000031_access-bank/)
  })
})
