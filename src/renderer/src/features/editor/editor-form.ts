import {
  checkIdentifierValue,
  IDENTIFIER_TYPE_LABELS,
  IDENTIFIER_TYPES,
  joinAccountValue,
  normalizeIdentifierValue,
  splitAccountValue,
  type IdentifierType,
} from '../../../../shared/domain/identifiers'
import { createReportInputSchema, MAX_ATTACHMENTS } from '../../../../shared/domain/report-input'
import type { DraftViewInput } from '../../../../shared/contracts/drafts'
import { bankTextProblem } from './bank-text'

/** One identifier row as the form holds it: accounts keep number and bank apart until sent. */
export interface IdentifierField {
  key: string
  label: IdentifierType
  value: string
  accountNumber: string
  bankSlug: string
}

export interface EditorForm {
  fraudType: string
  fraudReason: string
  identifiers: IdentifierField[]
  showUploaderInfo: boolean
}

export interface FieldIssue {
  path: string
  message: string
}

let nextKey = 0
export const newKey = (): string => `id-${++nextKey}`

export const emptyForm = (): EditorForm => ({
  fraudType: '',
  fraudReason: '',
  identifiers: [],
  showUploaderInfo: false,
})

export function blankIdentifier(label: IdentifierType = 'account'): IdentifierField {
  return { key: newKey(), label, value: '', accountNumber: '', bankSlug: '' }
}

const asIdentifierType = (label: string | null | undefined): IdentifierType =>
  (IDENTIFIER_TYPES as readonly string[]).includes(label ?? '')
    ? (label as IdentifierType)
    : 'account_name'

/** Identifiers as stored ({label, value}) into form rows. */
export function identifierFields(
  identifiers: readonly { label?: string | null; value: string }[],
): IdentifierField[] {
  return identifiers.map((identifier) => {
    const label = asIdentifierType(identifier.label)
    const parts = label === 'account' ? splitAccountValue(identifier.value) : null
    return {
      key: newKey(),
      label,
      value: identifier.value,
      accountNumber: parts?.accountNumber ?? (label === 'account' ? identifier.value : ''),
      bankSlug: parts?.bankSlug ?? '',
    }
  })
}

/** The value sent for a row: `<account_number>_<bank_slug>` for accounts, composed here so nobody types a slug. */
export function identifierValue(field: IdentifierField): string {
  if (field.label !== 'account') return normalizeIdentifierValue(field.label, field.value)
  const number = field.accountNumber.replace(/[\s-]/g, '')
  return field.bankSlug
    ? joinAccountValue({ accountNumber: number, bankSlug: field.bankSlug })
    : number
}

export function draftOf(form: EditorForm): DraftViewInput {
  return {
    fraudType: form.fraudType,
    fraudReason: form.fraudReason,
    identifiers: form.identifiers.map((field) => ({
      label: field.label,
      value: identifierValue(field),
    })),
    showUploaderInfo: form.showUploaderInfo,
  }
}

/**
 * The same checks main and the registry apply (the shared report schema, with the cached bank
 * list), so the person sees each problem before queueing, worded as the registry would.
 */
export function checkForm(
  form: EditorForm,
  attachmentCount: number,
  bankSlugs: ReadonlySet<string> | undefined,
): FieldIssue[] {
  const result = createReportInputSchema({ bankSlugs }).safeParse({
    ...draftOf(form),
    attachments: [],
  })
  const issues: FieldIssue[] = result.success
    ? []
    : result.error.issues.map((issue) => ({
        path: issue.path.map(String).join('.'),
        message: issue.message,
      }))
  if (attachmentCount > MAX_ATTACHMENTS)
    issues.push({
      path: 'attachments',
      message: `A report takes at most ${MAX_ATTACHMENTS} attachments: remove one.`,
    })
  return issues
}

export function issueAt(issues: readonly FieldIssue[], path: string): string | null {
  return issues.find((issue) => issue.path === path)?.message ?? null
}

/**
 * The problem of one identifier row as the person sees it: an account without a bank yet is
 * judged on its number first, then asked for its bank.
 */
export function identifierProblem(
  field: IdentifierField,
  bankSlugs: ReadonlySet<string> | undefined,
): string | null {
  const value = identifierValue(field)
  if (field.label !== 'account') return checkIdentifierValue(field.label, value, { bankSlugs })
  // The number and the bank are asked for as the two fields they are: the registry's written
  // form (number_slug) is composed here and never shown.
  const number = field.accountNumber.replace(/[\s-]/g, '')
  if (number === '') return 'Enter the account number: 10 digits (NUBAN).'
  const numberProblem = checkIdentifierValue('account', `${number}_bank`)
  if (numberProblem) return numberProblem
  if (!field.bankSlug) return 'Pick the bank from the list.'
  return (
    bankTextProblem(field.bankSlug, bankSlugs) ??
    checkIdentifierValue('account', value, { bankSlugs })
  )
}

/** Whether a row has anything typed in it yet. */
export function identifierTyped(field: IdentifierField): boolean {
  return field.label === 'account' ? field.accountNumber !== '' : field.value !== ''
}

/** The touched-field key of a row: by its stable key, so removing a row above does not move it. */
export const identifierPath = (field: IdentifierField): string => `identifier:${field.key}`

/** The identifier's index in a path such as `identifiers.1.value`, or null for another field. */
export function identifierIndexOf(path: string): number | null {
  const match = /^identifiers\.(\d+)/.exec(path)
  return match ? Number(match[1]) : null
}

/** A row's name in an error summary: "Identifier 2 (Phone)". */
export function identifierLabel(field: IdentifierField, index: number): string {
  return `Identifier ${index + 1} (${IDENTIFIER_TYPE_LABELS[field.label]})`
}
