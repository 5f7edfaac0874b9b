import { cachedIdentifier, isoTime } from '../cache/cache'
import { type Db, prepare, type ReadQuery, type Reader } from '../store/store'

/**
 * A report of this computer's outbox that carries the identifier and is not yet on the
 * registry as written: a new report not yet sent, or an update of one not yet sent.
 */
export interface WaitingReport {
  localId: string
  /** The registry's id when this is an update of a report it has; null for a new report. */
  registryId: string | null
  fraudType: string
  fraudReason: string
  identifiers: { label: string; value: string }[]
  /** When it was queued or last changed (ISO). */
  queuedAt: string
  /** Its identifiers that matched, as written in it. */
  matchedAs: string[]
}

/*
 * The reports waiting in the outbox that carry an identifier, as search shows them beside its
 * answer. WAITING_SQL reads the outbox's operations joined with drafts' reports table in one
 * statement (eslint-rules/table-owners.mjs, JOINED_READS): split, each half would scan what the
 * union now finds in one pass.
 */

/*
 * Reports with something to send: queued (a create not yet done, alone or in a bulk upload)
 * or submitted with an update still open. A queued report's draft holds its identifiers as they
 * were written (`casefile submit` keeps "+234 803 …"); an open create or update's payload holds
 * them normalized. Both are looked through as text for a few pieces (needlesFor), so a
 * 50,000-row import waiting to be sent costs two text scans, not a JSON parse per report;
 * waitingReports then checks the few rows found by label and value.
 */
const WAITING_SQL = `
  WITH wanted (needle) AS MATERIALIZED (SELECT value FROM json_each(@needles)),
  found (local_id) AS (
    SELECT local_id FROM reports
    WHERE status = 'queued' AND EXISTS (SELECT 1 FROM wanted WHERE instr(draft_json, needle) > 0)
    UNION
    SELECT chain_id FROM operations
    WHERE state NOT IN ('done', 'cancelled') AND kind IN ('create_report', 'update_report')
      AND EXISTS (SELECT 1 FROM wanted WHERE instr(payload_json, needle) > 0))
  SELECT r.local_id, r.registry_id, r.draft_json, r.updated_at,
    (SELECT o.payload_json FROM operations o
      WHERE o.chain_id = r.local_id AND o.state NOT IN ('done', 'cancelled')
        AND o.kind IN ('create_report', 'update_report')
      ORDER BY o.seq DESC LIMIT 1) AS payload_json
  FROM reports r JOIN found f ON f.local_id = r.local_id
  WHERE r.status IN ('queued', 'submitted')
  ORDER BY r.updated_at DESC, r.local_id DESC`

interface WaitingRow {
  local_id: string
  registry_id: string | null
  draft_json: string
  updated_at: number
  payload_json: string | null
}

interface DraftFields {
  fraudType?: unknown
  fraudReason?: unknown
  identifiers?: unknown
}

function identifiersOf(draft: DraftFields): { label: string; value: string }[] {
  if (!Array.isArray(draft.identifiers)) return []
  return draft.identifiers.flatMap((item: unknown) => {
    const { label, value } = (item ?? {}) as { label?: unknown; value?: unknown }
    return typeof label === 'string' && typeof value === 'string' ? [{ label, value }] : []
  })
}

/**
 * As few pieces of JSON text as find every value: an account's `"<number>_` (its banks, one
 * needle), anything else as its value's end with the closing quote, and none that another one
 * already finds (8031234567" finds "08031234567", "+2348031234567" and "2348031234567").
 */
function needlesFor(label: string, values: ReadonlySet<string>): string[] {
  const pieces = [...values].map((value) => {
    const at = value.indexOf('_')
    // An account number alone stands for the number at any bank: `"<number>_` too.
    if (label === 'account' && at < 0) return JSON.stringify(`${value}_`).slice(0, -1)
    return label === 'account' && at > 0
      ? JSON.stringify(value).slice(0, at + 2)
      : JSON.stringify(value).slice(1)
  })
  const unique = [...new Set(pieces)].sort((a, b) => a.length - b.length)
  return unique.filter((piece, index) => !unique.slice(0, index).some((s) => piece.includes(s)))
}

function parsed<T>(json: string | null): T | null {
  if (json === null) return null
  try {
    return JSON.parse(json) as T
  } catch {
    return null
  }
}

/** The values looked for: each as given and as the cache keeps it. */
function wantedOf(label: string, values: readonly string[]): Set<string> {
  const wanted = new Set<string>()
  for (const value of values) {
    wanted.add(value)
    const normalized = cachedIdentifier(label, value)
    if (normalized) wanted.add(normalized.value)
  }
  return wanted
}

/** The read that finds the candidates (a text scan of what waits), or null when nothing is sought. */
function waitingQuery(label: string, wanted: ReadonlySet<string>): ReadQuery | null {
  if (wanted.size === 0) return null
  return { sql: WAITING_SQL, params: { needles: JSON.stringify(needlesFor(label, wanted)) } }
}

/** The candidates that truly carry a sought value as an identifier of type `label`. */
function waitingFromRows(
  label: string,
  wanted: ReadonlySet<string>,
  rows: readonly WaitingRow[],
): WaitingReport[] {
  const anyBank = new Set(
    label === 'account' ? [...wanted].filter((value) => !value.includes('_')) : [],
  )
  const matches = (identifier: { label: string; value: string }) => {
    if (identifier.label !== label) return false
    const normalized = cachedIdentifier(identifier.label, identifier.value)
    if (anyBank.size > 0 && anyBank.has((normalized?.value ?? '').split('_')[0] ?? '')) return true
    return wanted.has(identifier.value) || (normalized ? wanted.has(normalized.value) : false)
  }
  return rows.flatMap((row) => {
    // A draft that does not parse still waits: it is shown by what its payload says.
    const draft = parsed<DraftFields>(row.draft_json) ?? {}
    const payload = parsed<{ input?: DraftFields }>(row.payload_json)?.input ?? {}
    const identifiers = identifiersOf(draft)
    const matchedAs = [...new Set(identifiers.filter(matches).map((i) => i.value))]
    // Found as text only (another label, or the reason): not a match.
    if (matchedAs.length === 0 && !identifiersOf(payload).some(matches)) return []
    const text = (field: unknown, fallback: unknown) =>
      typeof field === 'string' && field !== ''
        ? field
        : typeof fallback === 'string'
          ? fallback
          : ''
    return [
      {
        localId: row.local_id,
        registryId: row.registry_id,
        fraudType: text(draft.fraudType, payload.fraudType),
        fraudReason: text(draft.fraudReason, payload.fraudReason),
        identifiers: identifiers.length > 0 ? identifiers : identifiersOf(payload),
        queuedAt: isoTime(row.updated_at),
        matchedAs,
      },
    ]
  })
}

/**
 * The reports waiting in this computer's outbox that carry any of `values` as an identifier of
 * type `label`, newest first; an account number given alone finds it at any bank. Never touches
 * the network: what waits here is known at once.
 */
export function waitingReports(db: Db, label: string, values: readonly string[]): WaitingReport[] {
  const wanted = wantedOf(label, values)
  const query = waitingQuery(label, wanted)
  if (!query) return []
  const rows = prepare<[ReadQuery['params']], WaitingRow>(db, query.sql).all(query.params)
  return waitingFromRows(label, wanted, rows)
}

/**
 * waitingReports with its text scan on the core's reading thread: with 20,000 reports queued,
 * the scan holds whoever runs it for a few hundred ms, and the window's search should not
 * hold the core's loop that long.
 */
export async function readWaitingReports(
  reader: Reader,
  label: string,
  values: readonly string[],
): Promise<WaitingReport[]> {
  const wanted = wantedOf(label, values)
  const query = waitingQuery(label, wanted)
  if (!query) return []
  // A person waits on it (a search): ahead of the counts and polls not yet begun.
  const [rows] = await reader.read([query], 'first')
  return waitingFromRows(label, wanted, rows as WaitingRow[])
}
