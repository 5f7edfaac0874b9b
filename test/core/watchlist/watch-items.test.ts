import { describe, expect, it } from 'vitest'
import * as Watchlist from '../../../src/core/watchlist/watchlist'
import { checkDue, HOUR_MS } from '../../../src/core/watchlist/watch-check'
import { addFromScreening, importList } from '../../../src/core/watchlist/watch-sources'
import { readWatchPeriod, describeWatchPeriod } from '../../../src/shared/domain/watch-period'
import { DAY, reportInput } from '../../support/memory-engine'
import { watchCore } from '../../support/watch-core'

/* An item's owner, note and period: said when it is added, changed later, kept across checks. */

describe("an item's owner and period", () => {
  it('are kept as given (trimmed, an empty one as none) and shown on the item', () => {
    const { core } = watchCore()
    const { added } = Watchlist.addIdentifier(core, 'phone', '08031110001', {
      owner: '  Ada Obi ',
      note: '   ',
      periodMs: 12 * HOUR_MS,
    })
    expect(added[0]).toMatchObject({ owner: 'Ada Obi', note: null, periodMs: 12 * HOUR_MS })
    expect(Watchlist.listItems(core)[0]).toMatchObject({ owner: 'Ada Obi' })
  })

  it('a period outside an hour to a year is refused in words, nothing added', () => {
    const { core } = watchCore()
    for (const periodMs of [60_000, 400 * DAY, -DAY])
      expect(() => Watchlist.addIdentifier(core, 'phone', '08031110001', { periodMs })).toThrow(
        /at most every hour and at least once a year/,
      )
    expect(Watchlist.listItems(core)).toEqual([])
  })

  it('the next check after one follows the item’s own period', async () => {
    const { core, clock } = watchCore()
    Watchlist.addIdentifier(core, 'phone', '08031110002', { periodMs: 6 * HOUR_MS })
    await checkDue(core)
    const next = Date.parse(Watchlist.listItems(core)[0]!.nextCheckAt) - clock.now()
    expect(next).toBeGreaterThanOrEqual(6 * HOUR_MS * 0.95)
    expect(next).toBeLessThanOrEqual(6 * HOUR_MS) // never later than its period
  })

  it('an edit changes what is given, keeps the rest, and counts a new period from the last check', async () => {
    const { core, clock } = watchCore()
    const [item] = Watchlist.addIdentifier(core, 'bvn', '22212345678', {
      note: 'case 114',
      owner: 'Ada Obi',
    }).added
    await checkDue(core)
    const checkedAt = clock.now()
    clock.advance(3 * HOUR_MS)
    const owner = Watchlist.editItem(core, item!.id, { owner: 'Tunde Bello' })
    expect(owner).toMatchObject({ owner: 'Tunde Bello', note: 'case 114', periodMs: DAY })
    const weekly = Watchlist.editItem(core, item!.id, { periodMs: 7 * DAY, note: '' })
    expect(weekly).toMatchObject({ note: null, periodMs: 7 * DAY })
    expect(Date.parse(weekly.nextCheckAt)).toBe(checkedAt + 7 * DAY)
    // Shorter than the time since the last check: due now.
    const hourly = Watchlist.editItem(core, item!.id, { periodMs: HOUR_MS })
    expect(Date.parse(hourly.nextCheckAt)).toBeLessThanOrEqual(clock.now())
    expect((await checkDue(core)).checked).toBe(1)
  })

  it('an edit of an item that is not there says how to find one', () => {
    const { core } = watchCore()
    expect(() => Watchlist.editItem(core, 99, { owner: 'x' })).toThrow(/No watched item 99/)
  })

  it('a list imported with an owner and period gives them to every item it adds, not to those already watched', async () => {
    const { core } = watchCore()
    Watchlist.addIdentifier(core, 'phone', '08031110003', { owner: 'First' })
    const csv = 'type,value\nphone,08031110003\nphone,08031110004\nbvn,22212345679\n'
    const result = await importList(
      core,
      { bytes: Buffer.from(csv), fileName: 'list.csv' },
      { owner: 'Ada Obi', periodMs: 7 * DAY },
    )
    expect(result.added.map((i) => [i.value, i.owner, i.periodMs])).toEqual([
      ['08031110004', 'Ada Obi', 7 * DAY],
      ['22212345679', 'Ada Obi', 7 * DAY],
    ])
    expect(result.existing.map((i) => i.owner)).toEqual(['First'])
  })
})

describe('a value typed by hand', () => {
  it('is refused in words for a person typing, not a spreadsheet', () => {
    const { core } = watchCore()
    expect(() => Watchlist.addIdentifier(core, 'bvn', '123')).toThrow(
      /^A BVN is 11 digits, with no spaces or letters\.$/,
    )
  })

  it('with no bank list saved, takes an account’s bank as a slug and says how to name one otherwise', () => {
    const { core } = watchCore()
    const { added } = Watchlist.addIdentifier(core, 'account', '0123456789_access-bank')
    expect(added[0]?.value).toBe('0123456789_access-bank')
    expect(() => Watchlist.addIdentifier(core, 'account', '0123456789 Access Bank')).toThrow(
      /No bank list is saved on this computer yet.*refresh the bank list.*0123456789_zenith-bank/,
    )
    expect(() => Watchlist.addIdentifier(core, 'account', '0123456789 Access Bank')).toThrow(
      expect.objectContaining({ problem: { code: 'bank_name_without_list' } }),
    )
  })
})

describe('a screening job watched', () => {
  it('that is not on this computer is refused in words', () => {
    const { core } = watchCore()
    expect(() => addFromScreening(core, 42, { all: true })).toThrow(/No screening job 42/)
  })
})

describe('a period as written', () => {
  it('reads hours, days and weeks, and says what is wrong otherwise', () => {
    expect(readWatchPeriod('12h')).toEqual({ ok: true, ms: 12 * HOUR_MS })
    expect(readWatchPeriod(' 2D ')).toEqual({ ok: true, ms: 2 * DAY })
    expect(readWatchPeriod('1w')).toEqual({ ok: true, ms: 7 * DAY })
    expect(readWatchPeriod('30m')).toMatchObject({ ok: false, message: /12h, 2d or 1w/ })
    expect(readWatchPeriod('0h')).toMatchObject({ ok: false, message: /from 1h/ })
    expect(readWatchPeriod('400d')).toMatchObject({ ok: false, message: /366d/ })
  })

  it('is described as a person says it', () => {
    expect(describeWatchPeriod(DAY)).toBe('every day')
    expect(describeWatchPeriod(12 * HOUR_MS)).toBe('every 12 hours')
    expect(describeWatchPeriod(14 * DAY)).toBe('every 2 weeks')
    expect(describeWatchPeriod(30 * DAY)).toBe('every 30 days')
  })
})

describe('an email typed with capitals', () => {
  it('is found as typed and in lower case, whether added by hand or imported', async () => {
    const { core, clock, registry } = watchCore()
    Watchlist.addIdentifier(core, 'email', 'Ada.Obi@Example.com')
    const csv = 'type,value\nemail,Bola.Ade@Example.com\nemail,chi@example.com\n'
    await importList(core, { bytes: Buffer.from(csv), fileName: 'list.csv' })
    expect((await checkDue(core, { all: true })).alerts).toEqual([])
    // Another organization files each as the customer's record writes it (the registry
    // compares exactly): the capitals typed here, and the lower case.
    const filed = ['Ada.Obi@Example.com', 'Bola.Ade@Example.com', 'bola.ade@example.com'].map(
      (value) =>
        registry.file(
          { ...reportInput('capitals'), identifiers: [{ label: 'email', value }] },
          { own: false },
        ),
    )
    clock.advance(2 * DAY)
    const run = await checkDue(core, { all: true })
    expect(run.alerts.map((a) => a.report_id).sort()).toEqual([...filed].sort())
    // Shown and alerted in the one stored form.
    expect(Watchlist.listItems(core).map((i) => i.value)).toEqual([
      'ada.obi@example.com',
      'bola.ade@example.com',
      'chi@example.com',
    ])
  })
})
