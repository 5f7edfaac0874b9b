// A screening job against the sandbox registry, with a proxy counting the searches it passes:
// one search per distinct identifier, the cache's answers at once, a 429 that holds the job's
// searches and the outbox's sends alike, and a registry gone and back.
import { registryQuietUntil } from '../../../src/core/search/polite-search'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Core } from '../../../src/core/open-core'
import { refreshBanks } from '../../../src/core/banks/banks'
import * as Outbox from '../../../src/core/outbox/outbox'
import * as Screening from '../../../src/core/screening/screening'
import { runJob } from '../../../src/core/screening/screening-runner'
import { onJobFinished, runOpenJobs } from '../../../src/core/screening/screening-runs'
import { storeSearchResult } from '../../../src/core/cache/searches-cache'
import { inspector, openTestCore, uniqueReason } from '../../support/core-with-sandbox'
import { startCountingProxy, type CountingProxy } from '../../support/counting-proxy'
import { useSandbox } from '../../support/use-sandbox'
import { tempFolder } from '../../cli/cli-harness'

const registry = useSandbox()
let proxy: CountingProxy
const cores: Core[] = []

beforeAll(async () => {
  proxy = await startCountingProxy(registry.sandbox)
  // A report of the other organization on a phone and an account, for the list to hit.
  await inspector(registry.sandbox, registry.otherKey).createReport({
    fraudType: 'money_mule',
    fraudReason: uniqueReason('screening'),
    identifiers: [
      { label: 'phone', value: '08091112222' },
      { label: 'account', value: '0000014579_access-bank' },
    ],
    attachments: [],
    showUploaderInfo: true,
  })
})
afterAll(() => proxy.stop())
afterEach(async () => {
  registry.sandbox.clearFaults()
  for (const core of cores.splice(0)) await core.close(0)
})

async function core(): Promise<Core> {
  const opened = openTestCore(proxy, { key: () => registry.key, timeoutMs: 2000 })
  cores.push(opened)
  await refreshBanks(opened)
  return opened
}

function csv(lines: string[]): string {
  const path = join(tempFolder('casefile-screen-'), 'list.csv')
  writeFileSync(path, `${lines.join('\n')}\n`)
  return path
}

const LIST = [
  'Customer,Acct No,Bank Name,Mobile,E-mail',
  'Ada Obi,000014579,044,+234 809 111 2222,ADA@EXAMPLE.COM',
  'Ada Obi again,0000014579,Access Bank,08091112222,',
  'Someone,0123456789,gtbank,0809-111-2222,someone@example.com',
  'Broken,12345,Bank of Atlantis,8.03123E+09,not an email',
]

describe('a screening job', () => {
  it('reads every spelling as one identifier, searches each once (a phone in its spellings), and answers every row', async () => {
    const casefile = await core()
    const before = proxy.searches.length
    const job = await Screening.startScreening(casefile, {
      kind: 'table',
      fileName: 'list.csv',
      table: { path: csv(LIST) },
    })
    const outcome = await runJob(casefile, job, { rate: Infinity })
    expect(outcome.state).toBe('done')
    const values = proxy.searches.slice(before).map((s) => s.value)
    // Row 2 and 3 are one account and one phone; row 4 the same phone again. The phone is asked
    // in each of its spellings (another bank may have written it +234…), each once.
    expect(values.sort()).toEqual(
      [
        '0000014579_access-bank',
        '0123456789_gtbank',
        '08091112222',
        '+2348091112222',
        '2348091112222',
        '8091112222',
        '+23408091112222',
        '23408091112222',
        '002348091112222',
        'ada@example.com',
        // As the row typed it too: the registry matches exactly (issue 36).
        'ADA@EXAMPLE.COM',
        'someone@example.com',
      ].sort(),
    )
    const view = Screening.showJob(casefile, job)
    expect(view.totals).toEqual({
      rows: 4,
      identifiers: 5,
      searched: 5,
      hits: 3,
      unchecked: 1,
      clean: 0,
      partly: 0,
      notChecked: 0,
      unread: 1,
    })
    const row2 = view.hits.filter((hit) => hit.row === 2)
    expect(row2.map((hit) => [hit.type, hit.matchedAs])).toEqual([
      ['account', 'normalized'],
      ['phone', 'normalized'],
    ])
    expect(view.hits.find((hit) => hit.row === 3 && hit.type === 'phone')?.matchedAs).toBe('exact')
    expect(row2[0]?.reports[0]).toMatchObject({ fraudType: 'money_mule', listingStatus: 'listed' })
    // Row 5: nothing could be read, and every cell says why, where.
    expect(view.problems.map((p) => [p.row, p.cell])).toEqual([
      [5, 'C5'],
      [5, 'D5'],
      [5, 'E5'],
    ])
    expect(view.unchecked).toEqual([
      { row: 5, outcome: 'unread', reason: expect.stringMatching(/^Could not read\. 3 cells/) },
    ])
  })

  it("keeps the registry's answers in transactions without a disk sync of their own", async () => {
    const casefile = await core()
    // Each write of a stored search, seen from inside SQLite: its connection's synchronous
    // level (2 FULL, 1 NORMAL) and whether it is part of a transaction.
    const writes: [number, boolean][] = []
    casefile.db.function('seen_write', (level) => {
      writes.push([Number(level), casefile.db.inTransaction])
      return 0
    })
    for (const event of ['INSERT', 'UPDATE'])
      casefile.db.exec(`CREATE TEMP TRIGGER seen_search_${event} AFTER ${event} ON cached_searches
        BEGIN SELECT seen_write((SELECT synchronous FROM pragma_synchronous)); END`)
    const job = await Screening.startScreening(casefile, {
      kind: 'table',
      fileName: 'list.csv',
      table: { path: csv(LIST) },
    })
    expect((await runJob(casefile, job, { rate: Infinity })).state).toBe('done')
    // One stored search for each identifier searched (its spellings are one), none a commit
    // of its own with the folder's full sync (a sync per identifier screened).
    expect(writes.length).toBeGreaterThanOrEqual(5)
    expect(writes.filter(([level, inTransaction]) => level !== 1 || !inTransaction)).toEqual([])
  })

  it('matches against the cache at once, as of the stored search, and --offline sends nothing', async () => {
    const casefile = await core()
    storeSearchResult(
      casefile.db,
      { identifier: 'email', value: 'someone@example.com' },
      { reports: [], publicReports: [] },
      Date.parse('2026-01-02T03:04:05Z'),
    )
    const before = proxy.searches.length
    const job = await Screening.startScreening(
      casefile,
      { kind: 'list', fileName: 'pasted', text: 'someone@example.com\nnew@example.com\n' },
      { offline: true },
    )
    expect(proxy.searches.length).toBe(before)
    const view = Screening.showJob(casefile, job)
    expect(view.state).toBe('paused')
    expect(view.totals).toMatchObject({
      rows: 2,
      identifiers: 2,
      searched: 0,
      hits: 0,
      unchecked: 1,
    })
    expect(view.unchecked).toEqual([
      { row: 2, outcome: 'unchecked', reason: expect.stringMatching(/not searched/) },
    ])
  })

  it('finds a report another bank filed under another spelling of a phone (+234…)', async () => {
    const casefile = await core()
    await inspector(registry.sandbox, registry.otherKey).createReport({
      fraudType: 'money_mule',
      fraudReason: uniqueReason('screening +234'),
      identifiers: [{ label: 'phone', value: '+2348097770001' }],
      attachments: [],
      showUploaderInfo: true,
    })
    const job = await Screening.startScreening(casefile, {
      kind: 'table',
      fileName: 'intl.csv',
      table: { path: csv(['Name,Phone', 'Ada,0809 777 0001', 'Bola,0809 777 0002']) },
    })
    expect((await runJob(casefile, job, { rate: Infinity })).state).toBe('done')
    const view = Screening.showJob(casefile, job)
    expect(view.totals).toMatchObject({ rows: 2, hits: 1 })
    expect(view.hits.map((hit) => [hit.row, hit.value])).toEqual([[2, '08097770001']])
  })

  it("a 429's Retry-After holds every search and the outbox's sends; nothing else is sent inside it", async () => {
    const casefile = await core()
    registry.sandbox.setFaults([
      { kind: 'rate_limit', route: 'search', count: 1, retryAfterSeconds: 2 },
    ])
    const lines = ['email', ...Array.from({ length: 12 }, (_, i) => `quiet${i}@example.com`)]
    const job = await Screening.startScreening(casefile, {
      kind: 'table',
      fileName: 'q.csv',
      table: { path: csv(lines) },
    })
    const from = proxy.requests.length
    const running = runJob(casefile, job, { rate: Infinity, concurrency: 1 })
    // The 429 arrives first; a report queued during the quiet must wait for it too. Queued once
    // this core has the 429 (not when the proxy has answered it: a send already on its way when
    // the answer comes is no send inside the quiet, and a loaded machine may take that long).
    while (!proxy.searches.some((s) => s.status === 429))
      await new Promise((r) => setTimeout(r, 10))
    const seen = Date.now()
    while (registryQuietUntil(casefile) <= casefile.clock.now() && Date.now() - seen < 1000)
      await new Promise((r) => setTimeout(r, 10))
    Outbox.submit(casefile, {
      fraudType: 'hacker',
      fraudReason: uniqueReason('quiet'),
      identifiers: [{ label: 'email', value: 'quiet0@example.com' }],
    })
    await casefile.engine.runOnce()
    expect((await running).state).toBe('done')
    const refused = proxy.searches.find((s) => s.status === 429)
    const quietEnd = (refused?.endedAt ?? 0) + 2000
    const inside = proxy.requests
      .slice(from)
      .filter((r) => r.startedAt > (refused?.endedAt ?? 0) && r.startedAt < quietEnd - 50)
    expect(inside).toEqual([])
    expect(Screening.showJob(casefile, job).totals).toMatchObject({
      identifiers: 12,
      searched: 12,
      unchecked: 0,
    })
  })

  it('waits while the registry is gone and goes on when it is back, each identifier answered once', async () => {
    const casefile = await core()
    const lines = ['phone', '08031230001', '08031230002', '08031230003']
    const job = await Screening.startScreening(casefile, {
      kind: 'table',
      fileName: 'o.csv',
      table: { path: csv(lines) },
    })
    await proxy.down()
    const waits: string[] = []
    const running = runJob(casefile, job, {
      rate: Infinity,
      onProgress: ({ waiting }) => waiting && waits.push(waiting.reason),
    })
    while (waits.length === 0) await new Promise((r) => setTimeout(r, 20))
    expect(Screening.showJob(casefile, job).totals.unchecked).toBe(3)
    await proxy.up()
    expect((await running).state).toBe('done')
    expect(waits[0]).toMatch(/cannot be reached/)
    const answered = proxy.searches.filter(
      (s) => s.status === 200 && s.value.startsWith('0803123000'),
    )
    expect(answered.map((s) => s.value).sort()).toEqual([
      '08031230001',
      '08031230002',
      '08031230003',
    ])
  })

  it("the app's hook runs a job left open in the background, and a pause stops it", async () => {
    const casefile = await core()
    const lines = ['email', ...Array.from({ length: 6 }, (_, i) => `hook${i}@example.com`)]
    const job = await Screening.startScreening(casefile, {
      kind: 'table',
      fileName: 'h.csv',
      table: { path: csv(lines) },
    })
    const finished: number[] = []
    const offFinished = onJobFinished(casefile, (id) => finished.push(id))
    const hook = runOpenJobs(casefile)
    expect(Screening.jobView(casefile, job).running).toBe(true)
    while (Screening.jobView(casefile, job).state !== 'done')
      await new Promise((r) => setTimeout(r, 20))
    expect(Screening.jobView(casefile, job).totals).toMatchObject({ searched: 6, unchecked: 0 })
    // Its end is told once (the app core makes it a notification), after the job is done.
    await expect.poll(() => finished).toEqual([job])
    offFinished()
    const second = await Screening.startScreening(casefile, {
      kind: 'list',
      fileName: 'p',
      text: 'hook9@example.com',
    })
    Screening.reopenJob(casefile, second, { rate: 0.5, background: true })
    expect((await Screening.pauseJob(casefile, second)).state).toBe('paused')
    await hook.stop()
  })
})
