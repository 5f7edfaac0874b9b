import {
  BULK_COLUMNS,
  BULK_MAX_ACCOUNTS,
  BULK_MAX_ATTACHMENTS,
  BULK_MULTI_VALUE_SEPARATOR,
} from '../../shared/bulk-template'
import { splitAccountValue } from '../../shared/domain/identifiers'
import type { ReportInput } from '../../shared/domain/report-input'

/**
 * Writes reports as rows of the Casefile bulk template, the file the registry's bulk endpoint
 * takes, every value as written: the registry files what the file says, and the rows it created
 * are then looked for among the submissions as they were sent. The inverse of the importer's
 * row mapper, but for one thing: the importer's CSV reader takes a quote off a cell starting
 * with a quote and =, +, - or @ (the guard of the exports people open), which this file, never
 * opened by a person, does not add.
 */
export function bulkRowCells(
  input: ReportInput,
): { ok: true; cells: string[] } | { ok: false; message: string } {
  const accounts = input.identifiers.filter((i) => i.label === 'account')
  if (accounts.length > BULK_MAX_ACCOUNTS)
    return {
      ok: false,
      message: `The bulk template holds at most ${BULK_MAX_ACCOUNTS} bank accounts per report; this one has ${accounts.length}. Send it as an individual report.`,
    }
  if (input.attachments.length > BULK_MAX_ATTACHMENTS)
    return {
      ok: false,
      message: `The bulk template holds at most ${BULK_MAX_ATTACHMENTS} attachments per report.`,
    }
  const others = new Map<string, string[]>()
  for (const identifier of input.identifiers) {
    if (identifier.label === 'account') continue
    if (identifier.value.includes(BULK_MULTI_VALUE_SEPARATOR))
      return {
        ok: false,
        message: `The ${identifier.label} "${identifier.value}" contains "${BULK_MULTI_VALUE_SEPARATOR}", which the bulk template uses between values. Send it as an individual report.`,
      }
    others.set(identifier.label, [...(others.get(identifier.label) ?? []), identifier.value])
  }
  const cells = BULK_COLUMNS.map((column) => {
    if (column.header === 'fraud_type') return input.fraudType
    if (column.header === 'fraud_reason') return input.fraudReason
    if (column.header === 'show_uploader_info') return input.showUploaderInfo ? 'true' : 'false'
    if (column.account) {
      const account = accounts[column.account.index - 1]
      const parts = account ? splitAccountValue(account.value) : null
      if (!parts) return ''
      return column.account.part === 'number' ? parts.accountNumber : parts.bankSlug
    }
    if (column.attachmentIndex) return input.attachments[column.attachmentIndex - 1] ?? ''
    if (column.identifier)
      return (others.get(column.identifier) ?? []).join(`${BULK_MULTI_VALUE_SEPARATOR} `)
    return ''
  })
  return { ok: true, cells }
}

/**
 * One field, quoted per RFC 4180 and nothing more. Unlike exports meant for people, this file
 * is read by the registry's parser, not by a spreadsheet program: neutralizing formulas (a
 * leading ') would corrupt values such as +2348031234567.
 */
function rawCsvField(value: string): string {
  return /[",\r\n;]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value
}

/** A whole bulk file (CSV, UTF-8) of rows made by bulkRowCells. */
export function bulkCsv(rows: readonly string[][]): string {
  const line = (cells: readonly string[]) => `${cells.map(rawCsvField).join(',')}\r\n`
  return [line(BULK_COLUMNS.map((c) => c.header)), ...rows.map(line)].join('')
}
