import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findStoredSearch } from '../../../src/core/cache/searches-cache'
import { getCachedReport } from '../../../src/core/cache/reports-cache'
import { fetchAndSaveBanks } from '../../../src/core/banks/refresh-banks'
import { runSubmissionsRefresh } from '../../../src/core/submissions/refresh-submissions'
import { searchOffline } from '../../../src/core/search/offline-search'
import { searchOnline } from '../../../src/core/search/search-online'
import { SearchPlanError } from '../../../src/core/search/search-plan'
import { createRegistryClient } from '../../../src/core/registry/registry-client'
import { RegistryError } from '../../../src/core/registry-error'
import {
  closedPortUrl,
  reportInput,
  startTestRegistry,
  tempDatabase,
  type TestRegistry,
} from '../cache/cache-fixtures'

const T1 = Date.parse('2026-03-05T12:00:00.000Z')
const T2 = Date.parse('2026-03-06T12:00:00.000Z')
/** An identifier of a public report the sandbox seeds (pub-0001). */
const SEEDED_PHONE = { identifier: 'phone' as const, value: '0803 123 4567' }

describe('searchOnline against the sandbox registry', () => {
  let registry: TestRegistry
  let otherOrganizationReport: string
  beforeAll(async () => {
    registry = await startTestRegistry()
    const other = createRegistryClient(
      { baseUrl: registry.sandbox.baseUrl, uploadUrl: registry.sandbox.uploadUrl },
      { getApiKey: () => registry.sandbox.demoKeys[1]?.key },
    )
    otherOrganizationReport = (
      await other.createReport(
        reportInput(1, { identifiers: [{ label: 'bvn', value: '22212345678' }] }),
      )
    ).id
  })
  afterAll(() => registry.stop())

  /** The same registry seen through a client whose requests fail in the given way. */
  const clientWithTimeout = (timeoutMs: number) =>
    createRegistryClient(
      { baseUrl: registry.sandbox.baseUrl, uploadUrl: registry.sandbox.uploadUrl },
      { getApiKey: () => registry.sandbox.demoKeys[0]?.key, timeoutMs },
    )

  it('asks the registry with the value normalized, stores the answer, and says it is online', async () => {
    const db = tempDatabase()
    const answer = await searchOnline(db, registry.client, SEEDED_PHONE, T1)
    expect(answer.source).toBe('online')
    expect(answer.asOf).toEqual({
      search: '2026-03-05T12:00:00.000Z',
      outbox: '2026-03-05T12:00:00.000Z',
    })
    expect(answer.publicReports.map((r) => r.id)).toEqual(['pub-0001'])
    expect(findStoredSearch(db, SEEDED_PHONE)).toMatchObject({
      value: '08031234567',
      searchedAt: T1,
      publicReportIds: ['pub-0001'],
    })
    const offline = searchOffline(db, { identifier: 'phone', value: '08031234567' })
    expect(offline.publicReports).toEqual(answer.publicReports)
    // The seeded report also carries an account: found offline by it too.
    expect(
      searchOffline(db, { identifier: 'account', value: '0123456789_access-bank' }).publicReports,
    ).toHaveLength(1)
  })

  it("stores another organization's reports as not our own", async () => {
    const db = tempDatabase()
    const answer = await searchOnline(
      db,
      registry.client,
      { identifier: 'bvn', value: '222 1234 5678' },
      T1,
    )
    expect(answer.reports.map((r) => r.id)).toEqual([otherOrganizationReport])
    expect(getCachedReport(db, otherOrganizationReport)).toMatchObject({ own: false })
  })

  it('falls back to the cache when the registry cannot be reached, and says why and as of when', async () => {
    const db = tempDatabase()
    await searchOnline(db, registry.client, SEEDED_PHONE, T1)
    await runSubmissionsRefresh(db, registry.client, { now: T1 })
    const down = createRegistryClient(
      { baseUrl: await closedPortUrl(), uploadUrl: await closedPortUrl() },
      { getApiKey: () => 'any-key' },
    )
    const answer = await searchOnline(db, down, SEEDED_PHONE, T2)
    expect(answer.source).toBe('offline')
    if (answer.source !== 'offline') return
    expect(answer.offlineReason?.kind).toBe('offline')
    expect(answer.offlineReason?.message).toMatch(/cannot be reached/)
    expect(answer.publicReports.map((r) => r.id)).toEqual(['pub-0001'])
    expect(answer.asOf).toEqual({
      search: '2026-03-05T12:00:00.000Z',
      submissions: '2026-03-05T12:00:00.000Z',
      outbox: '2026-03-06T12:00:00.000Z',
    })
    // The stored search is not replaced by a failed one.
    expect(findStoredSearch(db, SEEDED_PHONE)?.searchedAt).toBe(T1)
  })

  it('falls back on a server error, a rate limit and a timeout', async () => {
    const db = tempDatabase()
    await searchOnline(db, registry.client, SEEDED_PHONE, T1)
    const cases = [
      { fault: { kind: 'error' as const, status: 503 as const }, kind: 'server', timeoutMs: 5000 },
      { fault: { kind: 'rate_limit' as const }, kind: 'rate_limited', timeoutMs: 5000 },
      { fault: { kind: 'latency' as const, ms: 2000 }, kind: 'timeout', timeoutMs: 150 },
    ]
    try {
      for (const { fault, kind, timeoutMs } of cases) {
        registry.sandbox.setFaults([{ ...fault, route: 'search', count: 1 }])
        const answer = await searchOnline(db, clientWithTimeout(timeoutMs), SEEDED_PHONE, T2)
        expect(answer.source, kind).toBe('offline')
        if (answer.source === 'offline') expect(answer.offlineReason?.kind).toBe(kind)
        expect(answer.publicReports.map((r) => r.id)).toEqual(['pub-0001'])
      }
    } finally {
      registry.sandbox.clearFaults()
    }
  })

  it('throws what the user must fix: a refused key, a refused value', async () => {
    const db = tempDatabase()
    const badKey = createRegistryClient(
      { baseUrl: registry.sandbox.baseUrl, uploadUrl: registry.sandbox.uploadUrl },
      { getApiKey: () => 'sbx_not-a-key' },
    )
    const refused = await searchOnline(db, badKey, SEEDED_PHONE, T1).catch((e: unknown) => e)
    expect(refused).toBeInstanceOf(RegistryError)
    expect((refused as RegistryError).kind).toBe('unauthorized')

    // A value that cannot be one is refused before anything is asked, in the same words.
    const invalid = await searchOnline(
      db,
      registry.client,
      { identifier: 'bvn', value: 'not a bvn' },
      T1,
    ).catch((e: unknown) => e)
    expect(invalid).toBeInstanceOf(SearchPlanError)
    expect((invalid as Error).message).toMatch(/BVN is 11 digits/)
    expect(findStoredSearch(db, { identifier: 'bvn', value: 'not a bvn' })).toBeNull()

    // The registry's own refusal of a value is thrown as it is.
    const refusing = {
      searchReports: async () => {
        throw new RegistryError({
          kind: 'validation',
          message: 'The search was not run: value is not allowed.',
          endpoint: 'POST /api/v1/external/reports/search',
          status: 400,
          outcomeUnknown: false,
        })
      },
    }
    const all = await searchOnline(db, refusing, SEEDED_PHONE, T1).catch((e: unknown) => e)
    expect((all as RegistryError).kind).toBe('validation')
  })

  it('searches a phone in every spelling the registry may hold, merged, each hit saying which', async () => {
    const db = tempDatabase()
    const other = createRegistryClient(
      { baseUrl: registry.sandbox.baseUrl, uploadUrl: registry.sandbox.uploadUrl },
      { getApiKey: () => registry.sandbox.demoKeys[1]?.key },
    )
    const ids: Record<string, string> = {}
    for (const [n, value] of [
      '08059990001',
      '+2348059990001',
      '2348059990001',
      '8059990001',
      '+23408059990001',
      '23408059990001',
      '002348059990001',
    ].entries())
      ids[value] = (
        await other.createReport(reportInput(900 + n, { identifiers: [{ label: 'phone', value }] }))
      ).id
    const answer = await searchOnline(
      db,
      registry.client,
      { identifier: 'phone', value: '+234 805 999 0001' },
      T1,
    )
    expect(answer.source).toBe('online')
    expect(answer.searched).toEqual([
      '08059990001',
      '+2348059990001',
      '2348059990001',
      '8059990001',
      '+23408059990001',
      '23408059990001',
      '002348059990001',
    ])
    expect(answer.reports.map((r) => r.id).sort()).toEqual(Object.values(ids).sort())
    for (const [value, id] of Object.entries(ids))
      expect(answer.matchedAs[`report:${id}`]).toEqual([value])
    // One stored search for the number, whichever spelling is searched offline later.
    expect(
      findStoredSearch(db, { identifier: 'phone', value: '8059990001' })?.reportIds.sort(),
    ).toEqual(Object.values(ids).sort())
    const offline = searchOffline(db, { identifier: 'phone', value: '2348059990001' })
    expect(offline.reports.map((r) => r.id).sort()).toEqual(Object.values(ids).sort())
    expect(offline.matchedAs[`report:${ids['+2348059990001']}`]).toEqual(['+2348059990001'])
  })

  it('finds the public report the registry holds as +234… when 080… is typed', async () => {
    const db = tempDatabase()
    const answer = await searchOnline(
      db,
      registry.client,
      { identifier: 'phone', value: '08051234567' },
      T1,
    )
    const found = answer.publicReports.find((r) =>
      r.identifiers?.some((i) => i.value === '+2348051234567'),
    )
    expect(found).toBeDefined()
    expect(answer.matchedAs[`public_report:${found?.id}`]).toEqual(['+2348051234567'])
  })

  it('passes over a spelling the registry refuses, and names it', async () => {
    const db = tempDatabase()
    const asked: string[] = []
    const picky = {
      searchReports: async ({ value }: { value: string }) => {
        asked.push(value)
        if (value === '8031234567')
          throw new RegistryError({
            kind: 'validation',
            message: 'value must be a phone number.',
            endpoint: 'POST /api/v1/external/reports/search',
            status: 400,
            outcomeUnknown: false,
          })
        return { reports: [], publicReports: [] }
      },
    }
    const answer = await searchOnline(db, picky, { identifier: 'phone', value: '08031234567' }, T1)
    expect(asked.sort()).toEqual(
      [
        '+2348031234567',
        '08031234567',
        '2348031234567',
        '8031234567',
        '+23408031234567',
        '23408031234567',
        '002348031234567',
      ].sort(),
    )
    expect(answer.source).toBe('online')
    if (answer.source !== 'online') return
    expect(answer.searched).toEqual([
      '08031234567',
      '+2348031234567',
      '2348031234567',
      '+23408031234567',
      '23408031234567',
      '002348031234567',
    ])
    expect(answer.refused).toEqual([
      { value: '8031234567', message: 'value must be a phone number.' },
    ])
  })

  it('searches an account number without its bank at each bank whose CBN code fits it', async () => {
    const db = tempDatabase()
    await expect(
      searchOnline(db, registry.client, { identifier: 'account', value: '0000014579' }, T1),
    ).rejects.toThrow(/bank list is not on this computer/)
    await fetchAndSaveBanks(db, registry.client, T1)
    // 0000014579 fits Access Bank (044), First Bank (011), UBA (033) and PalmPay (999991).
    const at = async (slug: string) =>
      (
        await registry.client.createReport(
          reportInput(950, { identifiers: [{ label: 'account', value: `0000014579_${slug}` }] }),
        )
      ).id
    const firstBank = await at('first-bank')
    const uba = await at('uba')
    await at('gtbank') // a bank whose code does not fit: not searched
    const answer = await searchOnline(
      db,
      registry.client,
      { identifier: 'account', value: '0000 014 579' },
      T1,
    )
    expect(answer.banks?.map((b) => b.slug)).toEqual([
      'access-bank',
      'first-bank',
      'uba',
      'palmpay',
    ])
    expect(answer.searched).toEqual([
      '0000014579_access-bank',
      '0000014579_first-bank',
      '0000014579_uba',
      '0000014579_palmpay',
    ])
    expect(answer.reports.map((r) => r.id).sort()).toEqual([firstBank, uba].sort())
    expect(answer.matchedAs[`report:${uba}`]).toEqual(['0000014579_uba'])
    // Each bank's search is kept as its own, so a later search with the bank finds it offline.
    expect(
      findStoredSearch(db, { identifier: 'account', value: '0000014579_uba' })?.reportIds,
    ).toEqual([uba])
    const offline = searchOffline(db, { identifier: 'account', value: '0000014579' })
    expect(offline.reports.map((r) => r.id).sort()).toEqual([firstBank, uba].sort())
    expect(offline.banks).toHaveLength(4)
  })

  it('does not hide an error that is not the registry’s', async () => {
    const db = tempDatabase()
    const broken = {
      searchReports: async () => {
        throw new TypeError('a bug')
      },
    }
    await expect(searchOnline(db, broken, SEEDED_PHONE, T1)).rejects.toThrow(TypeError)
  })
})
