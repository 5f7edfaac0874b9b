import { describe, expect, it } from 'vitest'
import { useSandbox } from '../../support/use-sandbox'
import { closedPortUrl, openTestCore, uniqueReason } from '../../support/core-with-sandbox'

/* With the registry down: drafting, queueing and offline search all work, and nothing is lost. */

const registry = useSandbox()

describe('offline', () => {
  it('drafts, queues and searches from the cache while the registry is down, then sends once it is back', async () => {
    // Online first: the bank list, the submissions and one search are cached.
    const online = openTestCore(registry.sandbox, { key: () => registry.key })
    const dataDir = online.dataDir
    const reason = uniqueReason('offline-seed')
    const seeded = online.submit({
      fraudType: 'hacker',
      fraudReason: reason,
      identifiers: [{ label: 'email', value: 'mule@example.com' }],
    })
    expect(seeded.ok).toBe(true)
    await online.engine.runUntilIdle()
    await online.refreshBanks()
    await online.refreshSubmissions()
    const searched = await online.search({ identifier: 'account', value: '0123456789_access-bank' })
    expect(searched.source).toBe('online')
    await online.close()

    const down = await closedPortUrl()
    const offline = openTestCore(registry.sandbox, {
      dataDir,
      key: () => registry.key,
      connection: { baseUrl: down, uploadUrl: down },
    })
    // Drafting and queueing.
    const draft = offline.createDraft({ fraudType: 'theft' })
    offline.saveDraft(draft.localId, {
      fraudType: 'theft',
      fraudReason: uniqueReason('offline'),
      identifiers: [{ label: 'account', value: '2233445566_gtbank' }],
    })
    const queued = offline.queueReport(draft.localId)
    expect(queued.ok).toBe(true)
    expect(
      offline.queueReport(
        offline.createDraft({
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
    expect(offline.outbox().pending).toBe(1)
    // Offline search: own submissions by identifier, the stored search, reasons by full text, each saying how fresh.
    const own = await offline.search(
      { identifier: 'email', value: 'MULE@example.com ' },
      { offline: false },
    )
    expect(own.source).toBe('offline')
    expect(own.reports.map((r) => r.fraudReason)).toContain(reason)
    expect(own.source === 'offline' && own.asOf.submissions).toBeTruthy()
    const stored = await offline.search(
      { identifier: 'account', value: '0123456789_access-bank' },
      { offline: true },
    )
    expect(stored.asOf.search).toBe(searched.asOf.search)
    expect(stored.publicReports.length).toBe(searched.publicReports.length)
    expect(offline.searchReasons('tricked phone').hits.length).toBeGreaterThan(0)
    expect(offline.banks().length).toBeGreaterThanOrEqual(25)
    await offline.close()

    // Back online: the queued report goes, once.
    // (The "down" registry stood in as another port, so another origin: the move is confirmed.)
    const back = openTestCore(registry.sandbox, {
      dataDir,
      key: () => registry.key,
      acceptOriginChange: true,
    })
    await back.engine.runUntilIdle()
    expect(back.outbox().pending).toBe(0)
    expect(back.getReport(draft.localId)).toMatchObject({
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
    const queued = offline.submit({
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
    online.connectivityChanged(true)
    expect((await online.engine.runOnce()).sent).toBe(1)
    await online.close()
  })
})
