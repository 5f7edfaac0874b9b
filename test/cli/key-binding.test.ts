import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCli } from '../../src/cli/main'
import { useSandbox } from '../support/use-sandbox'
import { tempFolder } from './cli-harness'

// The CLI reads the key of the registry a folder points at, and only that one; work queued
// for another registry waits until the person confirms the move.

const registry = useSandbox()

async function cli(args: string[], accounts: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await runCli(args, {
    io: { out: (l) => out.push(l), err: (l) => err.push(l) },
    env: {},
    readKeychain: async (account) => {
      accounts.push(account)
      return account === `registry@${registry.sandbox.baseUrl}` ? registry.key : null
    },
  })
  return { code, stdout: out.join('\n'), stderr: err.join('\n') }
}

describe('the CLI and the key of a registry', () => {
  it('reads the keychain entry of the folder’s registry origin, and holds queued work for another registry until confirmed', async () => {
    const accounts: string[] = []
    const dataDir = tempFolder()
    const dir = ['--data-dir', dataDir]
    const sandbox = [
      '--base-url',
      registry.sandbox.baseUrl,
      '--upload-url',
      registry.sandbox.uploadUrl,
    ]
    const elsewhere = [
      '--base-url',
      'https://registry.example.com',
      '--upload-url',
      'https://registry.example.com',
    ]
    expect((await cli(['config', 'set', ...elsewhere, ...dir], accounts)).code).toBe(0)
    const report = join(dataDir, 'report.json')
    writeFileSync(
      report,
      JSON.stringify({
        fraudType: 'hacker',
        fraudReason: `Queued for one registry, then the folder was pointed at another ${Date.now()}.`,
        identifiers: [{ label: 'nin', value: '12345678901' }],
      }),
    )
    expect((await cli(['submit', report, ...dir], accounts)).code).toBe(0)

    // Pointed at the sandbox without confirming: nothing is sent.
    expect((await cli(['config', 'set', ...sandbox, ...dir], accounts)).code).toBe(0)
    const paused = await cli(['sync', ...dir], accounts)
    expect(paused.code).toBe(4)
    expect(paused.stderr).toMatch(/queued for the registry at https:\/\/registry\.example\.com/)
    expect(paused.stderr).toMatch(/--confirm-registry-change/)
    expect(accounts).toEqual([]) // no key was even read

    // Confirmed at the terminal: the work goes, with the key of the sandbox's origin.
    expect(
      (await cli(['config', 'set', ...sandbox, '--confirm-registry-change', ...dir], accounts))
        .code,
    ).toBe(0)
    const sent = await cli(['sync', '--until-idle', ...dir], accounts)
    expect(sent.code).toBe(0)
    expect(new Set(accounts)).toEqual(new Set([`registry@${registry.sandbox.baseUrl}`]))
  })
})
