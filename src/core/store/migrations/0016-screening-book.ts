import type { Migration } from './migration'

/**
 * Screening a bank's whole book (issue 40). A job's pace is `fixed` (its `rate`) or `auto`
 * (the folder's pace, search-pace.ts); `fresher_than_ms` is how young an answer of an earlier
 * job must be to be reused instead of searched again (null: nothing is reused), found by the
 * index on spellings below; `audit_json` holds what the record says for an auditor (the
 * input's SHA-256 and size, the registry, the organization, who ran it, the version, the pace
 * and how it changed, the start and end on the registry's clock).
 */
export const migration0016: Migration = {
  version: 16,
  name: 'screening-book',
  up(db) {
    db.exec(`
      ALTER TABLE screening_jobs ADD COLUMN pace TEXT NOT NULL DEFAULT 'fixed';
      ALTER TABLE screening_jobs ADD COLUMN fresher_than_ms INTEGER;
      ALTER TABLE screening_jobs ADD COLUMN audit_json TEXT NOT NULL DEFAULT '{}';
      CREATE INDEX screening_spellings_reuse
        ON screening_spellings (label, value, answered_at);
    `)
  },
}
