import { type Db, prepare } from '../store/store'

/*
 * The outbox's times moved without a change of state: the sync's clock following a jump of this
 * computer's clock (sync/folder-clock.ts), and waits made due now (sync/network-waits.ts). The
 * operations table is the outbox's (docs/architecture.md, "Tables and their owners"); its state
 * changes are in operation-transitions.ts.
 */

const UNFINISHED = "state NOT IN ('done', 'cancelled')"

/**
 * Moves the unfinished operations' times by `jump`: those last written at or before `bound`
 * (their retry time, their last write, and their first send, put `earlier` more back).
 */
export function shiftUnfinishedTimes(
  db: Db,
  shift: { bound: number; jump: number; earlier: number },
): void {
  prepare(
    db,
    `UPDATE operations SET
       next_attempt_at = CASE WHEN updated_at <= @bound THEN next_attempt_at + @jump ELSE next_attempt_at END,
       first_sent_at = CASE WHEN first_sent_at <= @bound THEN first_sent_at + @jump - @earlier ELSE first_sent_at END,
       updated_at = CASE WHEN updated_at <= @bound THEN updated_at + @jump ELSE updated_at END
     WHERE ${UNFINISHED}`,
  ).run(shift)
}

/** The last time an unfinished operation was written, or null when none is. */
export function newestUnfinishedWrite(db: Db): number | null {
  return (
    prepare<[], { at: number | null }>(
      db,
      `SELECT max(updated_at) AS at FROM operations WHERE ${UNFINISHED}`,
    ).get()?.at ?? null
  )
}

/** Makes due now what waits to retry after the network refused it (no outcome unknown). */
export function wakeOfflineWaits(db: Db, now: number): number {
  return prepare(
    db,
    `UPDATE operations SET next_attempt_at = ?, updated_at = ?
      WHERE state = 'waiting_retry' AND outcome_unknown = 0
        AND json_extract(last_error_json, '$.kind') = 'offline'
        AND COALESCE(next_attempt_at, 0) > ?`,
  ).run(now, now, now).changes
}

/** Makes due now every operation waiting to retry whose outcome is known. */
export function makeRetriesDue(db: Db, now: number): void {
  prepare(
    db,
    "UPDATE operations SET next_attempt_at = ? WHERE state = 'waiting_retry' AND outcome_unknown = 0",
  ).run(now)
}
