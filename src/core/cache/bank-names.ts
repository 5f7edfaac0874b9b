import type { ReadQuery } from '../store/store'

/*
 * The own reports' banks (migration 0007's table: one (report, slug) pair each, slug '' for an
 * account without its bank), counted by the name the bank list gives each slug: two slugs of
 * one name (a renamed bank) are one bank, and a report with accounts at both counts once; the
 * slugs the list does not name are counted together (name null). A join of the cache's table
 * with the bank list (banks' table: eslint-rules/table-owners.mjs, JOINED_READS), read only.
 */
const BY_BANK_NAME_SQL = `
  SELECT b.name AS name, count(DISTINCT a.report_row) AS n
  FROM cached_own_account_banks a LEFT JOIN cached_banks b ON b.slug = a.slug
  WHERE a.slug <> '' GROUP BY b.name`

/** Rows { name, n }: the own reports by the name of their accounts' banks. */
export const ownReportsByBankName = (): ReadQuery => ({ sql: BY_BANK_NAME_SQL })
