import { FRAUD_TYPES } from './domain/fraud-types'
import type { IdentifierType } from './domain/identifiers'

/**
 * The Casefile bulk template: one row per report. This one definition is what the template
 * files in resources/ are generated from, what the importer reads, and the columns the sandbox
 * registry's bulk endpoint accepts (CSV or XLSX, first sheet, first row = these headers;
 * header matching ignores case, spaces and order; unknown columns are reported, not read).
 * The sandbox takes the columns only, as data (eslint.config.mjs): it matches headers itself.
 */
export const BULK_MAX_ACCOUNTS = 3
export const BULK_MAX_ATTACHMENTS = 3
/** Separator for several values of one identifier type in one cell. */
export const BULK_MULTI_VALUE_SEPARATOR = ';'

export interface BulkColumn {
  header: string
  /** What fills the cell, for the instructions sheet. */
  help: string
  required: boolean
  /** The identifier type this column carries, if any. */
  identifier?: IdentifierType
  /** For account columns: which account group (1-based) and which half. */
  account?: { index: number; part: 'number' | 'bank' }
  attachmentIndex?: number
  allowedValues?: readonly string[]
}

const multi = `Several values may share the cell, separated by "${BULK_MULTI_VALUE_SEPARATOR}".`

export const BULK_COLUMNS: readonly BulkColumn[] = [
  {
    header: 'fraud_type',
    help: 'One of the allowed fraud types.',
    required: true,
    allowedValues: FRAUD_TYPES,
  },
  { header: 'fraud_reason', help: 'What happened, 50 to 2000 characters.', required: true },
  {
    header: 'show_uploader_info',
    help: 'true or false (yes/no also read); empty means false.',
    required: false,
    allowedValues: ['true', 'false'],
  },
  ...Array.from({ length: BULK_MAX_ACCOUNTS }, (_, i) => [
    {
      header: `account_number_${i + 1}`,
      help: '10-digit NUBAN account number.',
      required: false,
      identifier: 'account' as const,
      account: { index: i + 1, part: 'number' as const },
    },
    {
      header: `bank_${i + 1}`,
      help: 'The bank of that account: its name as in the bank list, or its slug.',
      required: false,
      identifier: 'account' as const,
      account: { index: i + 1, part: 'bank' as const },
    },
  ]).flat(),
  { header: 'bvn', help: `11-digit BVN. ${multi}`, required: false, identifier: 'bvn' },
  { header: 'nin', help: `11-digit NIN. ${multi}`, required: false, identifier: 'nin' },
  {
    header: 'phone',
    help: `Phone number, e.g. 08031234567 or +2348031234567. ${multi}`,
    required: false,
    identifier: 'phone',
  },
  { header: 'email', help: `Email address. ${multi}`, required: false, identifier: 'email' },
  {
    header: 'drivers_license',
    help: `Driver's licence number. ${multi}`,
    required: false,
    identifier: 'drivers_license',
  },
  {
    header: 'international_passport',
    help: `Passport number. ${multi}`,
    required: false,
    identifier: 'international_passport',
  },
  {
    header: 'account_name',
    help: `Name on the account. ${multi}`,
    required: false,
    identifier: 'account_name',
  },
  {
    header: 'social_handle',
    help: `Social media handle. ${multi}`,
    required: false,
    identifier: 'social_handle',
  },
  ...Array.from({ length: BULK_MAX_ATTACHMENTS }, (_, i) => ({
    header: `attachment_${i + 1}`,
    help: 'A link (https://…) to an uploaded file, or, in Casefile, a path to a file on this computer.',
    required: false,
    attachmentIndex: i + 1,
  })),
]

export const BULK_HEADERS: readonly string[] = BULK_COLUMNS.map((c) => c.header)

/**
 * Columns Casefile itself adds when it writes rejected rows back out (the original row number
 * and the reasons), so a fixed file can be imported again: read as bookkeeping, never as data.
 */
export const BULK_ROW_NUMBER_HEADER = 'casefile_row'
export const BULK_ERRORS_HEADER = 'casefile_errors'
export const BULK_BOOKKEEPING_HEADERS: readonly string[] = [
  BULK_ROW_NUMBER_HEADER,
  BULK_ERRORS_HEADER,
]

/** How a header cell is matched to a column: case, spaces, dashes and underscores ignored. */
export function normalizeBulkHeader(header: string): string {
  return header
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '_')
}
