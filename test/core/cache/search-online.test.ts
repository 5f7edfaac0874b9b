import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  findStoredSearch,
  getCachedReport,
  refreshSubmissions,
  searchOffline,
  searchOnline,
} from '../../../src/core/cache'
import { createRegistryClient } from '../../../src/core/registry/registry-client'
import { RegistryError } from '../../../src/core/registry/registry-error'
import {
  closedPortUrl,
  reportInput,
  startTestRegistry,
  tempDatabase,
  type TestRegistry,
} from './cache-fixtures'

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
    expect(answer.asOf).toEqual({ search: '2026-03-05T12:00:00.000Z' })
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
    await refreshSubmissions(db, registry.client, { now: T1 })
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

    const invalid = await searchOnline(
      db,
      registry.client,
      { identifier: 'bvn', value: 'not a bvn' },
      T1,
    ).catch((e: unknown) => e)
    expect((invalid as RegistryError).kind).toBe('validation')
    expect(findStoredSearch(db, { identifier: 'bvn', value: 'not a bvn' })).toBeNull()
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
