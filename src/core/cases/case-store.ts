import { prepare, type Db, writeTransaction } from '../store/store'

/*
 * The cases' tables (migration 0017): a case, its items in order, its exports. Items and
 * exports are only ever appended (the tables' triggers refuse a change).
 */

export type CaseItemKind = 'report' | 'search' | 'alert' | 'note'

export interface CaseRow {
  id: string
  title: string
  created_at: number
}

export interface CaseItemRow {
  id: number
  case_id: string
  position: number
  kind: CaseItemKind
  added_at: number
  payload_json: string
  /** A search's answer, as its bytes came; null for the other kinds. */
  answer: Buffer | null
}

export interface CaseExportRow {
  id: number
  case_id: string
  at: number
  fingerprint: string
  file_name: string
  os_user: string
}

export function insertCase(db: Db, row: CaseRow): void {
  prepare(db, 'INSERT INTO cases (id, title, created_at) VALUES (?, ?, ?)').run(
    row.id,
    row.title,
    row.created_at,
  )
}

export function caseRow(db: Db, id: string): CaseRow | undefined {
  return prepare<[string], CaseRow>(db, 'SELECT id, title, created_at FROM cases WHERE id = ?').get(
    id,
  )
}

export interface CaseListRow extends CaseRow {
  items: number
  last_export_at: number | null
}

export function listCaseRows(db: Db): CaseListRow[] {
  return prepare<[], CaseListRow>(
    db,
    `SELECT c.id, c.title, c.created_at,
       (SELECT COUNT(*) FROM case_items i WHERE i.case_id = c.id) AS items,
       (SELECT MAX(e.at) FROM case_exports e WHERE e.case_id = c.id) AS last_export_at
     FROM cases c ORDER BY c.created_at DESC, c.id DESC`,
  ).all()
}

/**
 * An item at the case's end. Its place is read and taken under the write lock: another process
 * adding to the same case waits for it (busy_timeout) and takes the next place.
 */
export function appendItem(
  db: Db,
  item: Omit<CaseItemRow, 'id' | 'position'>,
): { id: number; position: number } {
  return writeTransaction(db, () => {
    const last = prepare<[string], { last: number | null }>(
      db,
      'SELECT MAX(position) AS last FROM case_items WHERE case_id = ?',
    ).get(item.case_id)
    const position = (last?.last ?? 0) + 1
    const info = prepare(
      db,
      'INSERT INTO case_items (case_id, position, kind, added_at, payload_json, answer) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(item.case_id, position, item.kind, item.added_at, item.payload_json, item.answer)
    return { id: Number(info.lastInsertRowid), position }
  })
}

export function itemRows(db: Db, caseId: string): CaseItemRow[] {
  return prepare<[string], CaseItemRow>(
    db,
    'SELECT id, case_id, position, kind, added_at, payload_json, answer FROM case_items WHERE case_id = ? ORDER BY position',
  ).all(caseId)
}

export function insertExport(db: Db, row: Omit<CaseExportRow, 'id'>): void {
  prepare(
    db,
    'INSERT INTO case_exports (case_id, at, fingerprint, file_name, os_user) VALUES (?, ?, ?, ?, ?)',
  ).run(row.case_id, row.at, row.fingerprint, row.file_name, row.os_user)
}

export function exportRows(db: Db, caseId: string): CaseExportRow[] {
  return prepare<[string], CaseExportRow>(
    db,
    'SELECT id, case_id, at, fingerprint, file_name, os_user FROM case_exports WHERE case_id = ? ORDER BY id',
  ).all(caseId)
}
