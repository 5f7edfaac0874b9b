// What a check compares: a new report, one unlisted (or no longer answered) or listed again,
// an update; nothing on an item's first check.
import { describe, expect, it } from 'vitest'
import {
  compareSnapshots,
  markTakenOff,
  type Snapshot,
} from '../../../src/core/watchlist/watch-compare'

const listed = { listed: true, fraudType: 'money_mule', fraudReason: 'r' }

describe('comparing two checks', () => {
  it('records the first check without changes', () => {
    expect(compareSnapshots(null, { a: listed })).toEqual({ changes: [], keep: { a: listed } })
  })

  it('a report no longer answered is unlisted, and its return a relist', () => {
    const gone = compareSnapshots({ a: listed }, {})
    expect(gone.changes.map((c) => c.kind)).toEqual(['unlisted'])
    expect(gone.keep).toEqual({ a: { ...listed, listed: false } })
    // Still gone at the next check: nothing new.
    expect(compareSnapshots(gone.keep, {}).changes).toEqual([])
    const back = compareSnapshots(gone.keep, { a: listed })
    expect(back.changes.map((c) => [c.kind, c.reportId])).toEqual([['relisted', 'a']])
  })

  it('an update and an unlisting at once are two changes; a new unlisted report is none', () => {
    const before: Snapshot = { a: listed }
    const after: Snapshot = {
      a: { listed: false, fraudType: 'hacker', fraudReason: 'r' },
      b: { listed: false, fraudType: null, fraudReason: null },
      c: listed,
    }
    expect(compareSnapshots(before, after).changes.map((c) => [c.kind, c.reportId])).toEqual([
      ['unlisted', 'a'],
      ['updated', 'a'],
      ['new_report', 'c'],
    ])
  })

  it('the first check raises the reports filed since the item was added, and only those', () => {
    const first = compareSnapshots(
      null,
      { old: listed, filed: listed },
      {
        filedSinceAdded: new Set(['filed']),
      },
    )
    expect(first.changes.map((c) => [c.kind, c.reportId, c.beforeFirstCheck])).toEqual([
      ['new_report', 'filed', true],
    ])
    expect(first.keep).toEqual({ old: listed, filed: listed })
  })

  it('a report still listed without the identifier: taken off, silent while off, put back', () => {
    const gone = compareSnapshots({ a: listed }, {})
    markTakenOff(gone.changes, gone.keep, new Map([['a', listed]]))
    expect(gone.changes.map((c) => c.kind)).toEqual(['identifier_removed'])
    expect(gone.keep).toEqual({ a: { ...listed, carried: false } })
    expect(compareSnapshots(gone.keep, {}).changes).toEqual([])
    const back = compareSnapshots(gone.keep, { a: listed })
    expect(back.changes.map((c) => c.kind)).toEqual(['identifier_added'])
    expect(back.keep).toEqual({ a: listed })
  })
})
