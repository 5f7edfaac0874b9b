import { useId, useMemo, useState, type KeyboardEvent } from 'react'
import type { Bank } from '../../../shared/domain/responses'
import './bank-picker.css'

interface BankPickerProps {
  banks: readonly Bank[]
  /** The chosen bank's slug, or '' when none is chosen. */
  value: string
  onChange: (slug: string) => void
  label?: string
  invalid?: boolean
  describedBy?: string
}

const MAX_SHOWN = 50

/**
 * A searchable bank list (a combobox): type part of a name, pick with the arrow keys and Enter or
 * with the mouse. It yields the bank's slug, so nobody has to type a slug by hand.
 */
export function BankPicker({
  banks,
  value,
  onChange,
  label = 'Bank',
  invalid,
  describedBy,
}: BankPickerProps) {
  const id = useId()
  const chosen = banks.find((bank) => bank.slug === value)
  const [query, setQuery] = useState<string | null>(null)
  const [active, setActive] = useState(0)
  const open = query !== null
  const matches = useMemo(() => {
    const q = (query ?? '').trim().toLowerCase()
    const found = q
      ? banks.filter((b) => b.name.toLowerCase().includes(q) || b.slug.includes(q))
      : banks
    return found.slice(0, MAX_SHOWN)
  }, [banks, query])

  const pick = (bank: Bank) => {
    onChange(bank.slug)
    setQuery(null)
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

  return (
    <div className="bank-picker">
      <label htmlFor={`${id}-input`}>{label}</label>
      <input
        id={`${id}-input`}
        role="combobox"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        aria-activedescendant={open && matches[active] ? `${id}-opt-${active}` : undefined}
        autoComplete="off"
        placeholder={banks.length ? 'Type to search banks' : 'No bank list yet: refresh it'}
        value={open ? query : (chosen?.name ?? (value ? value : ''))}
        onChange={(event) => {
          setQuery(event.target.value)
          setActive(0)
        }}
        onFocus={() => setQuery((q) => q ?? '')}
        onBlur={() => setQuery(null)}
        onKeyDown={onKeyDown}
      />
      {open && (
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
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
