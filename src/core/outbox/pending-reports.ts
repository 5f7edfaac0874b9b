import { type Db, prepare } from '../store/store'

/**
 * How many reports still owe the registry something, as a person counts them: a report with an
 * attachment is one report (its upload and its create are two operations), a report created and
 * then updated before either was sent is one, and a bulk upload is as many reports as its rows.
 */
export function pendingReportCount(db: Db): number {
  const row = prepare<[], { chains: number; rows: number | null }>(
    db,
    `SELECT
       (SELECT count(DISTINCT chain_id) FROM operations
          WHERE state NOT IN ('done', 'cancelled') AND kind != 'bulk_upload') AS chains,
       (SELECT sum(coalesce(json_array_length(payload_json, '$.rows'), 0)) FROM operations
          WHERE state NOT IN ('done', 'cancelled') AND kind = 'bulk_upload') AS rows`,
  ).get()
  return (row?.chains ?? 0) + (row?.rows ?? 0)
}
