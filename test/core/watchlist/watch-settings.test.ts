// The watchlist's settings: the hour's budget (bounded, obeyed by the watcher, changed through
// the contract) and "watch our own reports' identifiers" (off by default; on: the reports
// already sent added once, later ones picked up, a removed item not added back, a draft never).
import { describe, expect, it, vi } from 'vitest'
import type { CoreContext } from '../../../src/core/core-context'
import { upsertOwnSubmission, markUnlisted } from '../../../src/core/cache/reports-cache'
import * as Drafts from '../../../src/core/drafts/drafts'
import { setReportStatus } from '../../../src/core/drafts/drafts-repository'
import type { Timers } from '../../../src/core/sync/timer-delay'
import { checkDue, HOUR_MS, watchTick } from '../../../src/core/watchlist/watch-check'
import { pickUpOwnReports } from '../../../src/core/watchlist/watch-own-reports'
import { runWatchlist } from '../../../src/core/watchlist/watch-runs'
import {
  changeWatchSettings,
  readWatchSettings,
  setHourlyBudget,
} from '../../../src/core/watchlist/watch-settings'
import { writeSetting } from '../../../src/core/watchlist/watch-store'
import * as Watchlist from '../../../src/core/watchlist/watchlist'
import { watchlistHandlers } from '../../../src/core/watchlist/watchlist-handlers'
import { watchlistContract } from '../../../src/shared/contracts/watchlist'
import type { ReportRecord } from '../../../src/shared/domain/responses'
import { DAY, MINUTE } from '../../support/memory-engine'
import { recordingTimers, watchCore } from '../../support/watch-core'

/** A report this folder wrote and the outbox sent: submitted, with its registry id. */
function sentReport(
  core: CoreContext,
  registryId: string,
  identifiers: { label: string; value: string }[],
) {
  const draft = Drafts.createDraft(core, { fraudType: 'money_mule', identifiers })
  setReportStatus(core.db, draft.localId, 'submitted', core.clock.now(), registryId)
  return draft
}

/** A report of ours sent from another computer, as Submissions saved it. */
function savedSubmission(
  core: CoreContext,
  id: string,
  identifiers: { label: string; value: string }[],
) {
  upsertOwnSubmission(
    core.db,
    {
      id,
      fraudType: 'hacker',
      fraudReason: 'Sent from another laptop of the organization, seen here in Submissions.',
      identifiers,
    } as unknown as ReportRecord,
    core.clock.now(),
  )
}

const watched = (core: CoreContext) =>
  Watchlist.listItems(core).map((i) => [i.type, i.value, i.note])

describe('the hourly budget', () => {
  it('is 120 by default, bounded 1 to 3,600, and a bad value changes nothing', () => {
    const { core } = watchCore('casefile-watch-settings-')
    expect(readWatchSettings(core)).toEqual({ hourlyBudget: 120, ownReports: false })
    for (const bad of [0, -5, 3601, 1.5, Number.NaN])
      expect(() => changeWatchSettings(core, { hourlyBudget: bad, ownReports: true })).toThrow(
        /Checks per hour is a whole number from 1 to 3,600 \(the default is 120\)/,
      )
    expect(readWatchSettings(core)).toEqual({ hourlyBudget: 120, ownReports: false })
    expect(() => setHourlyBudget(core, 0)).toThrow(Watchlist.WatchInputError)
    expect(changeWatchSettings(core, { hourlyBudget: 3600 }).settings.hourlyBudget).toBe(3600)
    expect(changeWatchSettings(core, { hourlyBudget: 1 }).settings.hourlyBudget).toBe(1)
    // One written out of bounds by hand is not obeyed: the default is.
    writeSetting(core.db, 'hourly_budget', '100000')
    expect(readWatchSettings(core).hourlyBudget).toBe(120)
  })

  it('paces the checks an hour / budget apart and caps checkDue at the budget', async () => {
    const { core, clock } = watchCore('casefile-watch-settings-')
    changeWatchSettings(core, { hourlyBudget: 4 })
    Watchlist.addNormalized(
      core,
      Array.from({ length: 10 }, (_, i) => ({ type: 'phone', value: `0803444000${i}` })),
      { random: () => 0 },
    )
    expect((await checkDue(core)).checked).toBe(4)
    expect((await watchTick(core)).waiting).toBe('budget')
    clock.advance(HOUR_MS + 1)
    expect((await watchTick(core)).checked).not.toBeNull()
    const next = await watchTick(core)
    expect(next.waiting).toBe('pace')
    expect(next.nextAt).toBe(clock.now() + 15 * MINUTE)
  })

  it('is read and changed through the contract, a bad value refused by its schema', async () => {
    const { core } = watchCore('casefile-watch-settings-')
    const handlers = watchlistHandlers(() => core)
    expect(await handlers.watchSettings(undefined)).toEqual({
      hourlyBudget: 120,
      ownReports: false,
    })
    expect(await handlers.watchSetSettings({ hourlyBudget: 60 })).toEqual({
      settings: { hourlyBudget: 60, ownReports: false },
      added: 0,
    })
    expect(watchlistContract.watchSetSettings.input.safeParse({ hourlyBudget: 0 }).success).toBe(
      false,
    )
    expect(watchlistContract.watchSetSettings.input.safeParse({}).success).toBe(true)
  })

  it("wakes the app's watcher, so a new budget sets the pace now", async () => {
    const { core, clock, registry } = watchCore('casefile-watch-settings-')
    const { timers, armed } = recordingTimers()
    changeWatchSettings(core, { hourlyBudget: 1 })
    Watchlist.addNormalized(
      core,
      [
        { type: 'bvn', value: '22234440100' },
        { type: 'bvn', value: '22234440101' },
      ],
      { random: () => 0 },
    )
    const watcher = runWatchlist(core, { timers })
    await vi.waitFor(() => expect(registry.callsTo('search').length).toBe(1))
    await vi.waitFor(() => expect(armed.length).toBe(1))
    clock.advance(MINUTE) // an hour's pace at 1 an hour; 1 s at 3,600
    await watchlistHandlers(() => core).watchSetSettings({ hourlyBudget: 3600 })
    await vi.waitFor(() => expect(registry.callsTo('search').length).toBe(2))
    await watcher.stop()
  })
})

describe("our own reports' identifiers, watched by default (optional)", () => {
  it('off by default: nothing of ours is added, at a tick or a check', async () => {
    const { core } = watchCore('casefile-watch-settings-')
    sentReport(core, 'r-ours-1', [{ label: 'phone', value: '08035550001' }])
    expect(pickUpOwnReports(core)).toEqual({ reports: 0, added: [] })
    await checkDue(core)
    expect(Watchlist.listItems(core)).toEqual([])
  })

  it('an identifier in two of our reports is watched once, with the first report’s note', () => {
    const { core } = watchCore('casefile-watch-settings-')
    sentReport(core, 'r-a', [{ label: 'phone', value: '08035550101' }])
    sentReport(core, 'r-b', [{ label: 'phone', value: '08035550101' }])
    expect(changeWatchSettings(core, { ownReports: true }).added).toBe(1)
    expect(watched(core)).toEqual([['phone', '08035550101', 'From our report r-a (Money mule)']])
  })

  it('on: adds the reports already sent (ours and Submissions’), once, spread over the day; not a draft, a queued or an unlisted one', () => {
    const { core, clock } = watchCore('casefile-watch-settings-')
    sentReport(core, 'r-ours-1', [
      { label: 'phone', value: '08035550001' },
      { label: 'email', value: 'mule@example.com' },
    ])
    savedSubmission(core, 'r-elsewhere', [
      { label: 'phone', value: '+234 803 555 0002' },
      // Masked by the registry, or of a type Casefile does not know: left out.
      { label: 'email', value: 'm***@example.com' },
      { label: 'pager', value: '12345' },
    ])
    Drafts.createDraft(core, { identifiers: [{ label: 'phone', value: '08035550003' }] })
    const queued = Drafts.createDraft(core, {
      identifiers: [{ label: 'phone', value: '08035550004' }],
    })
    setReportStatus(core.db, queued.localId, 'queued', clock.now())
    const unlisted = sentReport(core, 'r-ours-unlisted', [{ label: 'phone', value: '08035550005' }])
    setReportStatus(core.db, unlisted.localId, 'unlisted', clock.now())
    savedSubmission(core, 'r-elsewhere-unlisted', [{ label: 'phone', value: '08035550006' }])
    markUnlisted(core.db, 'r-elsewhere-unlisted', clock.now())
    // Sent from here, then unlisted by a colleague on another computer (Submissions saw it).
    sentReport(core, 'r-ours-unlisted-elsewhere', [{ label: 'phone', value: '08035550007' }])
    savedSubmission(core, 'r-ours-unlisted-elsewhere', [{ label: 'phone', value: '08035550007' }])
    markUnlisted(core.db, 'r-ours-unlisted-elsewhere', clock.now())

    const turned = changeWatchSettings(core, { ownReports: true }, { random: () => 0.5 })
    expect(turned).toEqual({ settings: { hourlyBudget: 120, ownReports: true }, added: 3 })
    expect(watched(core)).toEqual([
      ['phone', '08035550002', 'From our report r-elsewhere (Hacker / account takeover)'],
      ['phone', '08035550001', 'From our report r-ours-1 (Money mule)'],
      ['email', 'mule@example.com', 'From our report r-ours-1 (Money mule)'],
    ])
    // Several at once: their first checks spread over the period, not all now.
    for (const item of Watchlist.listItems(core))
      expect(Date.parse(item.nextCheckAt)).toBe(clock.now() + DAY / 2)
    // Turned on again: nothing is added twice.
    expect(changeWatchSettings(core, { ownReports: true }).added).toBe(0)
    expect(Watchlist.listItems(core)).toHaveLength(3)
  })

  it('picks up a report sent later, at the next tick, without reading the others again', async () => {
    const { core, clock } = watchCore('casefile-watch-settings-')
    sentReport(core, 'r-ours-1', [{ label: 'phone', value: '08035550011' }])
    changeWatchSettings(core, { ownReports: true })
    const draft = Drafts.createDraft(core, {
      fraudType: 'money_mule',
      identifiers: [{ label: 'phone', value: '08035550012' }],
    })
    expect(pickUpOwnReports(core).reports).toBe(0) // a draft: not sent
    setReportStatus(core.db, draft.localId, 'queued', clock.now())
    expect(pickUpOwnReports(core).reports).toBe(0) // in the outbox: not sent yet
    setReportStatus(core.db, draft.localId, 'submitted', clock.now(), 'r-ours-2')
    const picked = pickUpOwnReports(core)
    expect(picked.reports).toBe(1)
    // One alone is checked now.
    expect(picked.added.map((i) => [i.value, i.nextCheckAt])).toEqual([
      ['08035550012', new Date(clock.now()).toISOString()],
    ])
    expect(pickUpOwnReports(core)).toEqual({ reports: 0, added: [] })
  })

  it("the app's watcher picks up a report sent while it runs", async () => {
    const { core, clock, registry } = watchCore('casefile-watch-settings-')
    const armed: (() => void)[] = []
    const timers: Timers = {
      setTimeout: (callback) => armed.push(callback),
      clearTimeout: () => undefined,
      setInterval: () => 0,
      clearInterval: () => undefined,
    }
    changeWatchSettings(core, { ownReports: true })
    const watcher = runWatchlist(core, { timers })
    await vi.waitFor(() => expect(armed.length).toBe(1))
    sentReport(core, 'r-ours-3', [{ label: 'phone', value: '08035550021' }])
    clock.advance(MINUTE) // it looks for our new reports once a minute at most
    armed.shift()!() // the watcher's next step
    await vi.waitFor(() => expect(registry.callsTo('search').length).toBe(1))
    expect(watched(core)).toEqual([
      ['phone', '08035550021', 'From our report r-ours-3 (Money mule)'],
    ])
    await watcher.stop()
  })

  it('an item removed by hand is not added back, and off adds no more but keeps what was added', () => {
    const { core } = watchCore('casefile-watch-settings-')
    sentReport(core, 'r-ours-1', [
      { label: 'phone', value: '08035550031' },
      { label: 'phone', value: '08035550032' },
    ])
    changeWatchSettings(core, { ownReports: true })
    const [first] = Watchlist.listItems(core)
    Watchlist.removeItem(core, first!.id)
    expect(pickUpOwnReports(core).added).toEqual([])
    changeWatchSettings(core, { ownReports: false })
    changeWatchSettings(core, { ownReports: true })
    expect(watched(core).map(([, value]) => value)).toEqual(['08035550032'])

    changeWatchSettings(core, { ownReports: false })
    sentReport(core, 'r-ours-2', [{ label: 'phone', value: '08035550033' }])
    expect(pickUpOwnReports(core)).toEqual({ reports: 0, added: [] })
    expect(watched(core).map(([, value]) => value)).toEqual(['08035550032'])
    // On again: the report sent meanwhile is added then.
    expect(changeWatchSettings(core, { ownReports: true }).added).toBe(1)
  })
})
