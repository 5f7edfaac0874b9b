import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { countOwnSubmissions } from '../../../src/core/submissions/own-submissions'
import { runSubmissionsRefresh } from '../../../src/core/submissions/refresh-submissions'
import * as Submissions from '../../../src/core/submissions/submissions'
import type { SubmissionsSource } from '../../../src/core/cache/registry-sources'
import { bulkCsv, bulkRowCells } from '../../../src/core/sync/bulk-file-of-reports'
import { RegistryError } from '../../../src/core/registry-error'
import { openDatabase } from '../../../src/core/store/open-database'
import { openTestCore } from '../../support/core-with-sandbox'
import {
  reportInput,
  startTestRegistry,
  tempDatabase,
  type TestRegistry,
} from '../cache/cache-fixtures'

/*
 * Issue 37: every opening of Submissions started a refresh beside the one running, and a full
 * pass that never reached its end (the list growing at its head while it was read, a failure
 * at page 140) kept every later refresh a full one: 240 pages each, for an organization of
 * 24,000 reports. 2,400 reports (24 pages of 100) here; bench:submissions prints 24,000.
 */

const REPORTS = 2_400
const PAGES = REPORTS / 100

/** Submissions list requests the sandbox has answered so far. */
const listRequests = (registry: TestRegistry) =>
  registry.sandbox.faultState().counters.requests.submissions

/** Files `count` reports through bulk files of up to 1,000 rows, a second apart. */
async function fileInBulk(registry: TestRegistry, from: number, count: number) {
  for (let start = 0; start < count; start += 1000) {
    registry.clock.now += 1000
    const rows = Array.from({ length: Math.min(1000, count - start) }, (_, i) => {
      const row = bulkRowCells(reportInput(from + start + i))
      if (!row.ok) throw new Error(row.message)
      return row.cells
    })
    const bytes = new TextEncoder().encode(bulkCsv(rows))
    const answer = await registry.client.bulkUpload({
      bytes,
      fileName: 'seed.csv',
      mimeType: 'text/csv',
    })
    expect(answer.failedUploads).toEqual([])
  }
}

describe('refreshing 2,400 submissions', () => {
  let registry: TestRegistry
  let next = 1
  beforeAll(async () => {
    registry = await startTestRegistry()
    await fileInBulk(registry, next, REPORTS)
    next += REPORTS
  }, 60_000)
  afterAll(() => registry.stop())

  it('starts one refresh for two openings of Submissions during a refresh', async () => {
    const core = openTestCore(registry.sandbox, {
      key: () => registry.sandbox.demoKeys[0]?.key,
      timeoutMs: 10_000,
    })
    try {
      const before = listRequests(registry)
      const opened = [Submissions.refreshSubmissions(core), Submissions.refreshSubmissions(core)]
      const [one, two] = await Promise.all(opened)
      expect(listRequests(registry) - before).toBe(PAGES)
      expect(one).toEqual(two)
      expect(Submissions.listSubmissions(core, { offset: 0, limit: 1 }).total).toBe(next - 1)
    } finally {
      await core.close()
    }
  })

  it('makes its first full pass to the end while the list grows, then reads at most 2 pages for what is new', async () => {
    const db = tempDatabase()
    // 150 reports filed while page 6 is asked for: the list moves by more than a page, and
    // page 6 holds only reports already read.
    let grown = false
    const growing: SubmissionsSource = {
      listSubmissions: async (query, options) => {
        if (query.page === 6 && !grown) {
          grown = true
          await fileInBulk(registry, next, 150)
          next += 150
        }
        return registry.client.listSubmissions(query, options)
      },
    }
    const first = await runSubmissionsRefresh(db, growing, { now: registry.clock.now })
    // The 150 came in at the head, already read: the next refresh's.
    expect(first.mode).toBe('full')
    expect(countOwnSubmissions(db)).toBe(next - 1 - 150)

    await fileInBulk(registry, next, 10)
    next += 10
    registry.clock.now += 60_000
    const before = listRequests(registry)
    const second = await runSubmissionsRefresh(db, registry.client, { now: registry.clock.now })
    expect(listRequests(registry) - before).toBeLessThanOrEqual(2)
    expect(second).toMatchObject({ mode: 'incremental', written: 160 })
    expect(countOwnSubmissions(db)).toBe(next - 1)

    // And 10 new alone: one page.
    await fileInBulk(registry, next, 10)
    next += 10
    registry.clock.now += 60_000
    const third = await runSubmissionsRefresh(db, registry.client, { now: registry.clock.now })
    expect(third).toMatchObject({ mode: 'incremental', pages: 1, written: 10 })
  })

  it('resumes an interrupted full pass where it stopped', async () => {
    const db = tempDatabase()
    const failingAt13: SubmissionsSource = {
      listSubmissions: async (query, options) => {
        if (query.page === 13)
          throw new RegistryError({
            kind: 'server',
            message: 'The registry is unavailable.',
            endpoint: 'GET /api/v1/external/reports/submissions',
            outcomeUnknown: false,
          })
        return registry.client.listSubmissions(query, options)
      },
    }
    const failed = await runSubmissionsRefresh(db, failingAt13, { now: registry.clock.now }).catch(
      (error: unknown) => error,
    )
    expect(failed).toBeInstanceOf(RegistryError)
    expect(countOwnSubmissions(db)).toBe(1200)

    registry.clock.now += 60_000
    const total = next - 1
    const before = listRequests(registry)
    const resumed = await runSubmissionsRefresh(db, registry.client, { now: registry.clock.now })
    // Page 1 (what is new at the head), then pages 13 to the end.
    const rest = Math.ceil(total / 100) - 12
    expect(listRequests(registry) - before).toBe(1 + rest)
    expect(resumed.mode).toBe('full')
    expect(countOwnSubmissions(db)).toBe(total)

    registry.clock.now += 60_000
    const after = await runSubmissionsRefresh(db, registry.client, { now: registry.clock.now })
    expect(after).toMatchObject({ mode: 'incremental', pages: 1 })
  })

  it('resumes where it stopped when the registry answers fewer reports a page than asked', async () => {
    const db = tempDatabase()
    registry.sandbox.setFaults([{ kind: 'page_limit', max: 50, route: 'submissions' }])
    try {
      const failingAt13: SubmissionsSource = {
        listSubmissions: async (query, options) => {
          if (query.page === 13)
            throw new RegistryError({
              kind: 'server',
              message: 'The registry is unavailable.',
              endpoint: 'GET /api/v1/external/reports/submissions',
              outcomeUnknown: false,
            })
          return registry.client.listSubmissions(query, options)
        },
      }
      await runSubmissionsRefresh(db, failingAt13, { now: registry.clock.now }).catch(() => null)
      expect(countOwnSubmissions(db)).toBe(12 * 50)
      registry.clock.now += 60_000
      const before = listRequests(registry)
      await runSubmissionsRefresh(db, registry.client, { now: registry.clock.now })
      // Pages of 50: page 1, then 13 to the end.
      expect(listRequests(registry) - before).toBe(1 + Math.ceil((next - 1) / 50) - 12)
      expect(countOwnSubmissions(db)).toBe(next - 1)
    } finally {
      registry.sandbox.clearFaults()
    }
  })

  it('makes a second process on the folder wait for the refresh running, then read a page', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'casefile-two-')), 'casefile.db')
    const app = openDatabase(path)
    const cli = openDatabase(path)
    const { refreshSubmissionsOnce } = await import('../../../src/core/submissions/refresh-flight')
    try {
      const now = registry.clock.now
      const before = listRequests(registry)
      const [first, second] = await Promise.all([
        refreshSubmissionsOnce(app, registry.client, { now }),
        refreshSubmissionsOnce(cli, registry.client, { now }),
      ])
      expect(listRequests(registry) - before).toBe(Math.ceil((next - 1) / 100) + 1)
      expect([first.mode, second.mode].sort()).toEqual(['full', 'incremental'])
    } finally {
      app.close()
      cli.close()
    }
  })
})
