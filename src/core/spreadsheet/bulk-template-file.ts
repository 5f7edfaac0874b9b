import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { BULK_COLUMNS, BULK_HEADERS, type BulkColumn } from '../../shared/bulk-template'
import { csvLine } from './csv-writer'
import { writeXlsx, type XlsxColumnSpec, type XlsxListValidation } from './xlsx-writer'
import { DEFAULT_TABLE_LIMITS } from './table-limits'

/*
 * The bulk template files, generated from BULK_COLUMNS (the one definition of the template):
 * resources/casefile-bulk-template.xlsx and .csv. `npm run template` regenerates them, and a
 * test checks the checked-in files against this generator.
 */

export const BULK_TEMPLATE_XLSX = 'casefile-bulk-template.xlsx'
export const BULK_TEMPLATE_CSV = 'casefile-bulk-template.csv'
export const BULK_TEMPLATE_SHEET = 'Reports'
export const BULK_INSTRUCTIONS_SHEET = 'Instructions'

/** An example per column, for the instructions sheet only (never a row of the template). */
const EXAMPLES = new Map<string, string>([
  ['fraud_type', 'identity_theft'],
  [
    'fraud_reason',
    'Opened a loan in the victim’s name on 3 May 2024 using a stolen BVN and moved the funds to the account below.',
  ],
  ['show_uploader_info', 'false'],
  ['account_number_1', '0123456789'],
  ['bank_1', 'Access Bank'],
  ['bvn', '22123456789'],
  ['nin', '12345678901'],
  ['phone', '08031234567;+2348091234567'],
  ['email', 'suspect@example.com'],
  ['attachment_1', 'https://files.example.com/evidence.pdf'],
])

const width = (column: BulkColumn) =>
  column.header === 'fraud_reason'
    ? 60
    : column.attachmentIndex
      ? 40
      : column.account?.part === 'bank'
        ? 24
        : 18

const LAST_DATA_ROW = DEFAULT_TABLE_LIMITS.maxRows

function listValidations(): XlsxListValidation[] {
  const validations: XlsxListValidation[] = []
  BULK_COLUMNS.forEach((column, columnIndex) => {
    if (!column.allowedValues) return
    validations.push({
      columnIndex,
      firstRow: 2,
      lastRow: LAST_DATA_ROW,
      values: column.allowedValues,
      error: `${column.header}: pick one of the listed values (${column.allowedValues.join(', ')}).`,
    })
  })
  return validations
}

function instructionRows(): string[][] {
  return [
    ['Column', 'Required', 'What to write', 'Allowed values', 'Example'],
    ...BULK_COLUMNS.map((column) => [
      column.header,
      column.required ? 'yes' : 'no',
      column.help,
      column.allowedValues?.join(', ') ?? '',
      EXAMPLES.get(column.header) ?? '',
    ]),
    [],
    ['How to fill in the template'],
    [
      'One report per row on the "Reports" sheet, below the header row. Keep the header row as it is; columns may be left empty or moved.',
    ],
    [
      'Every report needs a fraud type, a reason of 50 to 2000 characters and at least one identifier (an account with its bank, a BVN, a phone…).',
    ],
    [
      'An account is its number and its bank together: account_number_1 goes with bank_1, and so on.',
    ],
    [
      'The identifier columns are formatted as Text so leading zeros stay; if you paste numbers, paste them as values into these columns.',
    ],
    ['Casefile checks every row before anything is sent and tells you, row by row, what to fix.'],
  ]
}

/** The template as XLSX: the "Reports" sheet (headers, Text columns, lists) and "Instructions". */
export async function writeBulkTemplateXlsx(target: { path: string }): Promise<void> {
  const columns: XlsxColumnSpec[] = BULK_COLUMNS.map((column) => ({
    width: width(column),
    text: true,
  }))
  await writeXlsx(target, [
    {
      name: BULK_TEMPLATE_SHEET,
      header: true,
      columns,
      rows: [BULK_HEADERS],
      validations: listValidations(),
    },
    {
      name: BULK_INSTRUCTIONS_SHEET,
      header: true,
      columns: [
        { width: 24 },
        { width: 10 },
        { width: 60, wrap: true },
        { width: 50, wrap: true },
        { width: 40, wrap: true },
      ],
      rows: instructionRows(),
    },
  ])
}

/** The template as CSV: the header row (UTF-8 with BOM, so Excel opens it as UTF-8). */
export function bulkTemplateCsv(): string {
  return '\ufeff' + csvLine(BULK_HEADERS)
}

/** Writes both template files into `directory` (resources/ in the repository). */
export async function writeBulkTemplateFiles(directory: string): Promise<string[]> {
  await mkdir(directory, { recursive: true })
  const xlsx = join(directory, BULK_TEMPLATE_XLSX)
  const csv = join(directory, BULK_TEMPLATE_CSV)
  await writeBulkTemplateXlsx({ path: xlsx })
  await writeFile(csv, bulkTemplateCsv())
  return [xlsx, csv]
}
