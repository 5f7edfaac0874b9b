import type { ReadQuery } from '../store/read-thread'

/*
 * The reports waiting in the outbox that carry an identifier, as search shows them beside its
 * answer (cache/waiting-reports.ts checks and words the rows found). A read of the outbox's
 * operations joined with drafts' reports table in one statement (eslint-rules/table-owners.mjs,
 * JOINED_READS): split, each half would scan what the union now finds in one pass.
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

/** The read that finds the candidates, for `needles` (a JSON array of pieces of JSON text). */
export function waitingReportsQuery(needles: string): ReadQuery {
  return { sql: WAITING_SQL, params: { needles } }
}
