// Check now (issue 38, item 3): an investigator sees an alert on demand, not after the period;
// never inside the registry's Retry-After; "all" is left to the watcher's pace, never a burst.
import { describe, expect, it } from 'vitest'
import * as Watchlist from '../../../src/core/watchlist/watchlist'
import { watchlistHandlers } from '../../../src/core/watchlist/watchlist-handlers'
import { checkDue, HOUR_MS } from '../../../src/core/watchlist/watch-check'
import { MINUTE, reportInput } from '../../support/memory-engine'
import { watchCore } from '../../support/watch-core'

const phoneReport = (phone: string, label = 'watch') => ({
  ...reportInput(label),
  identifiers: [{ label: 'phone' as const, value: phone }],
})

describe('Check now, through the contract', () => {
  it('checks one item at once, due or not, and says the alert it found', async () => {
    const { core, clock, registry } = watchCore()
    const handlers = watchlistHandlers(() => core)
    const [item] = Watchlist.addIdentifier(core, 'phone', '08031110101').added
    await checkDue(core) // its first check: what is on file
    const filed = registry.file(phoneReport('08031110101', 'new'), { own: false })
    clock.advance(HOUR_MS) // the next check is a day away
    expect((await checkDue(core)).checked).toBe(0)
    const now = await handlers.watchCheckNow({ id: item!.id })
    expect(now).toMatchObject({ checked: 1, alerts: 1, due: 0, quietUntil: null, problem: null })
    expect(Watchlist.listAlerts(core, {}).map((a) => a.reportId)).toContain(filed)
  })

  it('inside a Retry-After searches nothing: the item is made due for when the pause ends', async () => {
    const { core, clock, registry } = watchCore()
    const handlers = watchlistHandlers(() => core)
    const [item] = Watchlist.addIdentifier(core, 'bvn', '22231110103').added
    registry.fail('search', { kind: 'rate_limited', retryAfterMs: 10 * MINUTE })
    await checkDue(core)
    const searches = registry.callsTo('search').length
    clock.advance(MINUTE)
    const now = await handlers.watchCheckNow({ id: item!.id })
    expect(registry.callsTo('search').length).toBe(searches)
    expect(now).toMatchObject({ checked: 0, due: 1, problem: null })
    expect(Date.parse(now.quietUntil ?? '')).toBeGreaterThan(clock.now())
    expect(Date.parse(Watchlist.listItems(core)[0]?.nextCheckAt ?? '')).toBeLessThanOrEqual(
      clock.now(),
    )
  })

  it('all: every item made due now for the watcher, at its pace; nothing searched in a burst', async () => {
    const { core, registry } = watchCore()
    const handlers = watchlistHandlers(() => core)
    for (const bvn of ['22231110104', '22231110105', '22231110106'])
      Watchlist.addIdentifier(core, 'bvn', bvn)
    await checkDue(core, { all: true })
    const searches = registry.callsTo('search').length
    const now = await handlers.watchCheckNow({})
    expect(now).toMatchObject({ checked: 0, due: 3, paceSeconds: 30 })
    expect(registry.callsTo('search').length).toBe(searches)
    expect((await checkDue(core)).checked).toBe(3) // due now, whatever their period
  })

  it('an item removed meanwhile is said in words', async () => {
    const { core } = watchCore()
    await expect(watchlistHandlers(() => core).watchCheckNow({ id: 999 })).rejects.toThrow(
      'That identifier is no longer watched',
    )
  })
})
