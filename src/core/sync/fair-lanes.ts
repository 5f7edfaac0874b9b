import { BULK_CHAIN_PREFIX, type Operation, runnableHeads } from '../outbox/outbox'
import type { Db } from '../store/store'

/*
 * The outbox's two kinds of work share its send slots fairly. A bulk file holds its slot for
 * seconds (the upload of 500 rows, then the look for each of them among the submissions); a
 * report sent on its own, for one request. Claimed in id order alone, 40 bulk files queued
 * before (or between) 2,000 single reports took every slot, and the reports waited for whole
 * waves of files: under issue 37's mixed load they went at 31 % of their speed alone.
 *
 * So each claim goes to the lane with fewer chains in flight (a tie to the lane not served
 * last): with both waiting, the claims interleave and each lane holds half the slots; a lane
 * with nothing waiting leaves all of them to the other (no slot stays empty for a lane that
 * might come). Which operation of a lane goes next is still its order in the outbox, and a
 * claim is still the one state change of operation-transitions.ts: the lanes decide only the
 * order of the claims, never whether an operation is sent, so nothing is lost or sent twice.
 */

/** A chain of the bulk import (its attachments' uploads, then its file), or anything else. */
export type Lane = 'bulk' | 'single'
export const LANES: readonly Lane[] = ['single', 'bulk']

export const laneOf = (chainId: string): Lane =>
  chainId.startsWith(BULK_CHAIN_PREFIX) ? 'bulk' : 'single'

/**
 * Up to `free` of the waiting heads, in the order they are to be claimed. `busy`: chains of
 * each lane in flight (not counting those finishing); `waiting`: each lane's runnable heads in
 * outbox order; `last`: the lane the previous claim served.
 */
export function fairPick<T>(
  free: number,
  busy: Readonly<Record<Lane, number>>,
  waiting: Readonly<Record<Lane, readonly T[]>>,
  last: Lane | null,
): { picked: T[]; last: Lane | null } {
  const held = { ...busy }
  const next = { single: 0, bulk: 0 }
  const picked: T[] = []
  let served = last
  while (picked.length < free) {
    const open = LANES.filter((lane) => next[lane] < waiting[lane].length)
    if (open.length === 0) break
    const lane =
      open.length === 1
        ? open[0]!
        : held.single !== held.bulk
          ? held.single < held.bulk
            ? 'single'
            : 'bulk'
          : served === 'single'
            ? 'bulk'
            : 'single'
    picked.push(waiting[lane][next[lane]++]!)
    held[lane]++
    served = lane
  }
  return { picked, last: served }
}

/**
 * The heads to claim now, for the slots `limit` leaves free of the chains `inFlight` (those
 * `finishing`, whose answers are being committed, count as free), each lane's read in outbox
 * order and shared by fairPick.
 */
export function fairHeads(
  db: Db,
  now: number,
  slots: {
    limit: number
    inFlight: ReadonlyMap<string, unknown>
    finishing: ReadonlySet<string>
    last: Lane | null
  },
): { picked: Operation[]; last: Lane | null } {
  const { inFlight, finishing } = slots
  const busy = { single: 0, bulk: 0 }
  for (const chain of inFlight.keys()) if (!finishing.has(chain)) busy[laneOf(chain)]++
  const free = slots.limit - busy.single - busy.bulk
  if (free <= 0) return { picked: [], last: slots.last }
  const waiting = (lane: Lane) =>
    runnableHeads(db, now, free + inFlight.size, lane === 'bulk').filter(
      (op) => !inFlight.has(op.chainId),
    )
  return fairPick(free, busy, { single: waiting('single'), bulk: waiting('bulk') }, slots.last)
}
