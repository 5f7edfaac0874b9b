import { BULK_COLUMNS, BULK_MULTI_VALUE_SEPARATOR } from '../../shared/bulk-template'
import { FRAUD_TYPES, FRAUD_TYPE_LABELS } from '../../shared/domain/fraud-types'
import type { IdentifierType } from '../../shared/domain/identifiers'
import type { createReportInputSchema, ReportInput } from '../../shared/domain/report-input'
import { createBankLookup, type ListedBank } from './bank-lookup'
import type { BulkHeader } from './bulk-header'
import { columnName } from './bulk-file-refusals'
import { fileableIdentifierValue } from './identifier-cells'
import type { SheetRow } from './sheet-rows'

export type RowOutcome = { ok: true; input: ReportInput } | { ok: false; reason: string }

/** One problem: the template column it is in ('' for the row as a whole) and what is wrong. */
interface Problem {
  column: string
  message: string
}

const fold = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, '')
/** A fraud type by its value or its label, written in any case, with spaces, dashes or underscores. */
const FRAUD_TYPE_OF = new Map<string, string>(
  FRAUD_TYPES.flatMap((type) => [
    [fold(type), type],
    [fold(FRAUD_TYPE_LABELS[type]), type],
  ]),
)
/** show_uploader_info as the template's help reads it: true or false, yes or no. */
const YES_NO = new Map([
  ['true', true],
  ['yes', true],
  ['false', false],
  ['no', false],
])
const accountColumns = BULK_COLUMNS.filter((c) => c.account?.part === 'number').map((number) => ({
  number: number.header,
  bank: BULK_COLUMNS.find(
    (c) => c.account?.part === 'bank' && c.account.index === number.account?.index,
  )?.header as string,
}))
const multiValueColumns = BULK_COLUMNS.filter((c) => c.identifier && !c.account)
const attachmentColumns = BULK_COLUMNS.filter((c) => c.attachmentIndex)
const IDENTIFIER_COLUMNS = new Set(BULK_COLUMNS.filter((c) => c.identifier).map((c) => c.header))
/** A link has a scheme and `//`; anything else (C:\\Evidence\\…, evidence/a.pdf) is a path. */
const LINK = /^[a-z][a-z0-9+.-]*:\/\//i

/**
 * The registry's rules for one row of the template (src/sandbox/README.md, "Bulk upload"), each
 * problem a line `column (cell): message`, left to right, those about the whole row last. What
 * the cells say is turned into a report input, which the shared report schema (the spec) then
 * checks with the bank list's slugs, as a create's body is checked.
 */
export function createRowRules(
  header: BulkHeader,
  banks: readonly ListedBank[],
  schema: ReturnType<typeof createReportInputSchema>,
): (row: SheetRow) => RowOutcome {
  const bankOf = createBankLookup(banks)
  const has = (column: string) => header.columnOf.has(column)

  return (row) => {
    const problems: Problem[] = []
    const unreadable = new Set<string>()
    const cell = (column: string) => row.cells[header.columnOf.get(column) ?? -1]?.trim() ?? ''
    const fail = (column: string, message: string) => {
      if (!unreadable.has(column)) problems.push({ column, message })
    }
    // Identifier cells that could not be read: "add an identifier" would only repeat them.
    let identifierProblems = 0
    for (const [index, why] of row.unreadable ?? []) {
      const column = [...header.columnOf].find(([, at]) => at === index)?.[0]
      if (column === undefined) continue // a column that is not read
      problems.push({ column, message: why })
      unreadable.add(column)
      if (IDENTIFIER_COLUMNS.has(column)) identifierProblems++
    }

    const typeText = cell('fraud_type')
    if (typeText === '')
      fail('fraud_type', `The fraud type is empty: write one of ${FRAUD_TYPES.join(', ')}.`)
    const showText = cell('show_uploader_info')
    const show = showText === '' ? false : YES_NO.get(showText.toLowerCase())
    if (show === undefined)
      fail(
        'show_uploader_info',
        `"${showText}" is not true or false (yes and no are read too); leave the cell empty for false.`,
      )

    const identifiers: { label: IdentifierType; value: string }[] = []
    const sourceOf: string[] = []
    const identifier = (label: IdentifierType, value: string, column: string) => {
      identifiers.push({ label, value: fileableIdentifierValue(label, value) })
      sourceOf.push(column)
    }
    for (const { number: numberColumn, bank: bankColumn } of accountColumns) {
      const number = cell(numberColumn)
      const bank = cell(bankColumn)
      if (number === '' && bank === '') continue
      const slug = bank === '' ? null : bankOf(bank)
      if (number === '' || slug === null) identifierProblems++
      if (number === '')
        fail(
          has(numberColumn) ? numberColumn : bankColumn,
          `${bankColumn} names a bank but ${numberColumn} is empty: write the account number, or clear ${bankColumn}.`,
        )
      else if (bank === '')
        fail(
          has(bankColumn) ? bankColumn : numberColumn,
          `${numberColumn} has an account number but ${bankColumn} is empty: write the bank's name, slug or code as the bank list (GET /api/v1/meta-data/banks) has it.`,
        )
      else if (slug === null)
        fail(
          bankColumn,
          `"${bank}" is not in the bank list: write the bank's name, slug or code as GET /api/v1/meta-data/banks lists it.`,
        )
      else identifier('account', `${number}_${slug}`, numberColumn)
    }
    for (const column of multiValueColumns)
      for (const part of cell(column.header).split(BULK_MULTI_VALUE_SEPARATOR))
        if (part.trim() !== '') identifier(column.identifier as IdentifierType, part, column.header)

    const attachments: string[] = []
    const attachmentSource: string[] = []
    for (const { header: column } of attachmentColumns) {
      const written = cell(column)
      if (written === '') continue
      if (!LINK.test(written))
        fail(
          column,
          `"${written}" is not a link. Upload the file first (POST {upload_url}/api/v1/upload) and put the url it returns in the cell.`,
        )
      else {
        attachments.push(written)
        attachmentSource.push(column)
      }
    }

    const parsed = schema.safeParse({
      fraudType: FRAUD_TYPE_OF.get(fold(typeText)) ?? typeText,
      fraudReason: cell('fraud_reason'),
      identifiers,
      attachments,
      showUploaderInfo: show ?? false,
    })
    for (const issue of parsed.error?.issues ?? []) {
      const [field, index] = issue.path
      if (field === 'fraudType') {
        if (typeText !== '') fail('fraud_type', issue.message)
      } else if (field === 'fraudReason') fail('fraud_reason', issue.message)
      else if (field === 'attachments' && typeof index === 'number')
        fail(attachmentSource[index] ?? '', issue.message)
      else if (field === 'identifiers' && typeof index === 'number')
        fail(sourceOf[index] ?? '', issue.message)
      else if (field !== 'identifiers' || identifierProblems === 0) fail('', issue.message)
    }
    if (problems.length === 0 && parsed.success) return { ok: true, input: parsed.data }
    return { ok: false, reason: describe(problems, header, row.rowNumber) }
  }
}

/** The lines of a failed row: `column (cell): message`, in the order the cells sit in the sheet. */
function describe(problems: Problem[], header: BulkHeader, rowNumber: number): string {
  const position = (p: Problem) => header.columnOf.get(p.column) ?? Number.MAX_SAFE_INTEGER
  return [...problems]
    .sort((a, b) => position(a) - position(b))
    .map(({ column, message }) => {
      if (column === '') return message
      const at = header.columnOf.get(column)
      return at === undefined
        ? `${column}: ${message}`
        : `${column} (${columnName(at)}${rowNumber}): ${message}`
    })
    .join('\n')
}
