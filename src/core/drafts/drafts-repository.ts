import { prepare, newLocalId, type Db } from '../store/store'
import {
  draftSchema,
  type Draft,
  type DraftInput,
  type LocalReport,
  type LocalReportStatus,
} from './draft'

interface ReportRow {
  local_id: string
  registry_id: string | null
  status: LocalReportStatus
  draft_json: string
  origin: string
  created_at: number
  updated_at: number
}

function toReport(row: ReportRow): LocalReport {
  // A draft that no longer parses (hand-edited file, older version) is shown empty-but-kept,
  // never thrown away: the raw JSON stays in the row.
  const parsed = draftSchema.safeParse(JSON.parse(row.draft_json))
  return {
    localId: row.local_id,
    registryId: row.registry_id,
    status: row.status,
    draft: parsed.success ? parsed.data : draftSchema.parse({}),
    origin: row.origin,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

export class ReportNotFoundError extends Error {
  constructor(localId: string) {
    super(`No report ${localId} in this data folder. It may have been discarded; refresh the list.`)
  }
}

export function insertDraft(
  db: Db,
  input: DraftInput,
  options: { now: number; origin?: string; registryId?: string; status?: LocalReportStatus },
): LocalReport {
  const localId = newLocalId()
  const draft = draftSchema.parse(input)
  prepare(
    db,
    'INSERT INTO reports (local_id, registry_id, status, draft_json, origin, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run(
    localId,
    options.registryId ?? null,
    options.status ?? 'draft',
    JSON.stringify(draft),
    options.origin ?? 'editor',
    options.now,
    options.now,
  )
  return loadReport(db, localId)
}

export function lookUpReport(db: Db, localOrRegistryId: string): LocalReport | null {
  const row = prepare<[string, string], ReportRow>(
    db,
    'SELECT * FROM reports WHERE local_id = ? OR registry_id = ? LIMIT 1',
  ).get(localOrRegistryId, localOrRegistryId)
  return row ? toReport(row) : null
}

export function loadReport(db: Db, localId: string): LocalReport {
  const report = lookUpReport(db, localId)
  if (!report) throw new ReportNotFoundError(localId)
  return report
}

export function selectReports(
  db: Db,
  options: { status?: LocalReportStatus; limit?: number; offset?: number } = {},
): LocalReport[] {
  const rows = options.status
    ? prepare<[string, number, number], ReportRow>(
        db,
        'SELECT * FROM reports WHERE status = ? ORDER BY updated_at DESC LIMIT ? OFFSET ?',
      ).all(options.status, options.limit ?? -1, options.offset ?? 0)
    : prepare<[number, number], ReportRow>(
        db,
        "SELECT * FROM reports WHERE status != 'discarded' ORDER BY updated_at DESC LIMIT ? OFFSET ?",
      ).all(options.limit ?? -1, options.offset ?? 0)
  return rows.map(toReport)
}

/**
 * Autosave: stores whatever the user has typed so far. Only a draft can be saved this way;
 * a queued or submitted report changes through queueUpdate so the change reaches the registry.
 */
export function updateDraft(db: Db, localId: string, input: DraftInput, now: number): LocalReport {
  const report = loadReport(db, localId)
  if (report.status !== 'draft')
    throw new Error(
      `Report ${localId} is ${report.status}, not a draft: save your changes as an update (queue it) instead.`,
    )
  setDraft(db, localId, draftSchema.parse(input), now)
  return loadReport(db, localId)
}

/** Writes the draft JSON (and status, when given) without the draft-only check; for the outbox. */
export function setDraft(
  db: Db,
  localId: string,
  draft: Draft,
  now: number,
  status?: LocalReportStatus,
): void {
  prepare(
    db,
    'UPDATE reports SET draft_json = ?, status = COALESCE(?, status), updated_at = ? WHERE local_id = ?',
  ).run(JSON.stringify(draft), status ?? null, now, localId)
}

export function setReportStatus(
  db: Db,
  localId: string,
  status: LocalReportStatus,
  now: number,
  registryId?: string,
): void {
  prepare(
    db,
    'UPDATE reports SET status = ?, registry_id = COALESCE(?, registry_id), updated_at = ? WHERE local_id = ?',
  ).run(status, registryId ?? null, now, localId)
}

export function deleteDraft(db: Db, localId: string, now: number): void {
  const report = loadReport(db, localId)
  if (report.status !== 'draft')
    throw new Error(
      `Report ${localId} is ${report.status}; only a draft can be discarded. Discard its queued operations in the outbox instead.`,
    )
  setReportStatus(db, localId, 'discarded', now)
}

export function setFingerprint(db: Db, localId: string, fingerprint: string): void {
  prepare(db, 'UPDATE reports SET fingerprint = ? WHERE local_id = ?').run(fingerprint, localId)
}
