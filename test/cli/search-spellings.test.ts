import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli } from '../../src/cli/main'
import { EXIT } from '../../src/cli/exit-codes'
import { uniqueReason } from '../support/core-with-sandbox'
import { useSandbox } from '../support/use-sandbox'
import { cliFolderKeychain, tempFolder } from './cli-harness'

/* `casefile search` normalizes and spells a value as the window does, and lists what waits. */

const registry = useSandbox()

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

describe('casefile search, one identifier whatever its spelling', () => {
  it('finds a phone typed +234…, 234… or 803…, with what waits in the outbox, and as of when', async () => {
    const dataDir = tempFolder()
    const { sandbox } = registry
    const set = ['config', 'set', '--base-url', sandbox.baseUrl, '--upload-url', sandbox.uploadUrl]
    expect((await cli([...set, '--data-dir', dataDir])).code).toBe(EXIT.ok)
    const file = join(dataDir, 'report.json')
    writeFileSync(
      file,
      JSON.stringify({
        fraudType: 'money_mule',
        fraudReason: uniqueReason('cli-spellings'),
        identifiers: [{ label: 'phone', value: '+234 803 555 0199' }],
      }),
    )
    expect((await cli(['submit', file, '--data-dir', dataDir])).code).toBe(EXIT.ok)

    // Not sent yet: the offline answer lists it as waiting, as of a time, in every spelling.
    for (const typed of ['08035550199', '2348035550199', '8035550199']) {
      const offline = await cli([
        'search',
        '--type',
        'phone',
        typed,
        '--offline',
        '--data-dir',
        dataDir,
      ])
      expect(offline.code, typed).toBe(EXIT.ok)
      expect(offline.stdout).toMatch(/nothing saved from the registry yet/)
      expect(offline.stdout).toMatch(
        /1 report\(s\) waiting in this computer's outbox, not yet sent/,
      )
    }
    const json = (
      await cli([
        'search',
        '--type',
        'phone',
        '8035550199',
        '--offline',
        '--json',
        '--data-dir',
        dataDir,
      ])
    ).json()
    expect(json.asOf.outbox).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(json.waiting).toEqual([
      expect.objectContaining({ registryId: null, matchedAs: ['+234 803 555 0199'] }),
    ])

    expect((await cli(['sync', '--until-idle', '--data-dir', dataDir])).code).toBe(EXIT.ok)
    const online = (
      await cli(['search', '--type', 'phone', '+2348035550199', '--json', '--data-dir', dataDir])
    ).json()
    expect(online.source).toBe('online')
    expect(online.searched).toEqual([
      '08035550199',
      '+2348035550199',
      '2348035550199',
      '8035550199',
      '+23408035550199',
      '23408035550199',
      '002348035550199',
    ])
    expect(online.reports).toHaveLength(1)
    // Sent in the one stored form, and no longer waiting.
    expect(online.matchedAs[`report:${online.reports[0].id}`]).toEqual(['08035550199'])
    expect(online.waiting).toEqual([])
  })

  it('searches an account number without its bank at the banks whose code fits it, saying which', async () => {
    const dataDir = tempFolder()
    const { sandbox } = registry
    const set = ['config', 'set', '--base-url', sandbox.baseUrl, '--upload-url', sandbox.uploadUrl]
    expect((await cli([...set, '--data-dir', dataDir])).code).toBe(EXIT.ok)
    const before = await cli([
      'search',
      '--type',
      'account',
      '0000014579',
      '--offline',
      '--data-dir',
      dataDir,
    ])
    expect(before.code).not.toBe(EXIT.ok)
    expect(before.stderr).toMatch(/bank list is not on this computer yet/)
    expect((await cli(['banks', '--refresh', '--data-dir', dataDir])).code).toBe(EXIT.ok)
    const found = await cli(['search', '--type', 'account', '0000 014 579', '--data-dir', dataDir])
    expect(found.code).toBe(EXIT.ok)
    expect(found.stdout).toContain(
      'Searched at Access Bank, First Bank of Nigeria, United Bank for Africa and PalmPay, the 4 banks whose CBN codes fit account number 0000014579; 34 other banks were not searched.',
    )
    const bad = await cli(['search', '--type', 'account', '12345', '--data-dir', dataDir])
    expect(bad.stderr).toMatch(/must be 10 digits/)
  })
})
