import type { Migration } from './migration'

/**
 * The bank of an account identifier (`<number>_<bank slug>`, split at the first underscore as
 * splitAccountValue does), '' for an account without its bank: no underscore, or nothing
 * before or after it. Kept here, not imported, so the triggers stay what they were written as.
 */
const slugOf = (value: string) =>
  `CASE WHEN instr(${value}, '_') > 1 AND instr(${value}, '_') < length(${value})
     THEN substr(${value}, instr(${value}, '_') + 1) ELSE '' END`

const IS_OWN = (row: string) =>
  `EXISTS (SELECT 1 FROM cached_reports WHERE row_id = ${row} AND own = 1 AND kind = 'report')`

/** Drops the pair of the identifier `old` when no other account of its report names that bank. */
const forget = `
  DELETE FROM cached_own_account_banks
  WHERE report_row = old.report_row AND slug = ${slugOf('old.value')}
    AND NOT EXISTS (
      SELECT 1 FROM cached_identifiers
      WHERE report_row = old.report_row AND label = 'account' AND ${slugOf('value')} = ${slugOf('old.value')}
    );`

/**
 * Insights counts the organization's reports by the bank of the accounts they name. Read from
 * cached_identifiers, that count took the slug apart for each of 60,000 accounts and kept
 * those of own reports by a list of 100,000 row ids: 200–300 ms over 100,000 cached reports,
 * the most of the screen's first opening. This table holds each own report's banks once, one
 * (report, slug) pair each, so the counts read an index: a count per slug, and reports with an
 * account by the key's order (10 ms together).
 *
 * Kept by triggers, as the full-text index is (0002): on every write of an account identifier
 * and on every change of a report's `own` flag (a refresh marking it own, another
 * organization's key making it not), whichever code writes them.
 */
export const migration0007: Migration = {
  version: 7,
  name: 'own-account-banks',
  up(db) {
    db.exec(`
      CREATE TABLE cached_own_account_banks (
        report_row INTEGER NOT NULL,
        -- '' for an account without its bank.
        slug TEXT NOT NULL,
        UNIQUE (report_row, slug)
      ) STRICT;
      CREATE INDEX cached_own_account_banks_slug ON cached_own_account_banks (slug, report_row);

      INSERT OR IGNORE INTO cached_own_account_banks (report_row, slug)
        SELECT i.report_row, ${slugOf('i.value')}
        FROM cached_identifiers i JOIN cached_reports r ON r.row_id = i.report_row
        WHERE i.label = 'account' AND r.own = 1 AND r.kind = 'report';

      CREATE TRIGGER cached_own_account_banks_insert AFTER INSERT ON cached_identifiers
        WHEN new.label = 'account' AND ${IS_OWN('new.report_row')} BEGIN
        INSERT OR IGNORE INTO cached_own_account_banks (report_row, slug)
          VALUES (new.report_row, ${slugOf('new.value')});
      END;
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
      -- A report becoming own, or no longer own: its banks are read again from its accounts.
      CREATE TRIGGER cached_own_account_banks_own AFTER UPDATE OF own, kind ON cached_reports
        WHEN (old.own = 1 AND old.kind = 'report') IS NOT (new.own = 1 AND new.kind = 'report') BEGIN
        DELETE FROM cached_own_account_banks WHERE report_row = new.row_id;
        INSERT OR IGNORE INTO cached_own_account_banks (report_row, slug)
          SELECT report_row, ${slugOf('value')} FROM cached_identifiers
          WHERE report_row = new.row_id AND label = 'account' AND new.own = 1 AND new.kind = 'report';
      END;
      CREATE TRIGGER cached_own_account_banks_report_delete AFTER DELETE ON cached_reports BEGIN
        DELETE FROM cached_own_account_banks WHERE report_row = old.row_id;
      END;
    `)
  },
}
