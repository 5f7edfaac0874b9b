// The watchlist on a driven clock over the in-memory registry: alerts at the next due check,
// unlist and update, a dismissed alert coming back, the budget and spread over a day, a
// Retry-After holding it, and three days offline caught up within the budget.
import { describe, expect, it, vi } from 'vitest'
import * as Watchlist from '../../../src/core/watchlist/watchlist'
import { addFromReport } from '../../../src/core/watchlist/watch-sources'
import { upsertOwnSubmission } from '../../../src/core/cache/reports-cache'
import type { ReportRecord } from '../../../src/shared/domain/responses'
import * as Drafts from '../../../src/core/drafts/drafts'
import { runWatchlist } from '../../../src/core/watchlist/watch-runs'
import { watchlistHandlers } from '../../../src/core/watchlist/watchlist-handlers'
import { checkDue, watchTick, HOUR_MS } from '../../../src/core/watchlist/watch-check'
import { alertEvents } from '../../../src/core/watchlist/watch-store'
import { DAY, MINUTE, reportInput } from '../../support/memory-engine'
import { recordingTimers, watchCore } from '../../support/watch-core'

const phoneReport = (phone: string, label = 'watch') => ({
  ...reportInput(label),
  identifiers: [{ label: 'phone' as const, value: phone }],
})

/** Runs the app's watcher loop on the driven clock until `until`. */
async function runUntil(setup: ReturnType<typeof watchCore>, until: number, budget?: number) {
  const times: number[] = []
  for (;;) {
    const tick = await watchTick(setup.core, { budget, random: () => 0 })
    if (tick.checked && !tick.failure) times.push(setup.clock.now())
    const next = tick.nextAt ?? until
    if (next >= until) break
    if (next > setup.clock.now()) setup.clock.set(next)
  }
  setup.clock.set(until)
  return times
}

describe('what changed becomes an alert', () => {
  it('a report filed by another organization on a watched phone is an alert at the next due check', async () => {
    const setup = watchCore()
    const { core, clock, registry } = setup
    registry.file(phoneReport('08031110001', 'on file'), { own: false })
    Watchlist.addIdentifier(core, 'phone', '+234 803 111 0001')
    expect(Watchlist.listItems(core)[0]?.value).toBe('08031110001')
    const first = await checkDue(core)
    expect(first).toMatchObject({ checked: 1, alerts: [] }) // what is on file: no alert
    const filed = registry.file(phoneReport('08031110001', 'new'), { own: false })
    clock.advance(HOUR_MS)
    expect((await checkDue(core)).checked).toBe(0) // not due yet
    clock.advance(DAY + 2 * HOUR_MS) // one period (or up to 5 % sooner) after the first check
    const second = await checkDue(core)
    expect(second.alerts.map((a) => [a.kind, a.report_id])).toEqual([['new_report', filed]])
  })

  it('a phone is searched in each spelling: a report filed under +234… is an alert too', async () => {
    const { core, clock, registry } = watchCore()
    Watchlist.addIdentifier(core, 'phone', '0803 111 0010')
    expect(await checkDue(core)).toMatchObject({ checked: 1, alerts: [] })
    // 0803…, +234803…, 234803…, 803…, +2340803…, 2340803…, 00234803…
    expect(registry.callsTo('search')).toHaveLength(7)
    const filed = registry.file(phoneReport('+2348031110010', 'written another way'), {
      own: false,
    })
    clock.advance(2 * DAY)
    const run = await checkDue(core)
    expect(run.alerts.map((a) => [a.kind, a.report_id, a.value])).toEqual([
      ['new_report', filed, '08031110010'],
    ])
    // Checked again with nothing new: the report found under one spelling is not new twice.
    clock.advance(2 * DAY)
    expect((await checkDue(core)).alerts).toEqual([])
  })

  it('unlist and update are alerts; a dismissed alert comes back on a later change', async () => {
    const { core, clock, registry } = watchCore()
    const id = registry.file(phoneReport('08031110002'), { own: true })
    Watchlist.addIdentifier(core, 'phone', '08031110002')
    await checkDue(core)
    await registry.client.updateReport(id, { ...phoneReport('08031110002'), fraudType: 'hacker' })
    clock.advance(2 * DAY)
    const updated = await checkDue(core)
    expect(updated.alerts.map((a) => a.kind)).toEqual(['updated'])
    const alert = updated.alerts[0]!
    Watchlist.setAlertState(core, alert.id, 'seen')
    Watchlist.setAlertState(core, alert.id, 'dismissed', 'known: case 114')
    expect(alertEvents(core.db, alert.id).map((e) => [e.state, e.reason])).toEqual([
      ['new', null],
      ['seen', null],
      ['dismissed', 'known: case 114'],
    ])
    expect(() => core.db.prepare('DELETE FROM watch_alert_events').run()).toThrow(/append-only/)
    await registry.client.unlistReport(id)
    clock.advance(2 * DAY)
    const unlisted = await checkDue(core)
    expect(unlisted.alerts.map((a) => [a.kind, a.report_id])).toEqual([['unlisted', id]])
    expect(Watchlist.listAlerts(core).map((a) => a.kind)).toEqual(['unlisted'])
  })

  it('an alert says what changed (before and after) and why its state is what it is', async () => {
    const { core, clock, registry } = watchCore()
    const id = registry.file(phoneReport('08031110006'), { own: true })
    Watchlist.addIdentifier(core, 'phone', '08031110006')
    await checkDue(core)
    await registry.client.updateReport(id, { ...phoneReport('08031110006'), fraudType: 'hacker' })
    clock.advance(2 * DAY)
    await checkDue(core)
    const [alert] = Watchlist.listAlerts(core)
    expect(alert).toMatchObject({
      kind: 'updated',
      before: { listed: true, fraudType: 'money_mule' },
      after: { listed: true, fraudType: 'hacker' },
      stateReason: null,
    })
    Watchlist.setAlertState(core, alert!.id, 'escalated', 'Started a draft')
    const [escalated] = Watchlist.listAlerts(core, { all: true })
    expect(escalated).toMatchObject({ state: 'escalated', stateReason: 'Started a draft' })
    // The fields the CLI's --json promised stay as they were, the new ones after them.
    expect(Object.keys(escalated!)).toEqual([
      'id',
      'itemId',
      'kind',
      'state',
      'reportId',
      'type',
      'value',
      'createdAt',
      'before',
      'after',
      'stateReason',
    ])
    // An alert whose detail cannot be read (written by hand) still lists, saying nothing changed.
    core.db.prepare('UPDATE watch_alerts SET detail_json = ? WHERE id = ?').run('{', alert!.id)
    expect(Watchlist.listAlerts(core, { all: true })[0]).toMatchObject({
      before: null,
      after: null,
    })
  })

  it('the same change again after a dismissal is a new alert; two updates are two alerts', async () => {
    const { core, clock, registry } = watchCore()
    const id = registry.file(phoneReport('08031110004'), { own: true })
    Watchlist.addIdentifier(core, 'phone', '08031110004')
    await checkDue(core)
    await registry.client.updateReport(id, { ...phoneReport('08031110004'), fraudType: 'hacker' })
    clock.advance(2 * DAY)
    const [first] = (await checkDue(core)).alerts
    Watchlist.setAlertState(core, first!.id, 'dismissed', 'a typo fixed')
    expect(Watchlist.listAlerts(core)).toEqual([])
    await registry.client.updateReport(id, { ...phoneReport('08031110004'), fraudType: 'theft' })
    clock.advance(2 * DAY)
    const [again] = (await checkDue(core)).alerts
    expect(again).toMatchObject({ kind: 'updated', report_id: id, state: 'new' })
    expect(again!.id).not.toBe(first!.id)
    await registry.client.updateReport(id, { ...phoneReport('08031110004'), fraudType: 'hacker' })
    clock.advance(2 * DAY)
    await checkDue(core)
    expect(Watchlist.listAlerts(core).map((a) => a.kind)).toEqual(['updated', 'updated'])
    expect(Watchlist.listAlerts(core, { all: true }).map((a) => a.state)).toEqual([
      'new',
      'new',
      'dismissed',
    ])
  })

  it("a report's identifiers and a screening job's hits are watched through the contract", async () => {
    const { core } = watchCore()
    const report = Drafts.createDraft(core, {
      identifiers: [
        { label: 'phone', value: '08031110005' },
        { label: 'email', value: 'mule@example.com' },
      ],
    })
    const handlers = watchlistHandlers(() => core)
    const added = await handlers.watchAdd({ source: { kind: 'report', reportId: report.localId } })
    expect(added.added.map((i) => [i.type, i.value])).toEqual([
      ['phone', '08031110005'],
      ['email', 'mule@example.com'],
    ])
    const again = await handlers.watchAdd({
      source: { kind: 'identifier', type: 'phone', value: '+2348031110005' },
    })
    expect(again.existing.map((i) => i.id)).toEqual([added.added[0]!.id])
    expect(await handlers.watchRemove({ id: added.added[1]!.id })).toEqual({ removed: true })
    expect((await handlers.watchList(undefined)).map((i) => i.value)).toEqual(['08031110005'])
  })

  it('a report known only from the registry (a search, another laptop) is watched from its saved copy', async () => {
    const { core } = watchCore()
    upsertOwnSubmission(
      core.db,
      {
        id: 'r-from-elsewhere',
        fraudType: 'money_mule',
        fraudReason:
          'Filed from another laptop of the organization, seen here in Submissions only.',
        identifiers: [{ label: 'phone', value: '+234 803 111 0009' }],
      } as unknown as ReportRecord,
      core.clock.now(),
    )
    const handlers = watchlistHandlers(() => core)
    const added = await handlers.watchAdd({
      source: { kind: 'report', reportId: 'r-from-elsewhere' },
    })
    expect(added.added.map((i) => [i.type, i.value])).toEqual([['phone', '08031110009']])
    expect(() => addFromReport(core, 'r-never-seen')).toThrow(
      /not saved on this computer: search for it again/,
    )
  })
})

describe("the app's watcher", () => {
  it('checks what is due on its own, sleeps at most five minutes, and wakes for an item added', async () => {
    const setup = watchCore()
    const { timers, armed } = recordingTimers()
    Watchlist.addIdentifier(setup.core, 'bvn', '22231110006')
    const watcher = runWatchlist(setup.core, { timers })
    await vi.waitFor(() => expect(setup.registry.callsTo('search').length).toBe(1))
    await vi.waitFor(() => expect(armed.length).toBe(1))
    expect(armed[0]!.ms).toBeLessThanOrEqual(5 * MINUTE)
    setup.clock.advance(MINUTE) // past the pace (one check every 30 s at 120 an hour)
    await watchlistHandlers(() => setup.core).watchAdd({
      source: { kind: 'identifier', type: 'bvn', value: '22231110007' },
    })
    await vi.waitFor(() => expect(setup.registry.callsTo('search').length).toBe(2))
    await watcher.stop()
  })
})

describe('polite polling', () => {
  it('1,000 items over a simulated day: each checked once, within the budget, never a burst', async () => {
    const setup = watchCore()
    const values = Array.from({ length: 1000 }, (_, i) => ({
      type: 'bvn',
      value: `22${String(200_000_000 + i)}`,
    }))
    // Spread evenly over the day (a uniform draw, made certain): one first check every 86 s.
    let draw = 0
    Watchlist.addNormalized(setup.core, values, { random: () => draw++ / 1000 })
    const start = setup.clock.now()
    const times = await runUntil(setup, start + DAY, 120)
    expect(setup.registry.callsTo('search').length).toBe(1000)
    const perHour = new Map<number, number>()
    const perMinute = new Map<number, number>()
    for (const t of times) {
      perHour.set(
        Math.floor((t - start) / HOUR_MS),
        (perHour.get(Math.floor((t - start) / HOUR_MS)) ?? 0) + 1,
      )
      perMinute.set(Math.floor(t / MINUTE), (perMinute.get(Math.floor(t / MINUTE)) ?? 0) + 1)
    }
    expect(Math.max(...perHour.values())).toBeLessThanOrEqual(120)
    expect(Math.max(...perMinute.values())).toBeLessThanOrEqual(2)
  })

  it('a Retry-After holds the watchlist: nothing is sent inside it', async () => {
    const setup = watchCore()
    Watchlist.addIdentifier(setup.core, 'bvn', '22231110003')
    setup.registry.fail('search', { kind: 'rate_limited', retryAfterMs: 10 * MINUTE })
    const held = await watchTick(setup.core)
    expect(held.failure?.kind).toBe('quiet')
    const at = setup.clock.now()
    setup.clock.advance(5 * MINUTE)
    expect((await watchTick(setup.core)).waiting).toBe('quiet')
    expect((await checkDue(setup.core, { all: true })).checked).toBe(0)
    expect(setup.registry.callsTo('search').length).toBe(1)
    setup.clock.set(at + 10 * MINUTE + 1)
    expect((await watchTick(setup.core)).checked).not.toBeNull()
    expect(setup.registry.callsTo('search').length).toBe(2)
  })

  it('offline three days, then back: caught up, oldest first, within the budget', async () => {
    const setup = watchCore()
    const values = Array.from({ length: 200 }, (_, i) => ({
      type: 'bvn',
      value: `22${String(300_000_000 + i)}`,
    }))
    let draw = 0
    Watchlist.addNormalized(setup.core, values, { random: () => draw++ / 200 })
    const start = setup.clock.now()
    await runUntil(setup, start + DAY, 60)
    expect(setup.registry.callsTo('search').length).toBe(200)
    setup.registry.fail(
      'search',
      ...Array.from({ length: 1000 }, () => ({ kind: 'offline' as const })),
    )
    for (let t = start + DAY; t < start + 4 * DAY; t += 30 * MINUTE) {
      setup.clock.set(t)
      await watchTick(setup.core, { budget: 60 })
    }
    const failed = setup.registry.callsTo('search').length - 200
    expect(failed).toBeLessThanOrEqual(3 * 48)
    ;(setup.registry as unknown as { scripted: Map<string, unknown[]> }).scripted.clear()
    const back = setup.clock.now()
    const times = await runUntil(setup, back + 6 * HOUR_MS, 60)
    expect(times.length).toBe(200) // 200 at 60 an hour: all caught up in under four hours
    expect(Math.max(...times) - back).toBeLessThan(4 * HOUR_MS)
    const inFirstHour = times.filter((t) => t < back + HOUR_MS).length
    expect(inFirstHour).toBeLessThanOrEqual(60)
  })
})
