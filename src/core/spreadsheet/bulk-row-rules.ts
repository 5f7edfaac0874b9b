import { BULK_COLUMNS, type BulkColumn } from '../../shared/bulk-template'
import { createReportInputSchema, type FraudType, type ReportInputDraft } from '../../shared/domain'
import { readFraudTypeCell } from './bulk-fraud-type'
import { readAttachmentCells, type AttachmentFileCell } from './bulk-attachment-cells'
import { createIdentifierCellReader, numberMangledHint } from './bulk-identifier-cells'
import { cellsOf, type RowCells } from './bulk-row-cells'
import { cellReference, columnLetter } from './cell-reference'
import type { BulkBank } from './bank-resolver'
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

const BOOLEAN_WORDS = new Map([
  ['true', true],
  ['yes', true],
  ['1', true],
  ['false', false],
  ['no', false],
  ['0', false],
])

/**
 * Maps data rows to report inputs, checked by the shared report schema so a row gets the same
 * message the registry would give. Returns null for a row with nothing in it.
 */
export function createBulkRowMapper(
  header: BulkHeaderMapping,
  options: BulkRowOptions = {},
): (row: TableRow) => BulkRowResult | null {
  const banks = options.banks
  const schema = createReportInputSchema(
    banks ? { bankSlugs: new Set(banks.map((b) => b.slug.trim().toLowerCase())) } : {},
  )
  const readIdentifiers = createIdentifierCellReader(header, options)
  const present = (c: BulkColumn) => header.indexOf.has(c.header)
  const attachmentColumns = BULK_COLUMNS.filter((c) => c.attachmentIndex && present(c)).map(
    (c) => c.header,
  )

  return (row) => {
    const { cellOf, refOf } = cellsOf(header, row)
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
    const cells: RowCells = { cellOf, refOf, fail }

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

    // "Identity theft", "IDENTITY_THEFT" and "identity-theft" all mean identity_theft; anything
    // else is answered with the types' names and the closest one, not the registry's codes.
    const fraudTypeText = cellOf('fraud_type').trim()
    const fraudTypeCell = readFraudTypeCell(fraudTypeText)
    if (!fraudTypeCell.ok) fail('fraud_type', fraudTypeCell.message)
    const fraudType = fraudTypeCell.ok ? fraudTypeCell.type : fraudTypeText

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

    const { identifiers, sources, cellErrors: identifierCellErrors } = readIdentifiers(cells)

    const { attachments, files } = readAttachmentCells(attachmentColumns, cells)

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
          if (fraudTypeCell.ok) fail('fraud_type', issue.message)
        } else if (field === 'fraudReason') fail('fraud_reason', issue.message)
        else if (field === 'showUploaderInfo') fail('show_uploader_info', issue.message)
        else if (field === 'identifiers' && typeof index === 'number' && sources[index]) {
          const source = sources[index]
          const onBank = source.bankColumn && issue.message.startsWith('Bank')
          if (onBank && source.bankReported) continue
          const hint = onBank ? '' : numberMangledHint(source.type, source.written)
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
