// The data folder deleted or replaced during a sync (issue 24, item 11): the engine notices at
// its next commit and stops, instead of sending the rest into a database nobody will open and
// saying it sent them.
import { copyFileSync, renameSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { DATABASE_FILE } from '../../../src/core/open-core'
import { FolderGoneError } from '../../../src/core/store/storage-failure'
import { inspector, openTestCore, uniqueReason } from '../../support/core-with-sandbox'
import { useSandbox } from '../../support/use-sandbox'
import * as Outbox from '../../../src/core/outbox/outbox'

const registry = useSandbox()
afterEach(() => registry.sandbox.clearFaults())

const REPORTS = 20

/** A core with REPORTS queued, syncing slowly (each create held 150 ms), and their reasons. */
function slowSync() {
  const core = openTestCore(registry.sandbox, { key: () => registry.key, concurrency: 2 })
  const reasons = Array.from({ length: REPORTS }, (_, i) => uniqueReason(`folder-gone-${i}`))
  const queued = Outbox.submitMany(
    core,
    reasons.map((fraudReason) => ({
      fraudType: 'money_mule',
      fraudReason,
      identifiers: [{ label: 'phone', value: '08031234567' }],
    })),
  )
  expect(queued.every((result) => result.ok)).toBe(true)
  registry.sandbox.setFaults([{ kind: 'latency', ms: 150, route: 'create' }])
  return { core, reasons, run: core.engine.runUntilIdle() }
}

/** How many of `reasons` the registry holds. */
async function sentOf(reasons: readonly string[]): Promise<number> {
  const client = inspector(registry.sandbox, registry.key)
  const wanted = new Set(reasons)
  let found = 0
  for (let page = 1; ; page++) {
    const { data, meta } = await client.listSubmissions({ page, limit: 100 })
    found += data.filter((record) => wanted.has(record.fraudReason ?? '')).length
    if (data.length === 0 || page * meta.limit >= meta.total) return found
  }
}

async function untilSomeSent(reasons: readonly string[]): Promise<void> {
  const deadline = Date.now() + 10_000
  while ((await sentOf(reasons)) === 0) {
    if (Date.now() > deadline) throw new Error('No report reached the registry.')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('the data folder taken away during a sync', () => {
  it('deleted: the sync stops with FolderGoneError and reports nothing as sent', async () => {
    const { core, reasons, run } = slowSync()
    const outcome = run.then(
      (summary) => ({ summary }),
      (error: unknown) => ({ error }),
    )
    await untilSomeSent(reasons)
    rmSync(core.dataDir, { recursive: true, force: true })
    const result = await outcome
    expect(result).toEqual({ error: expect.any(FolderGoneError) })
    expect((result as { error: Error }).error.message).toMatch(
      /^The data folder .+ was deleted, moved or replaced while Casefile was using it, so Casefile stopped/,
    )
    // It stopped sending: the rest never left.
    await new Promise((resolve) => setTimeout(resolve, 400))
    expect(await sentOf(reasons)).toBeLessThan(REPORTS)
    await core.close()
  })

  it('replaced by another file under the same name: noticed the same way', async () => {
    const { core, reasons, run } = slowSync()
    const outcome = run.then(
      (summary) => ({ summary }),
      (error: unknown) => ({ error }),
    )
    await untilSomeSent(reasons)
    // A copy put in its place (a backup restored, a sync tool's download): another file.
    const database = join(core.dataDir, DATABASE_FILE)
    copyFileSync(database, `${database}.copy`)
    renameSync(`${database}.copy`, database)
    expect(await outcome).toEqual({ error: expect.any(FolderGoneError) })
    await core.close()
  })

  it('a folder left in place is never taken for gone', async () => {
    const { core, reasons, run } = slowSync()
    registry.sandbox.clearFaults()
    const summary = await run
    expect(summary.reports).toBe(REPORTS)
    expect(await sentOf(reasons)).toBe(REPORTS)
    await core.close()
  })
})
