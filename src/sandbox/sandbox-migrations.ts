import type { MigrationStep } from './store/migrate'

/**
 * The sandbox database's migrations, in order (run by store/migrate.ts); index + 1 is the
 * user_version each leaves. Never edit one that has shipped: add the next.
 */
export const SANDBOX_MIGRATIONS: readonly MigrationStep[] = [
  function createRegistryTables(db) {
    db.exec(`
      CREATE TABLE organizations (
        id TEXT PRIMARY KEY,
        business_name TEXT NOT NULL,
        user_id TEXT NOT NULL,
        api_key TEXT NOT NULL UNIQUE,
        created_at TEXT NOT NULL
      ) STRICT;

      -- seq orders submissions newest first even when two share a createdAt millisecond.
      CREATE TABLE reports (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        company_id TEXT NOT NULL REFERENCES organizations (id),
        user_id TEXT NOT NULL,
        fraud_type TEXT NOT NULL,
        fraud_reason TEXT NOT NULL,
        show_uploader_info INTEGER NOT NULL CHECK (show_uploader_info IN (0, 1)),
        attachments_json TEXT NOT NULL CHECK (json_valid(attachments_json)),
        status TEXT NOT NULL,
        listing_status TEXT NOT NULL CHECK (listing_status IN ('listed', 'unlisted')),
        exited_list_at TEXT,
        exit_list_reason TEXT,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;
      CREATE INDEX reports_by_company ON reports (company_id, seq);

      CREATE TABLE report_identifiers (
        id TEXT PRIMARY KEY,
        report_id TEXT NOT NULL REFERENCES reports (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        label TEXT NOT NULL,
        value TEXT NOT NULL,
        UNIQUE (report_id, position)
      ) STRICT;
      CREATE INDEX report_identifiers_by_value ON report_identifiers (label, value);

      -- Reports filed by the public (registry-api.md 2.5); seeded, never written by the API.
      CREATE TABLE public_reports (
        seq INTEGER PRIMARY KEY,
        id TEXT NOT NULL UNIQUE,
        user_id TEXT NOT NULL,
        company_id TEXT NOT NULL,
        fraud_type TEXT NOT NULL,
        fraud_reason TEXT NOT NULL,
        attachments_json TEXT NOT NULL CHECK (json_valid(attachments_json)),
        financial_institution TEXT NOT NULL,
        event_date TEXT NOT NULL,
        notification_sent INTEGER NOT NULL CHECK (notification_sent IN (0, 1)),
        status TEXT NOT NULL,
        victim_json TEXT NOT NULL CHECK (json_valid(victim_json)),
        guest_info_json TEXT NOT NULL CHECK (json_valid(guest_info_json)),
        reporting_entity TEXT NOT NULL,
        created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      ) STRICT;

      CREATE TABLE public_report_identifiers (
        id TEXT PRIMARY KEY,
        public_report_id TEXT NOT NULL REFERENCES public_reports (id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        label TEXT NOT NULL,
        value TEXT NOT NULL,
        UNIQUE (public_report_id, position)
      ) STRICT;
      CREATE INDEX public_report_identifiers_by_value ON public_report_identifiers (label, value);

      CREATE TABLE banks (
        id TEXT PRIMARY KEY,
        position INTEGER NOT NULL,
        name TEXT NOT NULL,
        slug TEXT NOT NULL UNIQUE,
        code TEXT NOT NULL
      ) STRICT;

      -- id is the SHA-256 of the content: the same file uploaded twice is one upload.
      CREATE TABLE uploads (
        id TEXT PRIMARY KEY,
        stored_name TEXT NOT NULL UNIQUE,
        media_type TEXT NOT NULL,
        size INTEGER NOT NULL CHECK (size >= 0),
        original_name TEXT,
        created_at TEXT NOT NULL
      ) STRICT;
    `)
  },
]
