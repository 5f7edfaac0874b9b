import { prepare, type Db } from '../store/store'
import type { NetworkRefusal } from '../network/network'
import type { RegistryErrorKind } from '../registry-error'
import {
  BULK_CHAIN_PREFIX,
  PENDING_STATES,
  type Operation,
  type OperationKind,
  type OperationState,
} from './operations'

/*
 * The outbox's reads: operations by id, by chain, by state, what may be sent now and when next.
 * What changes an operation's state is in operation-transitions.ts.
 */

interface OperationRow {
  id: number
  chain_id: string
  seq: number
  kind: OperationKind
  state: OperationState
  payload_json: string
  attempts: number
  next_attempt_at: number | null
  first_sent_at: number | null
  outcome_unknown: number
  last_error_json: string | null
  result_json: string | null
  created_at: number
  updated_at: number
}

const parseJson = (text: string | null): unknown => {
  if (text === null) return null
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

function toOperation(row: OperationRow): Operation {
  return {
    id: row.id,
    chainId: row.chain_id,
    seq: row.seq,
    kind: row.kind,
    state: row.state,
    payload: parseJson(row.payload_json),
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at,
    firstSentAt: row.first_sent_at,
    outcomeUnknown: row.outcome_unknown === 1,
    lastError: parseJson(row.last_error_json) as Operation['lastError'],
    result: parseJson(row.result_json),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

/** The last failure of an operation, as the outbox shows it: a registry error, or a problem on our side. */
export interface StoredError {
  kind: RegistryErrorKind | 'local'
  message: string
  status?: number
  /** The network's refusal (a certificate, a proxy), as facts for a front that words it itself. */
  networkRefusal?: NetworkRefusal
}

export function lookUpOperation(db: Db, id: number): Operation | null {
  const row = prepare<[number], OperationRow>(db, 'SELECT * FROM operations WHERE id = ?').get(id)
  return row ? toOperation(row) : null
}

export function loadOperation(db: Db, id: number): Operation {
  const op = lookUpOperation(db, id)
  if (!op) throw new Error(`No outbox operation ${id} in this data folder; refresh the outbox.`)
  return op
}

export function chainOperations(db: Db, chainId: string): Operation[] {
  return prepare<[string], OperationRow>(
    db,
    'SELECT * FROM operations WHERE chain_id = ? ORDER BY seq',
  )
    .all(chainId)
    .map(toOperation)
}

export function listOperations(
  db: Db,
  options: { states?: readonly OperationState[]; limit?: number; offset?: number } = {},
): Operation[] {
  const states = options.states ?? PENDING_STATES
  const placeholders = states.map(() => '?').join(', ')
  // Only open ones asked (the window's Outbox): the literal term lets the planner read the
  // index of open operations, which a bound list cannot prove it may; without it, each read of
  // the Outbox read every operation ever sent (145 ms of the core's thread once 22,000 were).
  const open = states.every((state) => (PENDING_STATES as readonly string[]).includes(state))
    ? "state NOT IN ('done', 'cancelled') AND "
    : ''
  return prepare<unknown[], OperationRow>(
    db,
    `SELECT * FROM operations WHERE ${open}state IN (${placeholders}) ORDER BY id LIMIT ? OFFSET ?`,
  )
    .all(...states, options.limit ?? -1, options.offset ?? 0)
    .map(toOperation)
}

/** Finished operations (done or cancelled), newest first, optionally finished within [from, to). */
export function listFinished(
  db: Db,
  options: { states: readonly OperationState[]; from?: number; to?: number; limit?: number },
): Operation[] {
  const placeholders = options.states.map(() => '?').join(', ')
  return prepare<unknown[], OperationRow>(
    db,
    // The literal term lets the planner read the index of finished operations (migration
    // 0005), which a bound list cannot prove it may: without it, the window's History read the
    // whole outbox, 100-190 ms of the core's thread once it held 20,000 sent (bench:load).
    `SELECT * FROM operations WHERE state IN ('done', 'cancelled') AND state IN (${placeholders})
       AND updated_at >= ? AND updated_at < ?
     ORDER BY updated_at DESC, id DESC LIMIT ?`,
  )
    .all(
      ...options.states,
      options.from ?? 0,
      options.to ?? Number.MAX_SAFE_INTEGER,
      options.limit ?? 200,
    )
    .map(toOperation)
}

/** The states of an operation that still owes the registry something. */
export type PendingState = 'queued' | 'sending' | 'waiting_retry' | 'needs_attention'

/**
 * Operations per pending state, counted in the index of open operations (operations_open),
 * never in the history: counting every operation ever sent read the whole table, 90 ms on an
 * encrypted folder of 50,000, and the window's counts were refreshed after each one sent.
 */
export function countPending(db: Db): Record<PendingState, number> {
  const counts = { queued: 0, sending: 0, waiting_retry: 0, needs_attention: 0 }
  for (const row of prepare<[], { state: PendingState; n: number }>(
    db,
    "SELECT state, count(*) AS n FROM operations WHERE state NOT IN ('done', 'cancelled') GROUP BY state",
  ).all())
    counts[row.state] = row.n
  return counts
}

/** Operations per state, the finished ones included (a full read: for `casefile outbox`, not for a hot path). */
export function countByState(db: Db): Record<OperationState, number> {
  const counts = { ...countPending(db), done: 0, cancelled: 0 }
  for (const row of prepare<[], { state: 'done' | 'cancelled'; n: number }>(
    db,
    "SELECT state, count(*) AS n FROM operations WHERE state IN ('done', 'cancelled') GROUP BY state",
  ).all())
    counts[row.state] = row.n
  return counts
}

export function pendingCount(db: Db): number {
  const counts = countPending(db)
  return counts.queued + counts.sending + counts.waiting_retry + counts.needs_attention
}

/**
 * The operations that may be sent now: the first unfinished operation of each chain, when it
 * is queued or its retry time has come. A chain whose head needs attention waits for the user.
 * With `bulk`, only the bulk import's chains (true) or only the others (false): the send
 * slots' two lanes (sync/fair-lanes.ts).
 */
export function runnableHeads(db: Db, now: number, limit: number, bulk?: boolean): Operation[] {
  const lane =
    bulk === undefined ? '' : `AND (substr(o.chain_id, 1, ${BULK_CHAIN_PREFIX.length}) = ?) = ?`
  return prepare<unknown[], OperationRow>(
    db,
    `SELECT o.* FROM operations o
      WHERE o.state IN ('queued', 'waiting_retry') AND (o.next_attempt_at IS NULL OR o.next_attempt_at <= ?)
        ${lane}
        AND NOT EXISTS (SELECT 1 FROM operations p WHERE p.chain_id = o.chain_id AND p.seq < o.seq AND p.state NOT IN ('done', 'cancelled'))
      ORDER BY o.id
      LIMIT ?`,
  )
    .all(now, ...(bulk === undefined ? [] : [BULK_CHAIN_PREFIX, bulk ? 1 : 0]), limit)
    .map(toOperation)
}

/**
 * How many chains can still move without a person: their first unfinished operation is queued,
 * waiting for its retry time or being sent. Operations behind a head that needs attention are
 * blocked, not movable: they wait for the user to retry, edit or discard that head.
 */
export function movableChainCount(db: Db): number {
  return (
    prepare<[], { n: number }>(
      db,
      `SELECT count(*) AS n FROM operations o
        WHERE o.state IN ('queued', 'waiting_retry', 'sending')
          AND NOT EXISTS (SELECT 1 FROM operations p WHERE p.chain_id = o.chain_id AND p.seq < o.seq AND p.state NOT IN ('done', 'cancelled'))`,
    ).get()?.n ?? 0
  )
}

/** When the earliest waiting chain head may be tried again (null when none waits). */
export function nextWakeAt(db: Db): number | null {
  return (
    prepare<[], { at: number | null }>(
      db,
      `SELECT min(o.next_attempt_at) AS at FROM operations o
        WHERE o.state IN ('queued', 'waiting_retry') AND o.next_attempt_at IS NOT NULL
          AND NOT EXISTS (SELECT 1 FROM operations p WHERE p.chain_id = o.chain_id AND p.seq < o.seq AND p.state NOT IN ('done', 'cancelled'))`,
    ).get()?.at ?? null
  )
}

export function setPayload(db: Db, id: number, payload: unknown, now: number): void {
  prepare(db, 'UPDATE operations SET payload_json = ?, updated_at = ? WHERE id = ?').run(
    JSON.stringify(payload),
    now,
    id,
  )
}
