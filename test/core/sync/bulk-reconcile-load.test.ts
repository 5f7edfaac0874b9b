import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useSandbox } from '../../support/use-sandbox'
import { importSpreadsheet } from '../../../src/core/import/import-spreadsheet'
import * as Outbox from '../../../src/core/outbox/outbox'
import { inspector, openTestCore } from '../../support/core-with-sandbox'

/*
 * Issue 37: a 20,000-row bulk import (40 files of 500, up to 16 in flight) left 5,360 rows in
 * needs attention although the registry held every row: after each file the reconciliation
 * read at most 50 pages of the newest submissions, and the files sent beside it had filled
 * them. Scaled down here: 4,000 rows in 8 files, a registry that answers 20 reports a page
 * (50 pages are then 1,000 reports, two files), the files held a little so several are in
 * flight at once.
 */

const registry = useSandbox()
const ROWS = 4_000

function spreadsheet(dir: string, tag: string): string {
  const path = join(dir, 'bulk.csv')
  const lines = ['fraud_type,fraud_reason,account_number_1,bank_1']
  for (let i = 0; i < ROWS; i++)
    lines.push(
      `money_mule,Case ${tag}-${i}: the customer was tricked into sending money to a fake agent over the phone.,${String(3_000_000_000 + i)},access-bank`,
    )
  writeFileSync(path, lines.join('\n'))
  return path
}

/** Every report of the organization whose reason names `tag`, by reason. */
async function onRegistry(tag: string): Promise<Map<string, number>> {
  const client = inspector(registry.sandbox, registry.key)
  const counts = new Map<string, number>()
  for (let page = 1; ; page++) {
    const { data, meta } = await client.listSubmissions({ page, limit: 100 })
    for (const record of data)
      if (record.fraudReason?.includes(`Case ${tag}-`))
        counts.set(record.fraudReason, (counts.get(record.fraudReason) ?? 0) + 1)
    if (data.length === 0 || page * meta.limit >= meta.total) break
  }
  return counts
}

describe('a bulk import in many files with several in flight', () => {
  it('ends with no row in needs attention and every row once on the registry', async () => {
    const core = openTestCore(registry.sandbox, {
      key: () => registry.key,
      timeoutMs: 20_000,
      uploadTimeoutMs: 20_000,
    })
    const tag = `load${Date.now()}`
    try {
      const outcome = await importSpreadsheet(
        core,
        { path: spreadsheet(core.dataDir, tag) },
        { asBulk: true },
      )
      expect(outcome.totals.queued).toBe(ROWS)
      expect(outcome.bulkOperationIds).toHaveLength(ROWS / 500)
      registry.sandbox.setFaults([
        { kind: 'page_limit', max: 20, route: 'submissions' },
        { kind: 'latency', ms: 400, route: 'bulk' },
      ])
      await core.engine.runUntilIdle()
      registry.sandbox.clearFaults()

      const counts = Outbox.outbox(core).counts
      expect(counts.needs_attention).toBe(0)
      expect(Outbox.outbox(core).pending).toBe(0)
      const filed = await onRegistry(tag)
      expect(filed.size).toBe(ROWS)
      expect([...filed.values()].every((n) => n === 1)).toBe(true)
    } finally {
      registry.sandbox.clearFaults()
      await core.close()
    }
  }, 60_000)
})
