// The watchlist on a driven clock over the in-memory registry: alerts at the next due check,
// unlist and update, a dismissed alert coming back, the budget and spread over a day, a
// Retry-After holding it, and three days offline caught up within the budget.
import { describe, expect, it } from 'vitest'
import type { CoreContext } from '../../../src/core/core-context'
import { FolderClock } from '../../../src/core/sync/folder-clock'
import { migrate } from '../../../src/core/store/migrations'
import * as Watchlist from '../../../src/core/watchlist/watchlist'
import { checkDue, watchTick, HOUR_MS } from '../../../src/core/watchlist/watch-check'
import { alertEvents } from '../../../src/core/watchlist/watch-store'
import { MemoryRegistry } from '../../support/memory-registry'
import { DAY, MINUTE, drivenClock, reportInput } from '../../support/memory-engine'
import { tempStore } from '../../support/temp-store'

function watchCore() {
  const { db } = tempStore('casefile-watch-')
  migrate(db)
  const clock = drivenClock()
  const registry = new MemoryRegistry({ now: () => clock.now(), laptop: clock })
  const folderClock = new FolderClock(db, clock)
  const core = {
    db,
    clock,
    folderClock,
    client: { ...registry.client, quietUntil: () => 0 },
    reachability: { current: () => ({ state: 'online' }), onChange: () => () => undefined },
  } as unknown as CoreContext
  return { core, clock, registry }
}

const phoneReport = (phone: string, label = 'watch') => ({
  ...reportInput(label),
  identifiers: [{ label: 'phone' as const, value: phone }],
})

/** Runs the app's watcher loop on the driven clock until `until`. */
async function runUntil(setup: ReturnType<typeof watchCore>, until: number, budget?: number) {
  const times: number[] = []
  for (;;) {
    const tick = await watchTick(setup.core, { budget, random: () => 0.5 })
    if (tick.checked && !tick.failure) times.push(setup.clock.now())
    const next = tick.nextAt ?? until
    if (next > until) break
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
    clock.advance(DAY)
    const second = await checkDue(core)
    expect(second.alerts.map((a) => [a.kind, a.report_id])).toEqual([['new_report', filed]])
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
})

describe('polite polling', () => {
  it('1,000 items over a simulated day: each checked once, within the budget, never a burst', async () => {
    const setup = watchCore()
    const values = Array.from({ length: 1000 }, (_, i) => ({
      type: 'phone',
      value: `0803${String(2_000_000 + i)}`,
    }))
    Watchlist.addNormalized(setup.core, values, { random: Math.random })
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
    Watchlist.addIdentifier(setup.core, 'phone', '08031110003')
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
      type: 'phone',
      value: `0803${String(3_000_000 + i)}`,
    }))
    Watchlist.addNormalized(setup.core, values)
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
