// Two checkers on one data folder (the app's watcher and a scheduler's `casefile watch check`:
// two connections to one SQLite file): each item searched once, each alert raised once; a claim
// left by a killed process holds its item until it lapses; a check whose claim was taken over
// keeps nothing.
import { describe, expect, it, vi } from 'vitest'
import type { CoreContext } from '../../../src/core/core-context'
import { migrate } from '../../../src/core/store/migrations'
import { openDatabase, type Db } from '../../../src/core/store/open-database'
import { FolderClock } from '../../../src/core/sync/folder-clock'
import { runWatchlist } from '../../../src/core/watchlist/watch-runs'
import { checkDue, watchTick } from '../../../src/core/watchlist/watch-check'
import { checkItem } from '../../../src/core/watchlist/watch-check-item'
import { CLAIM_LEASE_MS, claimItem } from '../../../src/core/watchlist/watch-claims'
import { allItems, type AlertRow } from '../../../src/core/watchlist/watch-store'
import * as Watchlist from '../../../src/core/watchlist/watchlist'
import type { RegistryClient } from '../../../src/core/registry/registry-client'
import { MemoryRegistry } from '../../support/memory-registry'
import { DAY, reportInput } from '../../support/memory-engine'
import { tempStore } from '../../support/temp-store'
import { CoreKept } from '../../../src/core/core-kept'

// BVNs: one search a check (a phone is asked in each of its spellings), so searches count checks.
const phones = Array.from({ length: 12 }, (_, i) => `22${String(400_000_000 + i)}`)
const phoneReport = (phone: string, label: string) => ({
  ...reportInput(label),
  identifiers: [{ label: 'bvn' as const, value: phone }],
})

/** A clock that runs with real time (the watcher's timers are real here) and can be moved on. */
function runningClock(start = Date.UTC(2026, 0, 12, 9, 0, 0)) {
  const began = Date.now()
  let offset = start - began
  return {
    now: () => Date.now() + offset,
    advance(ms: number) {
      offset += ms
    },
  }
}

/**
 * One folder opened twice (two connections to its database, as two processes hold it), over one
 * in-memory registry whose searches take a few milliseconds, so the two cores' checks overlap.
 */
function sharedFolder() {
  const { db, dbPath } = tempStore('casefile-watch-claims-')
  migrate(db)
  const clock = runningClock()
  const registry = new MemoryRegistry({ now: () => clock.now(), laptop: clock })
  /** Search requests sent, per watched value. */
  const searched = new Map<string, number>()
  let hold: Promise<void> | null = null
  const coreOn = (connection: Db, delayMs: number, holdable: boolean) => {
    const client = {
      ...registry.client,
      quietUntil: () => 0,
      async searchReports(...args: Parameters<RegistryClient['searchReports']>) {
        const [input] = args
        searched.set(input.value, (searched.get(input.value) ?? 0) + 1)
        await new Promise((resolve) => setTimeout(resolve, delayMs))
        if (holdable && hold) await hold // the first core's search, held by the test
        return registry.client.searchReports(...args)
      },
    }
    return {
      db: connection,
      clock,
      folderClock: new FolderClock(connection, clock),
      client,
      reachability: { current: () => ({ state: 'online' }), onChange: () => () => undefined },
      kept: new CoreKept(),
    } as unknown as CoreContext
  }
  const first = coreOn(db, 1, true)
  const second = coreOn(openDatabase(dbPath), 2, false)
  return {
    first,
    second,
    clock,
    registry,
    searched,
    holdFirst(until: Promise<void>) {
      hold = until
    },
  }
}

type Folder = ReturnType<typeof sharedFolder>

/**
 * Every phone watched and checked once (what is on file kept, no alert), then another
 * organization files on four of them and two days pass: all twelve are due, four with a change.
 */
async function dueWithChanges(folder: Folder): Promise<Map<string, string>> {
  const { first, registry, clock, searched } = folder
  for (const phone of phones.slice(0, 6))
    registry.file(phoneReport(phone, 'on file'), { own: false })
  Watchlist.addNormalized(
    first,
    phones.map((value) => ({ type: 'bvn', value })),
    { random: () => 0 },
  )
  expect(await checkDue(first)).toMatchObject({ checked: 12, alerts: [] })
  const filed = new Map<string, string>()
  for (const phone of [phones[0], phones[3], phones[6], phones[9]] as string[])
    filed.set(phone, registry.file(phoneReport(phone, 'new'), { own: false }))
  clock.advance(2 * DAY)
  searched.clear()
  return filed
}

const alertPairs = (alerts: readonly AlertRow[]) =>
  alerts.map((a) => `${a.value} ${a.kind} ${a.report_id}`).sort()
const expectedPairs = (filed: Map<string, string>) =>
  [...filed].map(([phone, id]) => `${phone} new_report ${id}`).sort()

describe('two checkers on one folder', () => {
  it('two runs at once (two cores): every item searched once, every alert raised once', async () => {
    const folder = sharedFolder()
    const filed = await dueWithChanges(folder)
    const [a, b] = await Promise.all([checkDue(folder.first), checkDue(folder.second)])
    expect(a.checked).toBeGreaterThan(0)
    expect(b.checked).toBeGreaterThan(0)
    expect(a.checked + b.checked).toBe(12)
    expect([...folder.searched.values()]).toEqual(phones.map(() => 1))
    expect(folder.searched.size).toBe(12)
    expect(alertPairs([...a.alerts, ...b.alerts])).toEqual(expectedPairs(filed))
    expect(Watchlist.listAlerts(folder.first)).toHaveLength(4)
    expect(allItems(folder.first.db).filter((i) => i.claim_token !== null)).toEqual([])
  })

  it("the app's watcher and a scheduler's run at once: each item searched once, alerts once", async () => {
    const folder = sharedFolder()
    const filed = await dueWithChanges(folder)
    const roundStart = folder.clock.now()
    const fromWatcher: AlertRow[] = []
    const watcher = runWatchlist(folder.first, {
      budget: 3_600_000, // a check every millisecond: the pace is not the test
      onAlerts: (alerts) => fromWatcher.push(...alerts),
    })
    const run = await checkDue(folder.second)
    await vi.waitFor(() =>
      expect(allItems(folder.first.db).every((i) => (i.last_checked_at ?? 0) >= roundStart)).toBe(
        true,
      ),
    )
    await watcher.stop()
    expect(run.checked).toBeGreaterThan(0)
    expect(run.checked).toBeLessThan(12) // the watcher took some
    expect(folder.searched.size).toBe(12)
    expect([...folder.searched.values()]).toEqual(phones.map(() => 1))
    expect(alertPairs([...fromWatcher, ...run.alerts])).toEqual(expectedPairs(filed))
    expect(Watchlist.listAlerts(folder.first)).toHaveLength(4)
  })
})

describe('a folder another process keeps locked', () => {
  it('each check that cannot be kept is passed by and left due; the run ends, and the next one raises every alert once', async () => {
    const folder = sharedFolder()
    const { first, second, clock } = folder
    const filed = await dueWithChanges(folder)
    // The other process's write lock outlasts this one's patience (busy_timeout, 5 s in use).
    first.db.pragma('busy_timeout = 50')
    let answer = () => undefined as void
    folder.holdFirst(new Promise<void>((resolve) => (answer = resolve)))
    const running = checkDue(first)
    // The first item is claimed and its search in flight when the other process takes the lock.
    await vi.waitFor(() => expect(folder.searched.size).toBe(1))
    second.db.prepare('BEGIN IMMEDIATE').run()
    answer()
    const locked = await running
    expect(locked).toMatchObject({ checked: 0, alerts: [], stopped: null, remaining: 12, busy: 12 })
    second.db.prepare('ROLLBACK').run()
    first.db.pragma('busy_timeout = 5000')
    // Nothing of the locked run was kept: every item still due, never checked since.
    expect(allItems(first.db).every((i) => (i.last_checked_at ?? 0) < clock.now() - DAY)).toBe(true)

    const next = await checkDue(first)
    // The one whose claim could not be let go waits for its claim to lapse; the others now.
    expect(next).toMatchObject({ checked: 11, remaining: 0, busy: 0 })
    clock.advance(CLAIM_LEASE_MS + 1)
    const last = await checkDue(first)
    expect(last.checked).toBe(1)
    expect(alertPairs([...next.alerts, ...last.alerts])).toEqual(expectedPairs(filed))
    expect(Watchlist.listAlerts(first)).toHaveLength(4)
  })
})

describe('a claim', () => {
  it('left by a killed process holds its item until it lapses; then the item is searched', async () => {
    const folder = sharedFolder()
    const { first, second, clock, searched } = folder
    Watchlist.addIdentifier(first, 'bvn', phones[0] as string)
    const [item] = allItems(first.db)
    // The other process claimed it, then died before its search came back.
    expect(claimItem(second.db, item!, clock.now())).not.toBeNull()
    const lapsesAt = allItems(first.db)[0]?.claim_until
    expect(lapsesAt).toBeGreaterThanOrEqual(clock.now() + CLAIM_LEASE_MS - 100)
    expect(await checkDue(first, { all: true })).toMatchObject({ checked: 0 })
    const tick = await watchTick(first)
    expect(tick.checked).toBeNull()
    expect(tick.nextAt).toBe(lapsesAt) // the watcher sleeps until it lapses
    expect(searched.size).toBe(0)
    clock.advance(CLAIM_LEASE_MS)
    expect(await checkDue(first)).toMatchObject({ checked: 1 })
    expect(searched.get(phones[0] as string)).toBe(1)
    expect(allItems(first.db)[0]).toMatchObject({ claim_token: null, claim_until: null })
  })

  it('taken over after it lapsed: the late check keeps nothing, the alert is raised once', async () => {
    const folder = sharedFolder()
    const { first, second, clock, registry } = folder
    Watchlist.addIdentifier(first, 'bvn', phones[1] as string)
    await checkDue(first)
    const filed = registry.file(phoneReport(phones[1] as string, 'late'), { own: false })
    clock.advance(2 * DAY)
    folder.searched.clear()
    let release = () => undefined as void
    folder.holdFirst(new Promise<void>((resolve) => (release = resolve)))
    const [item] = allItems(first.db)
    const late = checkItem(first, item!) // its search hangs past the lease
    await vi.waitFor(() => expect(folder.searched.get(phones[1] as string)).toBe(1))
    clock.advance(CLAIM_LEASE_MS + 1)
    const taken = await checkDue(second)
    expect(taken.alerts.map((a) => a.report_id)).toEqual([filed])
    release()
    expect(await late).toEqual({ ok: false, passed: true })
    expect(Watchlist.listAlerts(first).map((a) => a.reportId)).toEqual([filed])
  })
})
