import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli } from '../../src/cli/main'
import { EXIT } from '../../src/cli/exit-codes'
import { createRegistryClient } from '../../src/core/registry/registry-client'
import { uniqueReason } from '../support/core-with-sandbox'
import { useSandbox } from '../support/use-sandbox'
import { cliFolderKeychain, tempFolder } from './cli-harness'

/*
 * `casefile search` of an account number without its bank (issue 36, item 8): it names the
 * banks asked and how many were not, finds the organization's own report at another bank from
 * what this computer has, and `--all-banks` finds another organization's report at a bank the
 * number does not fit.
 */

const registry = useSandbox()
/** Fits only Heritage Bank (030) and Rand Merchant Bank (502) of the sandbox's 38 banks. */
const NUMBER = '0690000031'

async function cli(args: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await runCli(args, {
    io: { out: (l) => out.push(l), err: (l) => err.push(l) },
    env: { CASEFILE_API_KEY: registry.key },
    folderKeychain: cliFolderKeychain,
  })
  const stdout = out.join('\n')
  return { code, stdout, stderr: err.join('\n'), json: () => JSON.parse(stdout) }
}

describe('casefile search of an account number without its bank', () => {
  it('says which banks were searched and how many were not, and --all-banks searches the rest', async () => {
    const { sandbox } = registry
    const other = createRegistryClient(
      { baseUrl: sandbox.baseUrl, uploadUrl: sandbox.uploadUrl },
      { getApiKey: () => registry.otherKey },
    )
    const elsewhere = (
      await other.createReport({
        fraudType: 'money_mule',
        fraudReason: uniqueReason('all-banks-other'),
        identifiers: [{ label: 'account', value: `${NUMBER}_zenith-bank` }],
        attachments: [],
        showUploaderInfo: true,
      })
    ).id

    const dataDir = tempFolder()
    const at = ['--data-dir', dataDir]
    const set = ['config', 'set', '--base-url', sandbox.baseUrl, '--upload-url', sandbox.uploadUrl]
    expect((await cli([...set, ...at])).code).toBe(EXIT.ok)
    // Our own report at GTBank, which the number does not fit either: sent, and in Submissions.
    const file = join(dataDir, 'report.json')
    writeFileSync(
      file,
      JSON.stringify({
        fraudType: 'money_mule',
        fraudReason: uniqueReason('all-banks-own'),
        identifiers: [{ label: 'account', value: `${NUMBER}_gtbank` }],
      }),
    )
    expect((await cli(['banks', '--refresh', ...at])).code).toBe(EXIT.ok)
    // Queued all the same, with a word that GTBank's code does not fit the number (item 9).
    const submitted = await cli(['submit', file, ...at])
    expect(submitted.code).toBe(EXIT.ok)
    expect(submitted.stderr).toBe(
      `Warning: ${NUMBER} does not fit Guaranty Trust Bank’s check digit: it fits Heritage Bank or Rand Merchant Bank. Check the number or the bank — you can still file it.`,
    )
    expect((await cli(['sync', '--until-idle', ...at])).code).toBe(EXIT.ok)
    expect((await cli(['submissions', '--refresh', ...at])).code).toBe(EXIT.ok)

    const first = await cli(['search', '--type', 'account', NUMBER, ...at])
    expect(first.code).toBe(EXIT.ok)
    expect(first.stdout).toMatch(/^1 report\(s\), 0 public report\(s\) at the banks searched/)
    expect(first.stdout).toContain(
      `Searched at Heritage Bank and Rand Merchant Bank, the 2 banks whose CBN codes fit account number ${NUMBER}; 36 other banks were not searched.`,
    )
    expect(first.stdout).toContain(`casefile search --type account ${NUMBER} --all-banks`)
    expect(first.stdout).toMatch(
      /Found on this computer only: your organization’s report at Guaranty Trust Bank, in its reports saved on this computer \(Submissions, as of .+\)\./,
    )
    expect(first.stdout).not.toContain(elsewhere)

    const json = (await cli(['search', '--type', 'account', NUMBER, '--json', ...at])).json()
    expect(json.banksNotSearched).toBe(36)
    expect(json.foundHere).toEqual([expect.objectContaining({ from: 'own' })])

    const all = await cli(['search', '--type', 'account', NUMBER, '--all-banks', ...at])
    expect(all.code).toBe(EXIT.ok)
    expect(all.stdout).toMatch(/^2 report\(s\), 0 public report\(s\) \(online/)
    expect(all.stdout).toContain(`Account ${NUMBER} was searched at all 38 banks of the list.`)
    expect(all.stdout).toContain(elsewhere)
    expect(all.stdout).not.toMatch(/Found on this computer only/)
  })
})
