import { BULK_CHAIN_PREFIX, type Operation, runnableHeads } from '../outbox/outbox'
import type { Db } from '../store/store'

/*
 * The outbox's two kinds of work each have their own send slots. A bulk file holds its slot for
 * seconds (the upload of 500 rows, then the look for each of them among the submissions); a
 * report sent on its own, for one request. Claimed in id order alone, 40 bulk files queued
 * before (or between) 2,000 single reports took every slot, and the reports waited for whole
 * waves of files: under issue 37's mixed load they went at 31 % of their speed alone. Sharing
 * one window half and half between the lanes made that 45–55 %: a report's speed was set by how
 * many files happened to wait, not by how the registry answered, and a slot is no unit of load
 * (a file's slot is mostly spent waiting for pages of submissions).
 *
 * So each lane has its own window (lane-pace.ts) and claims up to it; with both waiting the
 * claims interleave (a tie to the lane not served last) only so that neither's heads wait
 * behind the other's in one transaction. Which operation of a lane goes next is still its order
 * in the outbox, and a claim is still the one state change of operation-transitions.ts: the
 * lanes decide only how many are claimed and in what order, never whether an operation is sent,
 * so nothing is lost or sent twice.
 */

/** A chain of the bulk import (its attachments' uploads, then its file), or anything else. */
export type Lane = 'bulk' | 'single'
export const LANES: readonly Lane[] = ['single', 'bulk']

export const laneOf = (chainId: string): Lane =>
  chainId.startsWith(BULK_CHAIN_PREFIX) ? 'bulk' : 'single'

/**
 * The waiting heads to claim, in the order they are to be claimed. `free`: each lane's slots
 * not in flight; `waiting`: each lane's runnable heads in outbox order; `last`: the lane the
 * previous claim served.
 */
export function fairPick<T>(
  free: Readonly<Record<Lane, number>>,
  waiting: Readonly<Record<Lane, readonly T[]>>,
  last: Lane | null,
): { picked: T[]; last: Lane | null } {
  const next = { single: 0, bulk: 0 }
  const picked: T[] = []
  let served = last
  for (;;) {
    const open = LANES.filter((lane) => next[lane] < Math.min(free[lane], waiting[lane].length))
    if (open.length === 0) break
    const lane = open.length === 1 ? open[0]! : served === 'single' ? 'bulk' : 'single'
    picked.push(waiting[lane][next[lane]++]!)
    served = lane
  }
  return { picked, last: served }
}

/**
 * The heads to claim now, for the slots each lane's window (`limits`) leaves free of its chains
 * `inFlight` (those `finishing`, whose answers are being committed, count as free), each lane's
 * read in outbox order.
 */
export function fairHeads(
  db: Db,
  now: number,
  slots: {
    limits: Readonly<Record<Lane, number>>
    inFlight: ReadonlyMap<string, unknown>
    finishing: ReadonlySet<string>
    last: Lane | null
  },
): { picked: Operation[]; last: Lane | null } {
  const { inFlight, finishing, limits } = slots
  const busy = { single: 0, bulk: 0 }
  for (const chain of inFlight.keys()) if (!finishing.has(chain)) busy[laneOf(chain)]++
  const free = {
    single: Math.max(0, limits.single - busy.single),
    bulk: Math.max(0, limits.bulk - busy.bulk),
  }
  const waiting = (lane: Lane): Operation[] =>
    free[lane] === 0
      ? []
      : runnableHeads(db, now, free[lane] + inFlight.size, lane === 'bulk').filter(
          (op) => !inFlight.has(op.chainId),
        )
  return fairPick(free, { single: waiting('single'), bulk: waiting('bulk') }, slots.last)
}
