import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../../src/core/store/open-database'
import { insertOperation } from '../../../src/core/outbox/operation-transitions'
import { BULK_CHAIN_PREFIX } from '../../../src/core/outbox/operations'
import { fairHeads, fairPick, laneOf, type Lane } from '../../../src/core/sync/fair-lanes'

/*
 * The outbox's lanes, each claiming up to its own window (fair-lanes.ts): the order of the
 * claims, never a timing.
 */

const bulk = (n: number) => Array.from({ length: n }, (_, i) => `B${i}`)
const single = (n: number) => Array.from({ length: n }, (_, i) => `S${i}`)
const free = (singles: number, files: number) => ({ single: singles, bulk: files })

describe('the outbox’s fair lanes', () => {
  it('interleaves the claims when bulk files and single reports both wait', () => {
    expect(fairPick(free(3, 3), { single: single(10), bulk: bulk(40) }, null).picked).toEqual([
      'S0',
      'B0',
      'S1',
      'B1',
      'S2',
      'B2',
    ])
    // The lane served last gives way first.
    expect(fairPick(free(1, 1), { single: single(3), bulk: bulk(3) }, 'single').picked).toEqual([
      'B0',
      'S0',
    ])
  })

  it('claims up to each lane’s own free slots, whatever the other lane holds or waits with', () => {
    // 16 bulk files in flight and 24 more waiting: the reports still have all their slots.
    expect(fairPick(free(3, 0), { single: single(100), bulk: bulk(24) }, 'bulk').picked).toEqual([
      'S0',
      'S1',
      'S2',
    ])
    expect(fairPick(free(1, 4), { single: single(9), bulk: bulk(9) }, 'bulk').picked).toEqual([
      'S0',
      'B0',
      'B1',
      'B2',
      'B3',
    ])
  })

  it('claims no more than is waiting, and nothing with no slot free', () => {
    expect(fairPick(free(4, 4), { single: [], bulk: bulk(40) }, null).picked).toEqual([
      'B0',
      'B1',
      'B2',
      'B3',
    ])
    expect(fairPick(free(3, 3), { single: single(2), bulk: [] }, 'single').picked).toEqual([
      'S0',
      'S1',
    ])
    expect(fairPick(free(0, 0), { single: single(2), bulk: bulk(2) }, null).picked).toEqual([])
  })

  it('reads each lane’s heads from the outbox, in its order, behind files queued first', () => {
    const db = openDatabase(':memory:')
    const now = 1_700_000_000_000
    // 40 bulk files queued before 10 reports: by id alone, the reports would wait for them all.
    for (let i = 0; i < 40; i++)
      insertOperation(db, {
        chainId: `${BULK_CHAIN_PREFIX}file-${i}`,
        kind: 'bulk_upload',
        payload: { rows: [{ localId: `row-${i}`, rowNumber: 2 }] },
        now,
      })
    for (let i = 0; i < 10; i++)
      insertOperation(db, { chainId: `report-${i}`, kind: 'create_report', payload: {}, now })
    const claim = (limits: Record<Lane, number>, inFlight: string[], last: Lane | null = null) =>
      fairHeads(db, now, {
        limits,
        inFlight: new Map(inFlight.map((chain) => [chain, null])),
        finishing: new Set(),
        last,
      })
    expect(claim(free(2, 2), []).picked.map((op) => op.chainId)).toEqual([
      'report-0',
      'bulk-file-0',
      'report-1',
      'bulk-file-1',
    ])
    // Four files in flight fill the files' window; the reports' window of 3 holds one, so two
    // more reports go, and a report in flight is not claimed again.
    const busy = ['bulk-file-0', 'bulk-file-1', 'bulk-file-2', 'bulk-file-3', 'report-0']
    expect(claim(free(3, 4), busy, 'bulk').picked.map((op) => op.chainId)).toEqual([
      'report-1',
      'report-2',
    ])
    expect(laneOf('bulk-file-0')).toBe('bulk')
    expect(laneOf('report-0')).toBe('single')
    db.close()
  })
})
