import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useSandbox } from '../../support/use-sandbox'
import { importSpreadsheet } from '../../../src/core/import/import-spreadsheet'
import { chainOperations, loadOperation } from '../../../src/core/outbox/outbox-repository'
import { sendBulk } from '../../../src/core/sync/send-bulk'
import {
  closedPortUrl,
  openTestCore,
  submissionsWithReason,
  uniqueReason,
} from '../../support/core-with-sandbox'
import * as Banks from '../../../src/core/banks/banks'
import * as Outbox from '../../../src/core/outbox/outbox'
import * as Drafts from '../../../src/core/drafts/drafts'

/*
 * A bank cell may give the bank's name, slug or CBN code. With no bank list on this computer the
 * import fetches it first; without one, names and codes are refused with why. A bulk row the
 * registry created is never reported as failed.
 */

const registry = useSandbox()
const HEADER = 'fraud_type,fraud_reason,account_number_1,bank_1,phone'

function sheet(dir: string, rows: [reason: string, account: string, bank: string][]): string {
  const path = join(dir, 'banks.csv')
  writeFileSync(
    path,
    [
      HEADER,
      ...rows.map(([reason, account, bank]) => `money_mule,${reason},${account},${bank},`),
    ].join('\n'),
  )
  return path
}

describe('bank cells with no bank list on this computer', () => {
  it('--as-bulk: a bank given by code is created once, and the outbox says sent', async () => {
    const core = openTestCore(registry.sandbox, { key: () => registry.key })
    expect(Banks.banks(core)).toEqual([])
    const reason = uniqueReason('bulk-code')
    const outcome = await importSpreadsheet(
      core,
      { path: sheet(core.dataDir, [[reason, '0123456789', '044']]) },
      { asBulk: true },
    )
    expect(outcome.totals).toMatchObject({ queued: 1, rejected: 0 })
    await core.engine.runUntilIdle()
    expect(Outbox.outbox(core).counts.needs_attention).toBe(0)
    expect(Outbox.outbox(core).pending).toBe(0)
    const onRegistry = await submissionsWithReason(registry.sandbox, registry.key, reason)
    expect(onRegistry).toHaveLength(1)
    expect(Drafts.getReport(core, outcome.queued[0]!.localId!)).toMatchObject({
      status: 'submitted',
      registryId: onRegistry[0]!.id,
    })
    await core.close()
  })

  it('row by row: banks by name and by code are resolved against the list, fetched first', async () => {
    const core = openTestCore(registry.sandbox, { key: () => registry.key })
    const [byName, byCode] = [uniqueReason('bank-name'), uniqueReason('bank-code')]
    const outcome = await importSpreadsheet(core, {
      path: sheet(core.dataDir, [
        [byName, '0123456789', 'Access Bank'],
        [byCode, '0123456780', '058'],
      ]),
    })
    expect(outcome.rejected).toEqual([])
    expect(Banks.banks(core).length).toBeGreaterThan(0)
    const values = outcome.queued.map(
      (q) => Drafts.getReport(core, q.localId!).draft.identifiers[0]?.value,
    )
    expect(values).toEqual(['0123456789_access-bank', '0123456780_gtbank'])
    await core.close()
  })

  it('offline: names and codes are refused with why and how to fix; slugs are queued; no row is lost', async () => {
    const down = await closedPortUrl()
    const core = openTestCore(registry.sandbox, {
      key: () => registry.key,
      connection: { baseUrl: down, uploadUrl: down },
    })
    const outcome = await importSpreadsheet(core, {
      path: sheet(core.dataDir, [
        [uniqueReason('off-name'), '0123456789', 'Access Bank'],
        [uniqueReason('off-code'), '0123456789', '044'],
        [uniqueReason('off-slug'), '0123456789', 'access-bank'],
      ]),
    })
    expect(outcome.totals).toMatchObject({ queued: 1, rejected: 2 })
    for (const row of outcome.rejected)
      expect(row.errors[0]?.message).toMatch(
        /cannot be looked up: the bank list is not on this computer yet and could not be fetched .*Connect to the registry and import the file again/,
      )
    await core.close()
  })
})

describe('counting what a bulk upload sent', () => {
  it('says 120 reports were sent, not one item', async () => {
    const core = openTestCore(registry.sandbox, { key: () => registry.key })
    const rows = Array.from(
      { length: 120 },
      (_, i) =>
        [uniqueReason(`count-${i}`), String(1_000_000_000 + i), 'access-bank'] as [
          string,
          string,
          string,
        ],
    )
    const outcome = await importSpreadsheet(
      core,
      { path: sheet(core.dataDir, rows) },
      { asBulk: true },
    )
    expect(outcome.totals.queued).toBe(120)
    const summary = await core.engine.runUntilIdle()
    expect(summary).toMatchObject({ sent: 1, reports: 120, needsAttention: 0 })
    await core.close()
  })
})

describe('a bulk row the registry did not list as failed', () => {
  it('is never offered as failed: it waits, checked against the registry before any resend', async () => {
    const down = await closedPortUrl()
    const core = openTestCore(registry.sandbox, {
      key: () => registry.key,
      connection: { baseUrl: down, uploadUrl: down },
    })
    const outcome = await importSpreadsheet(
      core,
      { path: sheet(core.dataDir, [[uniqueReason('accepted'), '0123456789', 'access-bank']]) },
      { asBulk: true },
    )
    expect(outcome.bulkOperationIds).toHaveLength(1)
    // The registry answers "no failures" but its new report cannot be found (yet) among the submissions.
    const commit = await sendBulk(
      {
        db: core.db,
        now: () => Date.now(),
        registryClock: core.folderClock.registry,
        client: {
          bulkUpload: async () => ({ failedUploads: [] }),
          listSubmissions: async () => ({ data: [], meta: { page: 1, limit: 100, total: 0 } }),
          searchReports: async () => ({ reports: [], publicReports: [] }),
          decodeSubmission: async () => {
            throw new Error('not called')
          },
        } as never,
      },
      { ...loadOperation(core.db, outcome.bulkOperationIds[0]!), firstSentAt: 1_000 },
      new AbortController().signal,
      () => {},
    )
    core.db.transaction(() => commit())()
    const [create] = chainOperations(core.db, outcome.queued[0]!.localId!)
    expect(create).toMatchObject({
      kind: 'create_report',
      state: 'needs_attention',
      outcomeUnknown: true, // a retry reconciles first
      firstSentAt: 1_000, // from when the bulk file went, so the reconciliation finds it
      lastError: {
        message: expect.stringMatching(
          /The registry accepted this row, but its report was not found: all 1 page of your organization.s submissions were read, and a search by its account 0123456789_access-bank did not find it either/,
        ),
      },
    })
    await core.close()
  })
})
