import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react'
import { bankNamedBy, banksMatching } from '../../../shared/domain/bank-match'
import { banksFittingNuban } from '../../../shared/domain/nuban'
import type { Bank } from '../../../shared/domain/responses'
import './bank-picker.css'

interface BankPickerProps {
  banks: readonly Bank[]
  /** The chosen bank's slug, or '' when none is chosen (or, not yet resolved, what was typed). */
  value: string
  onChange: (slug: string) => void
  label?: string
  invalid?: boolean
  describedBy?: string
  /** The account number beside the picker: the banks whose CBN code fits it come first. */
  accountNumber?: string
}

const MAX_SHOWN = 50

/**
 * A searchable bank list (a combobox): type part of a name, a slug or a CBN code (044), pick
 * with the arrow keys and Enter or with the mouse. It yields the bank's slug, so nobody has to
 * type a slug by hand. With an account number beside it, the banks its check digit fits come
 * first. Text left in it (Tab) is never dropped: a bank it names is chosen, anything else is
 * kept as typed for the row to say what is wrong; with no bank list yet, a slug typed is used
 * as it is, and a name is resolved once the list arrives.
 */
export function BankPicker({
  banks,
  value,
  onChange,
  label = 'Bank',
  invalid,
  describedBy,
  accountNumber = '',
}: BankPickerProps) {
  const id = useId()
  const chosen = banks.find((bank) => bank.slug === value)
  const [query, setQuery] = useState<string | null>(null)
  const [active, setActive] = useState(0)
  const open = query !== null
  const fitting = useMemo(() => banksFittingNuban(accountNumber, banks), [accountNumber, banks])
  const fits = useMemo(() => new Set(fitting.map((bank) => bank.slug)), [fitting])
  const matches = useMemo(() => {
    const found = banksMatching(banks, query ?? '')
    return [
      ...found.filter((bank) => fits.has(bank.slug)),
      ...found.filter((bank) => !fits.has(bank.slug)),
    ].slice(0, MAX_SHOWN)
  }, [banks, query, fits])

  // A bank typed by name before the list was on this computer: chosen once the list names it.
  useEffect(() => {
    if (!value || chosen || banks.length === 0) return
    const named = bankNamedBy(banks, value)
    if (named) onChange(named.slug)
    // Only when the list changes: the text typed is what is resolved.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [banks])

  const pick = (bank: Bank) => {
    onChange(bank.slug)
    setQuery(null)
  }
  /** Focus leaves with text typed: the bank it names, else the text as it is (never dropped). */
  const commit = () => {
    const typed = (query ?? '').trim()
    setQuery(null)
    if (typed === '' || typed === chosen?.name) return
    const named = bankNamedBy(banks, typed)
    onChange(named ? named.slug : typed)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      if (!open) setQuery('')
      setActive((i) => Math.min(i + 1, matches.length - 1))
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      setActive((i) => Math.max(i - 1, 0))
    } else if (event.key === 'Enter' && open && matches[active]) {
      event.preventDefault()
      pick(matches[active])
    } else if (event.key === 'Escape' && open) {
      event.preventDefault()
      setQuery(null)
    }
  }
  const hintId = `${id}-hint`
  const hint =
    banks.length === 0
      ? 'No bank list on this computer yet: type the bank’s slug (for example zenith-bank), or its name to be matched once the list is refreshed.'
      : !chosen && fitting.length > 0
        ? `${fitting.length} bank${fitting.length === 1 ? '' : 's'} of the list fit${fitting.length === 1 ? 's' : ''} this account number: listed first.`
        : null

  return (
    <div className="bank-picker">
      <label htmlFor={`${id}-input`}>{label}</label>
      <input
        id={`${id}-input`}
        role="combobox"
        aria-expanded={open && banks.length > 0}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-invalid={invalid || undefined}
        aria-describedby={
          [describedBy, hint ? hintId : null].filter(Boolean).join(' ') || undefined
        }
        aria-activedescendant={open && matches[active] ? `${id}-opt-${active}` : undefined}
        autoComplete="off"
        placeholder={banks.length ? 'Name, slug or CBN code' : 'Bank slug, e.g. zenith-bank'}
        value={open ? query : (chosen?.name ?? value)}
        onChange={(event) => {
          setQuery(event.target.value)
          setActive(0)
        }}
        onFocus={() => setQuery((q) => q ?? '')}
        onBlur={commit}
        onKeyDown={onKeyDown}
      />
      {hint && (
        <p id={hintId} className="bank-hint muted">
          {hint}
        </p>
      )}
      {open && banks.length > 0 && (
        <ul id={`${id}-list`} role="listbox" aria-label={`${label} matches`} className="bank-list">
          {matches.length === 0 && <li className="bank-empty">No bank matches “{query}”.</li>}
          {matches.map((bank, index) => (
            <li
              key={bank.slug}
              id={`${id}-opt-${index}`}
              role="option"
              aria-selected={index === active}
              className={index === active ? 'active' : undefined}
              // mousedown, not click: it lands before the input's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault()
                pick(bank)
              }}
            >
              {bank.name}
              {fits.has(bank.slug) && <span className="bank-fits"> · fits the account number</span>}
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
