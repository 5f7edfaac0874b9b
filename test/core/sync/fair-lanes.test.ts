import { describe, expect, it } from 'vitest'
import { openDatabase } from '../../../src/core/store/open-database'
import { insertOperation } from '../../../src/core/outbox/operation-transitions'
import { BULK_CHAIN_PREFIX } from '../../../src/core/outbox/operations'
import { fairHeads, fairPick, laneOf, type Lane } from '../../../src/core/sync/fair-lanes'

/*
 * The outbox's send slots shared between the bulk import's files and the reports sent on their
 * own (fair-lanes.ts): the order of the claims, never a timing.
 */

const bulk = (n: number) => Array.from({ length: n }, (_, i) => `B${i}`)
const single = (n: number) => Array.from({ length: n }, (_, i) => `S${i}`)
const none = { single: 0, bulk: 0 }

/** Claims one slot at a time, each answer freeing it at once (a pace of one). */
function oneAtATime(waiting: Record<Lane, string[]>, claims: number): string[] {
  const order: string[] = []
  let last: Lane | null = null
  const left = { single: [...waiting.single], bulk: [...waiting.bulk] }
  for (let i = 0; i < claims; i++) {
    const chosen: { picked: string[]; last: Lane | null } = fairPick(1, none, left, last)
    last = chosen.last
    const [head] = chosen.picked
    if (head === undefined) break
    order.push(head)
    left[head.startsWith('B') ? 'bulk' : 'single'].shift()
  }
  return order
}

describe('the outbox’s fair lanes', () => {
  it('interleaves the claims when bulk files and single reports both wait', () => {
    expect(fairPick(6, none, { single: single(10), bulk: bulk(40) }, null).picked).toEqual([
      'S0',
      'B0',
      'S1',
      'B1',
      'S2',
      'B2',
    ])
    // Slot by slot, too: the lane served last gives way on a tie.
    expect(oneAtATime({ single: single(3), bulk: bulk(3) }, 6)).toEqual([
      'S0',
      'B0',
      'S1',
      'B1',
      'S2',
      'B2',
    ])
  })

  it('gives freed slots to the lane holding fewer until each holds half', () => {
    // 16 bulk files took every slot before the reports were queued: each slot a file frees
    // goes to a report until the reports hold half.
    const slots = fairPick(
      3,
      { single: 0, bulk: 13 },
      { single: single(100), bulk: bulk(24) },
      'bulk',
    )
    expect(slots.picked).toEqual(['S0', 'S1', 'S2'])
    expect(
      fairPick(4, { single: 6, bulk: 6 }, { single: single(9), bulk: bulk(9) }, 'single').picked,
    ).toEqual(['B0', 'S0', 'B1', 'S1'])
  })

  it('leaves every slot to the other lane when one has nothing waiting', () => {
    expect(
      fairPick(4, { single: 0, bulk: 12 }, { single: [], bulk: bulk(40) }, null).picked,
    ).toEqual(['B0', 'B1', 'B2', 'B3'])
    expect(fairPick(3, none, { single: single(2), bulk: [] }, 'single').picked).toEqual([
      'S0',
      'S1',
    ])
    expect(fairPick(0, none, { single: single(2), bulk: bulk(2) }, null).picked).toEqual([])
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
    const claim = (limit: number, inFlight: string[], last: Lane | null = null) =>
      fairHeads(db, now, {
        limit,
        inFlight: new Map(inFlight.map((chain) => [chain, null])),
        finishing: new Set(),
        last,
      })
    expect(claim(4, []).picked.map((op) => op.chainId)).toEqual([
      'report-0',
      'bulk-file-0',
      'report-1',
      'bulk-file-1',
    ])
    // Four files in flight: the two free slots go to reports, and a report in flight is not
    // claimed again.
    const busy = ['bulk-file-0', 'bulk-file-1', 'bulk-file-2', 'bulk-file-3', 'report-0']
    expect(claim(7, busy, 'bulk').picked.map((op) => op.chainId)).toEqual(['report-1', 'report-2'])
    expect(laneOf('bulk-file-0')).toBe('bulk')
    expect(laneOf('report-0')).toBe('single')
    db.close()
  })
})
