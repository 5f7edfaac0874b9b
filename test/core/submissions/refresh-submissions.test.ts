import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  countOwnSubmissions,
  listOwnSubmissions,
} from '../../../src/core/submissions/own-submissions'
import { getCachedReport, upsertRegistryReports } from '../../../src/core/cache/reports-cache'
import { runSubmissionsRefresh } from '../../../src/core/submissions/refresh-submissions'
import { searchOffline, submissionsRefreshedAt } from '../../../src/core/search/offline-search'
import { type SubmissionsSource } from '../../../src/core/cache/registry-sources'
import { RegistryError } from '../../../src/core/registry-error'
import type { ReportRecord } from '../../../src/shared/domain/responses'
import {
  createReports,
  reportRecord,
  startTestRegistry,
  tempDatabase,
  type TestRegistry,
} from '../cache/cache-fixtures'

const HOUR = 60 * 60 * 1000

/** Submissions list requests the sandbox has answered so far. */
const listRequests = (registry: TestRegistry) =>
  registry.sandbox.faultState().counters.requests.submissions

describe('refreshSubmissions against the sandbox registry', () => {
  let registry: TestRegistry
  beforeAll(async () => {
    registry = await startTestRegistry()
    await createReports(registry, 1, 260)
  })
  afterAll(() => registry.stop())

  it('pages through all 260 submissions the first time', async () => {
    const db = tempDatabase()
    const now = registry.clock.now
    const before = listRequests(registry)
    const result = await runSubmissionsRefresh(db, registry.client, { now })
    expect(result).toMatchObject({
      mode: 'full',
      pages: 3,
      received: 260,
      written: 260,
      total: 260,
      markedUnlisted: 0,
    })
    expect(listRequests(registry) - before).toBe(3)
    expect(countOwnSubmissions(db)).toBe(260)
    expect(listOwnSubmissions(db, { offset: 0, limit: 1 })[0]?.record.fraudReason).toMatch(
      /^Report 260:/,
    )
    expect(submissionsRefreshedAt(db)).toBe(new Date(now).toISOString())
    // Every submission is now found offline by its identifier.
    const found = searchOffline(db, { identifier: 'phone', value: '0803 000 0137' })
    expect(found.reports.map((r) => r.fraudReason?.slice(0, 11))).toEqual(['Report 137:'])
    expect(found.asOf.submissions).toBe(new Date(now).toISOString())
    // Read again with nothing changed on the registry: nothing is new or changed.
    const again = await runSubmissionsRefresh(db, registry.client, { now, full: true })
    expect(again).toMatchObject({ mode: 'full', received: 260, written: 0 })
  })

  it('pages with a smaller page size to the same end', async () => {
    const db = tempDatabase()
    const result = await runSubmissionsRefresh(db, registry.client, {
      now: registry.clock.now,
      pageSize: 40,
    })
    expect(result).toMatchObject({ pages: 7, received: 260, total: 260 })
    expect(countOwnSubmissions(db)).toBe(260)
  })
})

describe('incremental refresh against the sandbox registry', () => {
  let registry: TestRegistry
  beforeAll(async () => {
    registry = await startTestRegistry()
    await createReports(registry, 1, 60)
  })
  afterAll(() => registry.stop())

  it('stops at the first page holding a report older than the cursor', async () => {
    const db = tempDatabase()
    const first = await runSubmissionsRefresh(db, registry.client, {
      now: registry.clock.now,
      pageSize: 10,
    })
    expect(first).toMatchObject({ mode: 'full', pages: 6, received: 60 })

    await createReports(registry, 1001, 25)
    registry.clock.now += HOUR
    const before = listRequests(registry)
    const second = await runSubmissionsRefresh(db, registry.client, {
      now: registry.clock.now,
      pageSize: 10,
    })
    // Pages 1 and 2 are all new; page 3 holds 5 new and 5 already known: the end.
    expect(second).toMatchObject({ mode: 'incremental', pages: 3, received: 30, total: 85 })
    expect(listRequests(registry) - before).toBe(3)
    expect(countOwnSubmissions(db)).toBe(85)
    expect(submissionsRefreshedAt(db)).toBe(new Date(registry.clock.now).toISOString())

    // Nothing new: one page is enough to know.
    registry.clock.now += HOUR
    const third = await runSubmissionsRefresh(db, registry.client, {
      now: registry.clock.now,
      pageSize: 10,
    })
    expect(third).toMatchObject({ mode: 'incremental', pages: 1 })
  })

  it('re-pages everything once a day (or as configured), which catches an old report unlisted', async () => {
    const db = tempDatabase()
    await runSubmissionsRefresh(db, registry.client, { now: registry.clock.now, pageSize: 50 })
    const oldest = listOwnSubmissions(db, { offset: 84, limit: 1 })[0]?.record
    expect(oldest?.fraudReason).toMatch(/^Report 1:/)
    registry.clock.now += 1000
    await registry.client.unlistReport(oldest!.id)

    registry.clock.now += HOUR
    const incremental = await runSubmissionsRefresh(db, registry.client, {
      now: registry.clock.now,
      pageSize: 50,
    })
    expect(incremental.mode).toBe('incremental')
    expect(getCachedReport(db, oldest!.id)?.record.listingStatus).toBe('listed')

    registry.clock.now += HOUR
    const configured = await runSubmissionsRefresh(db, registry.client, {
      now: registry.clock.now,
      pageSize: 50,
      fullRefreshEveryMs: 2 * HOUR,
    })
    expect(configured.mode).toBe('full')
    expect(getCachedReport(db, oldest!.id)?.record.listingStatus).toBe('unlisted')
    expect(searchOffline(db, { identifier: 'phone', value: '08030000001' }).reports).toEqual([])

    registry.clock.now += 25 * HOUR
    const daily = await runSubmissionsRefresh(db, registry.client, { now: registry.clock.now })
    expect(daily.mode).toBe('full')
    registry.clock.now += HOUR
    const forced = await runSubmissionsRefresh(db, registry.client, {
      now: registry.clock.now,
      full: true,
    })
    expect(forced.mode).toBe('full')
  })

  it('keeps the pages it read when a later page fails, and repeats the pass next time', async () => {
    const db = tempDatabase()
    const failingOnPage2: SubmissionsSource = {
      listSubmissions: (query, options) => {
        if (query.page === 2)
          registry.sandbox.setFaults([
            { kind: 'error', status: 503, route: 'submissions', count: 1 },
          ])
        return registry.client.listSubmissions(query, options)
      },
    }
    const failure = await runSubmissionsRefresh(db, failingOnPage2, {
      now: registry.clock.now,
      pageSize: 20,
    }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(RegistryError)
    expect((failure as RegistryError).kind).toBe('server')
    expect(countOwnSubmissions(db)).toBe(20)
    expect(submissionsRefreshedAt(db)).toBeUndefined()

    registry.sandbox.clearFaults()
    const retry = await runSubmissionsRefresh(db, registry.client, {
      now: registry.clock.now,
      pageSize: 20,
    })
    expect(retry).toMatchObject({ mode: 'full', received: 85 })
    expect(countOwnSubmissions(db)).toBe(85)
  })
})

/** A registry list in memory, newest first, for what the sandbox cannot be made to do. */
function listOf(records: ReportRecord[], options: { ignorePage?: boolean } = {}) {
  const calls: number[] = []
  const source: SubmissionsSource = {
    listSubmissions: async ({ page, limit }) => {
      calls.push(page)
      const start = options.ignorePage ? 0 : (page - 1) * limit
      return {
        data: records.slice(start, start + limit),
        meta: { total: records.length, page, limit },
      }
    },
  }
  return { source, calls }
}

describe('refreshSubmissions with a registry that misbehaves', () => {
  const T = Date.parse('2026-03-10T00:00:00.000Z')

  it('marks an own report the full list no longer has as unlisted', async () => {
    const db = tempDatabase()
    upsertRegistryReports(db, 'report', [reportRecord({ id: 'vanished' })], {
      own: true,
      seenAt: T - HOUR,
    })
    const { source } = listOf([reportRecord({ id: 'kept' })])
    const result = await runSubmissionsRefresh(db, source, { now: T })
    expect(result.markedUnlisted).toBe(1)
    expect(getCachedReport(db, 'vanished')?.record.listingStatus).toBe('unlisted')
    expect(getCachedReport(db, 'kept')?.record.listingStatus).toBe('listed')
  })

  it('stops when the registry ignores the page number, without claiming to be complete', async () => {
    const db = tempDatabase()
    const records = Array.from({ length: 30 }, (_, i) => reportRecord({ id: `r${i}` }))
    const { source, calls } = listOf(records, { ignorePage: true })
    const result = await runSubmissionsRefresh(db, source, { now: T, pageSize: 10 })
    expect(calls).toEqual([1, 2])
    expect(result.markedUnlisted).toBe(0)
    expect(submissionsRefreshedAt(db)).toBeUndefined()
  })

  it('copes with an empty list and with unreadable dates', async () => {
    const db = tempDatabase()
    const empty = await runSubmissionsRefresh(db, listOf([]).source, { now: T })
    expect(empty).toMatchObject({ mode: 'full', pages: 1, received: 0, total: 0 })
    const odd = [reportRecord({ id: 'odd', createdAt: 'n/a', updatedAt: 'n/a' })]
    await runSubmissionsRefresh(db, listOf(odd).source, { now: T + HOUR })
    expect(getCachedReport(db, 'odd')?.own).toBe(true)
  })
})
