// Which folder of src/core owns each table of the store: the one folder whose SQL may name it.
// Every other folder (and the CLI, the core process, main) asks the owner's front file. Mirrored
// in docs/architecture.md ("Tables and their owners"; test/lint/table-owners.test.ts holds the two
// to agreement) and enforced by eslint-rules/table-owner.mjs under `npm run lint`.

/** Table → the folder of src/core that alone reads and writes it. */
export const TABLE_OWNERS = {
  attachments: 'drafts',
  cache_state: 'cache',
  cached_banks: 'banks',
  cached_identifiers: 'cache',
  cached_own_account_banks: 'cache',
  cached_reports: 'cache',
  cached_reports_fts: 'cache',
  cached_searches: 'cache',
  case_exports: 'cases',
  case_items: 'cases',
  cases: 'cases',
  exchange_log: 'log',
  operations: 'outbox',
  reports: 'drafts',
  screening_identifiers: 'screening',
  screening_jobs: 'screening',
  screening_mappings: 'screening',
  screening_row_identifiers: 'screening',
  screening_rows: 'screening',
  screening_spellings: 'screening',
  sync_lease: 'sync',
  sync_state: 'store',
  watch_alert_events: 'watchlist',
  watch_alerts: 'watchlist',
  watch_items: 'watchlist',
  watch_own_reports: 'watchlist',
  watch_settings: 'watchlist',
}

/**
 * The few reads that join one owner's tables with another's in one statement (one plan, one
 * snapshot: split in two, each would scan what the join now skips). Each is read only, in the
 * one file named, beside a table of that file's own folder; any write of a foreign table, and
 * any other file, still fails.
 */
export const JOINED_READS = {
  'src/core/cache/bank-names.ts': {
    tables: ['cached_banks'],
    why: "each own report's banks counted by the name the bank list gives them (Insights)",
  },
  'src/core/outbox/waiting-reports.ts': {
    tables: ['reports'],
    why: 'reports queued or sent but not yet in the saved copy, found by their open operations',
  },
  'src/core/screening/screening-offline.ts': {
    tables: ['cached_identifiers', 'cached_reports', 'cached_searches'],
    why: "a book's identifiers matched against the saved copy in one pass",
  },
  'src/core/screening/screening-results.ts': {
    tables: ['cached_reports'],
    why: "a screened row's matches with the saved reports they name, a page at a time",
  },
  'src/core/watchlist/watch-own-reports.ts': {
    tables: ['reports', 'cached_reports'],
    why: "the organization's own reports not yet watched (sent from here or seen in Submissions)",
  },
}

/** Files whose SQL names every table: the schema's history and its latest form. */
export const SCHEMA_FILES = ['src/core/store/migrations/']
