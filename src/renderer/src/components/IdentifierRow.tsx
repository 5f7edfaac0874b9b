import { useId } from 'react'
import {
  checkIdentifierValue,
  IDENTIFIER_TYPE_LABELS,
  IDENTIFIER_TYPES,
  type IdentifierType,
} from '../../../shared/domain/identifiers'
import type { Bank } from '../../../shared/domain/responses'
import { identifierValue, type IdentifierField } from '../stores/editor-form'
import { BankPicker } from './BankPicker'

interface IdentifierRowProps {
  index: number
  field: IdentifierField
  banks: readonly Bank[]
  bankSlugs: ReadonlySet<string> | undefined
  /** A problem main or the registry reported for this row, shown when the row's own check passes. */
  reported: string | null
  showEmpty: boolean
  onChange: (patch: Partial<IdentifierField>) => void
  onRemove: () => void
}

/** One identifier: its type, its value (for accounts, number + bank picker), and its check inline. */
export function IdentifierRow(props: IdentifierRowProps) {
  const { index, field, banks, bankSlugs, reported, showEmpty, onChange, onRemove } = props
  const id = useId()
  const value = identifierValue(field)
  const touched = field.label === 'account' ? field.accountNumber !== '' : field.value !== ''
  // An account without a bank yet: judge the number alone first, then ask for the bank.
  const check =
    field.label === 'account' && !field.bankSlug
      ? (checkIdentifierValue('account', `${value}_bank`) ?? 'Pick the bank from the list.')
      : checkIdentifierValue(field.label, value, { bankSlugs })
  const problem = touched || showEmpty ? (check ?? reported) : null
  const errorId = `${id}-error`
  return (
    <fieldset className="identifier-row">
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
              aria-describedby={problem ? errorId : undefined}
              onChange={(event) => onChange({ accountNumber: event.target.value })}
            />
          </div>
          <BankPicker
            banks={banks}
            value={field.bankSlug}
            onChange={(bankSlug) => onChange({ bankSlug })}
            invalid={Boolean(problem)}
            describedBy={problem ? errorId : undefined}
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
        <p id={errorId} className="field-error" role="alert">
          {problem}
        </p>
      )}
    </fieldset>
  )
}
