import { describe, expect, it } from 'vitest'
import { useSandbox } from '../../support/use-sandbox'
import { closedPortUrl, openTestCore, uniqueReason } from '../../support/core-with-sandbox'
import * as Outbox from '../../../src/core/outbox/outbox'
import * as Banks from '../../../src/core/banks/banks'
import * as Submissions from '../../../src/core/submissions/submissions'
import * as Search from '../../../src/core/search/search'
import * as Drafts from '../../../src/core/drafts/drafts'
import * as Sync from '../../../src/core/sync/sync'

/* With the registry down: drafting, queueing and offline search all work, and nothing is lost. */

const registry = useSandbox()

describe('offline', () => {
  it('drafts, queues and searches from the cache while the registry is down, then sends once it is back', async () => {
    // Online first: the bank list, the submissions and one search are cached.
    const online = openTestCore(registry.sandbox, { key: () => registry.key })
    const dataDir = online.dataDir
    const reason = uniqueReason('offline-seed')
    const seeded = Outbox.submit(online, {
      fraudType: 'hacker',
      fraudReason: reason,
      identifiers: [{ label: 'email', value: 'mule@example.com' }],
    })
    expect(seeded.ok).toBe(true)
    await online.engine.runUntilIdle()
    await Banks.refreshBanks(online)
    await Submissions.refreshSubmissions(online)
    const searched = await Search.search(online, {
      identifier: 'account',
      value: '0123456789_access-bank',
    })
    expect(searched.source).toBe('online')
    await online.close()

    const down = await closedPortUrl()
    const offline = openTestCore(registry.sandbox, {
      dataDir,
      key: () => registry.key,
      connection: { baseUrl: down, uploadUrl: down },
    })
    // Drafting and queueing.
    const draft = Drafts.createDraft(offline, { fraudType: 'theft' })
    Drafts.saveDraft(offline, draft.localId, {
      fraudType: 'theft',
      fraudReason: uniqueReason('offline'),
      identifiers: [{ label: 'account', value: '2233445566_gtbank' }],
    })
    const queued = Outbox.queueReport(offline, draft.localId)
    expect(queued.ok).toBe(true)
    expect(
      Outbox.queueReport(
        offline,
        Drafts.createDraft(offline, {
          fraudReason: 'x',
          identifiers: [{ label: 'account', value: '2233445566_no-such-bank' }],
        }).localId,
      ),
    ).toMatchObject({
      ok: false,
      message: expect.stringMatching(/not in the bank list/), // the cached bank list still checks accounts
    })
    const run = await offline.engine.runOnce()
    expect(run.offline).toBe(true)
    expect(Outbox.outbox(offline).pending).toBe(1)
    // Offline search: own submissions by identifier, the stored search, reasons by full text, each saying how fresh.
    const own = await Search.search(
      offline,
      { identifier: 'email', value: 'MULE@example.com ' },
      { offline: false },
    )
    expect(own.source).toBe('offline')
    expect(own.reports.map((r) => r.fraudReason)).toContain(reason)
    expect(own.source === 'offline' && own.asOf.submissions).toBeTruthy()
    const stored = await Search.search(
      offline,
      { identifier: 'account', value: '0123456789_access-bank' },
      { offline: true },
    )
    expect(stored.asOf.search).toBe(searched.asOf.search)
    expect(stored.publicReports.length).toBe(searched.publicReports.length)
    expect(Search.searchReasons(offline, 'tricked phone').hits.length).toBeGreaterThan(0)
    expect(Banks.banks(offline).length).toBeGreaterThanOrEqual(25)
    await offline.close()

    // Back online: the queued report goes, once.
    // (The "down" registry stood in as another port, so another origin: the move is confirmed.)
    const back = openTestCore(registry.sandbox, {
      dataDir,
      key: () => registry.key,
      acceptOriginChange: true,
    })
    await back.engine.runUntilIdle()
    expect(Outbox.outbox(back).pending).toBe(0)
    expect(Drafts.getReport(back, draft.localId)).toMatchObject({
      status: 'submitted',
      registryId: expect.any(String),
    })
    await back.close()
  })
})

describe('coming back online', () => {
  it('sends what waited at once, without waiting for its backoff', async () => {
    const down = await closedPortUrl()
    const offline = openTestCore(registry.sandbox, {
      key: () => registry.key,
      connection: { baseUrl: down, uploadUrl: down },
      retryPolicy: { baseMs: 60_000, capMs: 60_000, unknownOutcomeFloorMs: 60_000 },
      random: () => 0.5, // a 30 s wait
    })
    const queued = Outbox.submit(offline, {
      fraudType: 'hacker',
      fraudReason: uniqueReason('online-again'),
      identifiers: [{ label: 'nin', value: '12345678901' }],
    })
    expect(queued.ok).toBe(true)
    await offline.engine.runOnce()
    const dataDir = offline.dataDir
    await offline.close()
    const online = openTestCore(registry.sandbox, {
      dataDir,
      key: () => registry.key,
      retryPolicy: { baseMs: 60_000, capMs: 60_000, unknownOutcomeFloorMs: 60_000 },
      // The "down" registry was another port, so another origin: moving the queue is confirmed.
      acceptOriginChange: true,
    })
    expect((await online.engine.runOnce()).sent).toBe(0) // still inside its backoff
    Sync.connectivityChanged(online, true)
    expect((await online.engine.runOnce()).sent).toBe(1)
    await online.close()
  })
})
