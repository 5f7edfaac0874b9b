import { multiRowInsert, prepare, type Db } from '../store/store'
import type { Operation, OperationKind } from './operations'
import { loadOperation, type StoredError } from './outbox-repository'

/*
 * The outbox's state changes (docs/architecture.md, "The outbox's states"): each one statement,
 * committed before anything is sent or said. The reads are in outbox-repository.ts.
 */

/** (new) → queued: a report, update or unlisting is queued, in the transaction that changes the report. */
export function insertOperation(
  db: Db,
  op: { chainId: string; kind: OperationKind; payload: unknown; now: number },
): Operation {
  const seq =
    (prepare<[string], { seq: number | null }>(
      db,
      'SELECT max(seq) AS seq FROM operations WHERE chain_id = ?',
    ).get(op.chainId)?.seq ?? 0) + 1
  const info = prepare(
    db,
    "INSERT INTO operations (chain_id, seq, kind, state, payload_json, created_at, updated_at) VALUES (?, ?, ?, 'queued', ?, ?, ?)",
  ).run(op.chainId, seq, op.kind, JSON.stringify(op.payload), op.now, op.now)
  return loadOperation(db, Number(info.lastInsertRowid))
}

const CREATE_COLUMNS =
  'INSERT INTO operations (chain_id, seq, kind, state, payload_json, created_at, updated_at) VALUES '
const CREATE_VALUES = "(?, 1, 'create_report', 'queued', ?, ?, ?)"

/**
 * (new) → queued, for `rows` new reports at once (the import's checked rows: the first
 * operation of each chain, a create); `params` holds each row's chain id, payload (JSON) and
 * time twice, in order.
 */
export function insertQueuedCreates(db: Db, rows: number, params: readonly unknown[]): void {
  prepare(db, multiRowInsert(CREATE_COLUMNS, CREATE_VALUES, rows)).run(...params)
}

/**
 * The registry asked for quiet until `until` (a 429's or 503's Retry-After holds for every
 * request): nothing waiting to be sent goes before then. Kept in the outbox, so another process
 * on the folder (the CLI beside the app) and a restart hold back too.
 */
export function holdUntil(db: Db, until: number, now: number): void {
  prepare(
    db,
    `UPDATE operations SET next_attempt_at = ?, updated_at = ?
      WHERE state IN ('queued', 'waiting_retry') AND COALESCE(next_attempt_at, 0) < ?`,
  ).run(until, now, until)
}

/** Marks an operation as being sent, committed before any byte leaves, so a crash mid-request is seen at the next start. */
export function claimForSending(db: Db, id: number, now: number): boolean {
  const info = prepare(
    db,
    "UPDATE operations SET state = 'sending', attempts = attempts + 1, first_sent_at = COALESCE(first_sent_at, ?), updated_at = ? WHERE id = ? AND state IN ('queued', 'waiting_retry')",
  ).run(now, now, id)
  return info.changes === 1
}

export function markDone(db: Db, id: number, result: unknown, now: number): void {
  prepare(
    db,
    "UPDATE operations SET state = 'done', result_json = ?, outcome_unknown = 0, last_error_json = NULL, next_attempt_at = NULL, updated_at = ? WHERE id = ?",
  ).run(JSON.stringify(result ?? null), now, id)
}

export function scheduleRetry(
  db: Db,
  id: number,
  at: { nextAttemptAt: number; error: StoredError; outcomeUnknown: boolean; now: number },
): void {
  prepare(
    db,
    "UPDATE operations SET state = 'waiting_retry', next_attempt_at = ?, last_error_json = ?, outcome_unknown = MAX(outcome_unknown, ?), updated_at = ? WHERE id = ?",
  ).run(at.nextAttemptAt, JSON.stringify(at.error), at.outcomeUnknown ? 1 : 0, at.now, id)
}

/**
 * When an operation's content first left for the registry: set on an operation that takes over
 * from another (a bulk row split off to send alone), so reconciliation looks back far enough.
 */
export function setFirstSentAt(db: Db, id: number, at: number): void {
  prepare(
    db,
    'UPDATE operations SET first_sent_at = MIN(COALESCE(first_sent_at, ?), ?) WHERE id = ?',
  ).run(at, at, id)
}

export function markNeedsAttention(
  db: Db,
  id: number,
  at: { error: StoredError; outcomeUnknown: boolean; now: number },
): void {
  prepare(
    db,
    "UPDATE operations SET state = 'needs_attention', next_attempt_at = NULL, last_error_json = ?, outcome_unknown = MAX(outcome_unknown, ?), updated_at = ? WHERE id = ?",
  ).run(JSON.stringify(at.error), at.outcomeUnknown ? 1 : 0, at.now, id)
}

/** Puts an operation back without counting the attempt (the queue was paused, e.g. for a key). */
export function returnUnattempted(db: Db, id: number, error: StoredError, now: number): void {
  prepare(
    db,
    "UPDATE operations SET state = 'queued', attempts = MAX(attempts - 1, 0), last_error_json = ?, updated_at = ? WHERE id = ?",
  ).run(JSON.stringify(error), now, id)
}

/**
 * At start-up: an operation left `sending` means the process died mid-request, so its outcome
 * is unknown. It is retried, and a create or bulk upload is reconciled first.
 */
export function recoverInterrupted(db: Db, now: number, settleMs = 0): number {
  // Not before `settleMs` after it was sent: the registry may still have been finishing it.
  return prepare(
    db,
    "UPDATE operations SET state = 'waiting_retry', next_attempt_at = MAX(?, updated_at + ?), outcome_unknown = 1, updated_at = ? WHERE state = 'sending'",
  ).run(now, settleMs, now).changes
}

export function requeue(db: Db, id: number, now: number): void {
  prepare(
    db,
    "UPDATE operations SET state = 'queued', next_attempt_at = NULL, last_error_json = NULL, updated_at = ? WHERE id = ? AND state IN ('needs_attention', 'waiting_retry', 'queued')",
  ).run(now, id)
}

export function cancelOperation(db: Db, id: number, now: number): void {
  prepare(
    db,
    "UPDATE operations SET state = 'cancelled', next_attempt_at = NULL, updated_at = ? WHERE id = ? AND state NOT IN ('done', 'sending')",
  ).run(now, id)
}
