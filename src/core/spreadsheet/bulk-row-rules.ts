import {
  BULK_COLUMNS,
  BULK_MULTI_VALUE_SEPARATOR,
  type BulkColumn,
} from '../../shared/bulk-template'
import {
  FRAUD_TYPES,
  FRAUD_TYPE_LABELS,
  attachmentUrlSchema,
  createReportInputSchema,
  normalizeIdentifierValue,
  type FraudType,
  type IdentifierType,
  type ReportInputDraft,
} from '../../shared/domain'
import { cellReference, columnLetter } from './cell-reference'
import { createBankResolver, type BulkBank } from './bank-resolver'
import type { BulkHeaderMapping } from './bulk-header'
import type { TableRow } from './table-row'

/** What is wrong in one cell: `column` is the template header ('' for the row as a whole). */
export interface BulkRowError {
  column: string
  message: string
  /** The cell as the sheet names it ("B7"), when the problem is in one cell. */
  cell?: string
}

export interface AcceptedBulkRow {
  ok: true
  rowNumber: number
  /** Validated by the shared report schema, identifiers normalized; attachments are separate. */
  input: ReportInputDraft
  /** attachment_1…3 as written: https links, or paths of files on this computer to upload first. */
  attachments: string[]
  /** The attachments that are file paths, with the cell each was written in (checked at import). */
  files: AttachmentFileCell[]
}

/** A file path written in an attachment cell. */
export interface AttachmentFileCell {
  column: string
  cell?: string
  path: string
}

export interface RejectedBulkRow {
  ok: false
  rowNumber: number
  errors: BulkRowError[]
}

export type BulkRowResult = AcceptedBulkRow | RejectedBulkRow

export interface BulkRowOptions {
  /** The bank list: bank cells may then hold a bank's name, slug or code, and must match one. */
  banks?: readonly BulkBank[]
  /**
   * Without a bank list, why there is none (it could not be fetched): a bank cell holding a name
   * or a code cannot be resolved then, and its row is refused with this reason. A slug passes,
   * for the registry to check.
   */
  banksUnavailable?: string
}

/** What a bank slug looks like (access-bank, gtbank): a name or a CBN code does not. */
const SLUG_SHAPE = /^(?=[a-z0-9-]*[a-z])[a-z0-9]+(?:-[a-z0-9]+)*$/

const fold = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, '')
/** "Identity theft", "IDENTITY_THEFT" and "identity-theft" all mean identity_theft. */
const FRAUD_TYPE_BY_FOLDED = new Map<string, FraudType>()
for (const type of FRAUD_TYPES) {
  FRAUD_TYPE_BY_FOLDED.set(fold(type), type)
  FRAUD_TYPE_BY_FOLDED.set(fold(FRAUD_TYPE_LABELS[type]), type)
}

const BOOLEAN_WORDS = new Map([
  ['true', true],
  ['yes', true],
  ['1', true],
  ['false', false],
  ['no', false],
  ['0', false],
])

/** Stands in for a bank that could not be resolved, so the account number is still checked. */
const UNRESOLVED_BANK = 'unresolved-bank'

const isUrlLike = (text: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(text)
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/

/** Where each identifier of the draft came from, to put its error on the right cell. */
interface IdentifierSource {
  type: IdentifierType
  column: string
  bankColumn?: string
  /** The bank cell is already reported (empty or not in the list). */
  bankReported?: boolean
  written: string
}

/**
 * Why a number-like identifier may have been mangled by the spreadsheet program (leading zero
 * dropped, scientific notation): appended to the shared message so the fix is obvious.
 */
function numberMangledHint(written: string): string {
  if (/^\d+(\.\d+)?e\+?\d+$/i.test(written))
    return ` The spreadsheet turned the number into "${written}": format the column as Text and type the number again.`
  if (/^\d{1,10}$/.test(written) && written[0] !== '0')
    return ' If it began with 0, the spreadsheet dropped the zero: format the column as Text and type the number again.'
  return ''
}

/**
 * Maps data rows to report inputs, checked by the shared report schema so a row gets the same
 * message the registry would give. Returns null for a row with nothing in it.
 */
export function createBulkRowMapper(
  header: BulkHeaderMapping,
  options: BulkRowOptions = {},
): (row: TableRow) => BulkRowResult | null {
  const banks = options.banks
  const resolveBank = banks ? createBankResolver(banks) : null
  const schema = createReportInputSchema(
    banks ? { bankSlugs: new Set(banks.map((b) => b.slug.trim().toLowerCase())) } : {},
  )
  const bankExample = banks?.[0] ? ` (e.g. "${banks[0].name}" or ${banks[0].slug})` : ''
  const present = (c: BulkColumn) => header.indexOf.has(c.header)
  const accountGroups = BULK_COLUMNS.filter((c) => c.account?.part === 'number' && present(c)).map(
    (numberColumn) => ({
      number: numberColumn.header,
      bank:
        BULK_COLUMNS.find(
          (c) => c.account?.part === 'bank' && c.account.index === numberColumn.account?.index,
        )?.header ?? '',
    }),
  )
  const multiValueColumns = BULK_COLUMNS.filter((c) => c.identifier && !c.account && present(c))
  const attachmentColumns = BULK_COLUMNS.filter((c) => c.attachmentIndex && present(c))

  return (row) => {
    const cellOf = (column: string) => {
      const index = header.indexOf.get(column)
      return index === undefined ? '' : (row.cells[index] ?? '')
    }
    const refOf = (column: string) => {
      const index = header.indexOf.get(column)
      return index === undefined ? undefined : cellReference(index, row.rowNumber)
    }
    if (row.cells.every((c) => c.trim() === '') && !row.cellIssues?.length) return null

    const errors: BulkRowError[] = []
    // A cell that could not be read is reported once, not again for what follows from it.
    const unreadable = new Set(
      (row.cellIssues ?? []).map((issue) => header.columns[issue.columnIndex]?.header),
    )
    const fail = (column: string, message: string) => {
      if (unreadable.has(column)) return
      const cell = column ? refOf(column) : undefined
      errors.push(cell ? { column, message, cell } : { column, message })
    }

    for (const issue of row.cellIssues ?? [])
      errors.push({
        column: header.columns[issue.columnIndex]?.header ?? columnLetter(issue.columnIndex),
        message: issue.message,
        cell: cellReference(issue.columnIndex, row.rowNumber),
      })
    row.cells.forEach((value, index) => {
      const headed = header.columns[index] !== null || header.unknown.has(index)
      if (index < header.columns.length && headed) return
      if (value.trim() === '') return
      const letter = columnLetter(index)
      errors.push({
        column: letter,
        message: `Column ${letter} has a value but no header in row ${header.rowNumber}, so Casefile cannot tell what it is. Add the column's header, or move the value into its column.`,
        cell: cellReference(index, row.rowNumber),
      })
    })

    const fraudTypeText = cellOf('fraud_type').trim()
    if (fraudTypeText === '')
      fail('fraud_type', `The fraud type is empty: write one of: ${FRAUD_TYPES.join(', ')}.`)
    const fraudType = FRAUD_TYPE_BY_FOLDED.get(fold(fraudTypeText)) ?? fraudTypeText

    const fraudReason = cellOf('fraud_reason').trim()

    let showUploaderInfo = false
    const showText = cellOf('show_uploader_info').trim()
    if (showText !== '') {
      const parsed = BOOLEAN_WORDS.get(showText.toLowerCase())
      if (parsed === undefined)
        fail(
          'show_uploader_info',
          `show_uploader_info is "${showText}": write true or false (yes/no and 1/0 are also read), or leave it empty for false.`,
        )
      else showUploaderInfo = parsed
    }

    const identifiers: { label: IdentifierType; value: string }[] = []
    const sources: IdentifierSource[] = []
    let identifierCellErrors = 0
    for (const group of accountGroups) {
      const number = cellOf(group.number).trim()
      const bankText = cellOf(group.bank).trim()
      if (number === '' && bankText === '') continue
      if (number === '') {
        identifierCellErrors++
        fail(
          group.number,
          `${group.bank} names a bank but ${group.number} is empty: write the 10-digit account number, or clear ${group.bank}.`,
        )
        continue
      }
      // Without a list, only a slug can be passed on (for the registry to check): a name or a
      // code would reach it as a bank that does not exist, or be created under another slug.
      const slug =
        bankText === ''
          ? null
          : resolveBank
            ? resolveBank(bankText)
            : SLUG_SHAPE.test(bankText.toLowerCase())
              ? bankText.toLowerCase()
              : null
      if (slug === null) {
        identifierCellErrors++
        fail(
          group.bank,
          bankText === ''
            ? `${group.number} has an account number but ${group.bank} is empty: write the bank's name as the bank list has it, or its slug${bankExample}.`
            : resolveBank
              ? `Bank "${bankText}" is not in the bank list. Write the bank's name as the bank list has it, or its slug${bankExample}; if the bank is new, refresh the bank list and import again.`
              : `Bank "${bankText}" cannot be looked up: ${options.banksUnavailable ?? 'the bank list is not on this computer yet'}. Connect to the registry and import the file again (the list is then fetched first), or write the bank's slug as the bank list has it (for example access-bank).`,
        )
      }
      // With the bank already reported, the number is still checked, under a stand-in slug.
      identifiers.push({
        label: 'account',
        value: normalizeIdentifierValue('account', `${number}_${slug ?? UNRESOLVED_BANK}`),
      })
      sources.push({
        type: 'account',
        column: group.number,
        bankColumn: group.bank,
        bankReported: slug === null,
        written: number,
      })
    }
    for (const column of multiValueColumns) {
      const type = column.identifier as IdentifierType
      for (const part of cellOf(column.header).split(BULK_MULTI_VALUE_SEPARATOR)) {
        const written = part.trim()
        if (written === '') continue
        identifiers.push({ label: type, value: normalizeIdentifierValue(type, written) })
        sources.push({ type, column: column.header, written })
      }
    }

    const attachments: string[] = []
    const files: AttachmentFileCell[] = []
    for (const column of attachmentColumns) {
      const written = cellOf(column.header).trim()
      if (written === '') continue
      if (isUrlLike(written)) {
        const parsed = attachmentUrlSchema.safeParse(written)
        if (!parsed.success) {
          fail(
            column.header,
            `${parsed.error.issues[0]?.message ?? 'Not a link.'} Or write the path of a file on this computer, which Casefile uploads first.`,
          )
          continue
        }
      } else if (CONTROL_CHARACTERS.test(written) || written.length > 4096) {
        fail(
          column.header,
          `"${written.slice(0, 80)}" is neither an https link nor a file path: write the link the upload returned, or the path of a file on this computer.`,
        )
        continue
      } else {
        const cell = refOf(column.header)
        files.push(
          cell
            ? { column: column.header, cell, path: written }
            : { column: column.header, path: written },
        )
      }
      attachments.push(written)
    }

    const draft: ReportInputDraft = {
      fraudType: fraudType as FraudType,
      fraudReason,
      identifiers,
      showUploaderInfo,
    }
    const parsed = schema.safeParse(draft)
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const [field, index] = issue.path
        if (field === 'fraudType') {
          if (fraudTypeText !== '') fail('fraud_type', issue.message)
        } else if (field === 'fraudReason') fail('fraud_reason', issue.message)
        else if (field === 'showUploaderInfo') fail('show_uploader_info', issue.message)
        else if (field === 'identifiers' && typeof index === 'number' && sources[index]) {
          const source = sources[index]
          const onBank = source.bankColumn && issue.message.startsWith('Bank')
          if (onBank && source.bankReported) continue
          const hint = onBank ? '' : numberMangledHint(source.written)
          fail(onBank ? (source.bankColumn ?? source.column) : source.column, issue.message + hint)
        } else if (
          field === 'identifiers' &&
          identifierCellErrors > 0 &&
          identifiers.length === 0
        ) {
          // "Add at least one identifier": the identifiers written are already reported above.
        } else fail('', issue.message)
      }
    }
    if (errors.length > 0 || !parsed.success)
      return { ok: false, rowNumber: row.rowNumber, errors: inSheetOrder(errors, header) }
    return { ok: true, rowNumber: row.rowNumber, input: parsed.data, attachments, files }
  }
}

/** Errors left to right as the cells sit in the sheet; those about the whole row come last. */
function inSheetOrder(errors: BulkRowError[], header: BulkHeaderMapping): BulkRowError[] {
  const position = (e: BulkRowError) =>
    e.column === ''
      ? Number.MAX_SAFE_INTEGER
      : (header.indexOf.get(e.column) ?? header.columns.length + e.column.length)
  return errors
    .map((error, order) => ({ error, order, at: position(error) }))
    .sort((a, b) => a.at - b.at || a.order - b.order)
    .map(({ error }) => error)
}
