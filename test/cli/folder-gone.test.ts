// `casefile sync` whose data folder is deleted while it runs (issue 24, item 11): it stops and
// says so; it never says it sent reports it could not record.
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { EXIT } from '../../src/cli/exit-codes'
import { inspector, TEST_FOLDER_KEY_ENV, uniqueReason } from '../support/core-with-sandbox'
import { useSandbox } from '../support/use-sandbox'
import { runCasefile, sandboxFolder, STACK_TRACE, tempFolder } from './cli-harness'

const registry = useSandbox()
afterEach(() => registry.sandbox.clearFaults())
const env = () => ({ ...TEST_FOLDER_KEY_ENV, CASEFILE_API_KEY: registry.key })
const run = (args: string[]) => runCasefile(args, env())

async function registryHolds(reasons: readonly string[]): Promise<number> {
  const client = inspector(registry.sandbox, registry.key)
  const wanted = new Set(reasons)
  let found = 0
  for (let page = 1; ; page++) {
    const { data, meta } = await client.listSubmissions({ page, limit: 100 })
    found += data.filter((record) => wanted.has(record.fraudReason ?? '')).length
    if (data.length === 0 || page * meta.limit >= meta.total) return found
  }
}

describe('casefile sync, its data folder deleted while it runs', () => {
  it('stops with a message naming the folder, exit 1, and never says "Sent"', async () => {
    const dataDir = await sandboxFolder(run, registry.sandbox)
    const reasons = Array.from({ length: 20 }, (_, i) => uniqueReason(`cli-folder-gone-${i}`))
    const file = join(tempFolder(), 'cases.csv')
    writeFileSync(
      file,
      [
        'fraud_type,fraud_reason,phone',
        ...reasons.map((r) => `money_mule,"${r}",08031234567`),
      ].join('\n'),
    )
    expect((await run(['import', file, '--data-dir', dataDir])).code).toBe(EXIT.ok)
    registry.sandbox.setFaults([{ kind: 'latency', ms: 150, route: 'create' }])

    const sync = run(['sync', '--until-idle', '--data-dir', dataDir])
    const deadline = Date.now() + 10_000
    while ((await registryHolds(reasons)) === 0) {
      if (Date.now() > deadline) throw new Error('No report reached the registry.')
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    rmSync(dataDir, { recursive: true, force: true })
    const result = await sync

    expect(result.code).toBe(EXIT.usage)
    expect(result.stdout).not.toMatch(/Sent/)
    expect(result.stderr).toBe(
      `The data folder ${dataDir} was deleted, moved or replaced while Casefile was using it, so Casefile stopped: what it did since then is not recorded anywhere. ` +
        'Reports it sent before are on the registry (`casefile submissions --refresh` lists them). Put the folder back, or choose another, and run the command again.',
    )
    expect(result.stderr).not.toMatch(STACK_TRACE)
  })
})
