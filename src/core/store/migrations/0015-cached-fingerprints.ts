import { reportFingerprint } from '../../../shared/domain/fingerprint'
import type { Migration } from './migration'

/**
 * An import asks, for each row, whether the organization already submitted that report, from
 * another laptop too (its cached submissions). The answer was a set of fingerprints built at
 * each import from every own report's JSON: 1.3-1.7 s on the core's thread for 48,000 reports
 * (issue 37's bench:load), twice an import (preview, then queue). Each cached registry report
 * now carries its fingerprint, computed when it is written, and the question is one indexed
 * lookup. Filled here for what the cache already holds.
 */
export const migration0015: Migration = {
  version: 15,
  name: 'cached-fingerprints',
  up(db) {
    db.exec(`
      ALTER TABLE cached_reports ADD COLUMN fingerprint TEXT;
      CREATE INDEX cached_reports_own_fingerprint ON cached_reports (fingerprint)
        WHERE own = 1 AND kind = 'report';
    `)
    const update = db.prepare('UPDATE cached_reports SET fingerprint = ? WHERE row_id = ?')
    // A thousand at a time: an open iterator would keep the connection from updating.
    const page = db.prepare(
      "SELECT row_id, record_json FROM cached_reports WHERE kind = 'report' AND row_id > ? ORDER BY row_id LIMIT 1000",
    )
    for (let after = -Infinity; ;) {
      const rows = page.all(after) as { row_id: number; record_json: string }[]
      if (rows.length === 0) break
      for (const { row_id, record_json } of rows)
        update.run(cachedReportFingerprint(JSON.parse(record_json) as FingerprintedRecord), row_id)
      after = rows.at(-1)?.row_id ?? Number.MAX_SAFE_INTEGER
    }
  },
}

export interface FingerprintedRecord {
  fraudType?: string | null
  fraudReason?: string | null
  identifiers?: readonly { label?: string | null; value: string }[] | null
}

/** The fingerprint of a registry report as cached (fields the registry may leave out, as ''). */
export function cachedReportFingerprint(record: FingerprintedRecord): string {
  return reportFingerprint({
    fraudType: record.fraudType ?? '',
    fraudReason: record.fraudReason ?? '',
    identifiers: (record.identifiers ?? []).map((i) => ({ label: i.label ?? '', value: i.value })),
  })
}
