import { multiRowInsert, type Db, prepare } from '../store/store'

/*
 * The reports table as the other folders ask of it: a report already queued inserted many at a
 * time (the import), the fingerprints known, a registry id already held. The table is drafts'
 * (docs/architecture.md, "Tables and their owners"); drafts-repository.ts holds the rest.
 */

const REPORT_COLUMNS =
  'INSERT INTO reports (local_id, status, draft_json, fingerprint, origin, created_at, updated_at) VALUES '
const REPORT_VALUES = "(?, 'queued', ?, ?, ?, ?, ?)"

/**
 * `rows` reports already queued, at once (outbox/queue-checked-reports.ts: one statement step
 * for many rows); `params` holds each row's local id, draft (JSON), fingerprint, origin and time
 * twice, in order.
 */
export function insertQueuedReports(db: Db, rows: number, params: readonly unknown[]): void {
  prepare(db, multiRowInsert(REPORT_COLUMNS, REPORT_VALUES, rows)).run(...params)
}

/** The fingerprints of the reports queued, submitted or unlisted here, in one indexed scan. */
export function fingerprintedReports(
  db: Db,
): IterableIterator<{ fingerprint: string; status: string }> {
  return prepare<[], { fingerprint: string; status: string }>(
    db,
    "SELECT fingerprint, status FROM reports WHERE fingerprint IS NOT NULL AND status IN ('queued', 'submitted', 'unlisted')",
  ).iterate()
}

/** Asks the registry id's unique index, one id at a time, whether a local report holds it. */
export function registryIdHeld(db: Db): (registryId: string) => boolean {
  const held = prepare<[string], { held: number }>(
    db,
    'SELECT 1 AS held FROM reports WHERE registry_id = ?',
  )
  return (registryId) => held.get(registryId) !== undefined
}
