import {
  IDENTIFIER_TYPE_LABELS,
  IDENTIFIER_TYPES,
  type IdentifierType,
} from '../../../../shared/domain/identifiers'
import type { Bank } from '../../../../shared/domain/responses'
import { bankFitWarning } from '../../../../shared/bank-fit-words'
import type { IdentifierField } from './editor-form'
import { BankPicker } from '../../components/BankPicker'

interface IdentifierRowProps {
  /** Ids of the row's controls start with this (the editor's error summary moves focus to them). */
  idPrefix: string
  index: number
  field: IdentifierField
  banks: readonly Bank[]
  /** The row's problem to show now (the editor decides when: after the row is left, or a Queue). */
  problem: string | null
  onChange: (patch: Partial<IdentifierField>) => void
  /** Focus left the row (not only one of its controls). */
  onLeave: () => void
  onRemove: () => void
}

/** One identifier: its type, its value (for accounts, number + bank picker), and its problem inline. */
export function IdentifierRow(props: IdentifierRowProps) {
  const { idPrefix: id, index, field, banks, problem, onChange, onLeave, onRemove } = props
  const errorId = `${id}-error`
  const warningId = `${id}-warning`
  // A bank whose CBN code the number's check digit does not fit: said, never refused.
  const warning =
    field.label === 'account'
      ? bankFitWarning(
          field.accountNumber,
          banks.find((bank) => bank.slug === field.bankSlug),
          banks,
        )
      : null
  const describedBy = [problem ? errorId : null, warning ? warningId : null]
    .filter(Boolean)
    .join(' ')
  return (
    <fieldset
      className="identifier-row"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onLeave()
      }}
    >
      <legend className="visually-hidden">Identifier {index + 1}</legend>
      <div className="field">
        <label htmlFor={`${id}-type`}>Identifier type</label>
        <select
          id={`${id}-type`}
          value={field.label}
          onChange={(event) => onChange({ label: event.target.value as IdentifierType })}
        >
          {IDENTIFIER_TYPES.map((type) => (
            <option key={type} value={type}>
              {IDENTIFIER_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </div>
      {field.label === 'account' ? (
        <>
          <div className="field">
            <label htmlFor={`${id}-number`}>Account number</label>
            <input
              id={`${id}-number`}
              inputMode="numeric"
              placeholder="10 digits (NUBAN)"
              value={field.accountNumber}
              aria-invalid={problem ? true : undefined}
              aria-describedby={describedBy || undefined}
              onChange={(event) => onChange({ accountNumber: event.target.value })}
            />
          </div>
          <BankPicker
            banks={banks}
            value={field.bankSlug}
            onChange={(bankSlug) => onChange({ bankSlug })}
            accountNumber={field.accountNumber}
            invalid={Boolean(problem)}
            describedBy={describedBy || undefined}
          />
        </>
      ) : (
        <div className="field grow">
          <label htmlFor={`${id}-value`}>{IDENTIFIER_TYPE_LABELS[field.label]}</label>
          <input
            id={`${id}-value`}
            value={field.value}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? errorId : undefined}
            onChange={(event) => onChange({ value: event.target.value })}
          />
        </div>
      )}
      <button type="button" className="quiet" onClick={onRemove}>
        Remove<span className="visually-hidden"> identifier {index + 1}</span>
      </button>
      {problem && (
        <p id={errorId} className="field-error">
          {problem}
        </p>
      )}
      {warning && (
        <p id={warningId} className="field-warning" role="status">
          {warning}
        </p>
      )}
    </fieldset>
  )
}
