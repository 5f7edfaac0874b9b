import type { Migration } from './migration'

/** As 0007 wrote it (kept here, not imported, so this migration stays what it was written as). */
const slugOf = (value: string) =>
  `CASE WHEN instr(${value}, '_') > 1 AND instr(${value}, '_') < length(${value})
     THEN substr(${value}, instr(${value}, '_') + 1) ELSE '' END`

const IS_OWN = (row: string) =>
  `EXISTS (SELECT 1 FROM cached_reports WHERE row_id = ${row} AND own = 1 AND kind = 'report')`

/**
 * 0007's `forget`, with `+label`: written `label = 'account'`, SQLite (which has no statistics
 * here) looked the report's other accounts up on cached_identifiers_lookup by label alone, so
 * every account identifier deleted read every account identifier of the cache. A submissions
 * refresh deletes and writes each report's identifiers again: 100 reports took 280-800 ms over
 * 100,000 cached reports, nearly all of it here. `+label` leaves the report's own index
 * (cached_identifiers_report) as the only one that fits: a few rows.
 */
const forget = `
  DELETE FROM cached_own_account_banks
  WHERE report_row = old.report_row AND slug = ${slugOf('old.value')}
    AND NOT EXISTS (
      SELECT 1 FROM cached_identifiers
      WHERE report_row = old.report_row AND +label = 'account' AND ${slugOf('value')} = ${slugOf('old.value')}
    );`

/** The two triggers of 0007 that forget a bank, written again with the plan above. */
export const migration0012: Migration = {
  version: 12,
  name: 'account-banks-trigger-plan',
  up(db) {
    db.exec(`
      DROP TRIGGER cached_own_account_banks_delete;
      DROP TRIGGER cached_own_account_banks_update;
      CREATE TRIGGER cached_own_account_banks_delete AFTER DELETE ON cached_identifiers
        WHEN old.label = 'account' BEGIN
        ${forget}
      END;
      CREATE TRIGGER cached_own_account_banks_update
        AFTER UPDATE OF report_row, label, value ON cached_identifiers
        WHEN old.label = 'account' OR new.label = 'account' BEGIN
        ${forget}
        INSERT OR IGNORE INTO cached_own_account_banks (report_row, slug)
          SELECT new.report_row, ${slugOf('new.value')}
          WHERE new.label = 'account' AND ${IS_OWN('new.report_row')};
      END;
    `)
  },
}
