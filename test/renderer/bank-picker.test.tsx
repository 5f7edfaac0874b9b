// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { bankTextProblem } from '../../src/renderer/src/features/editor/bank-text'
import { BankPicker } from '../../src/renderer/src/components/BankPicker'
import type { Bank } from '../../src/shared/domain/responses'

const BANKS: Bank[] = [
  { id: '1', name: 'Access Bank', slug: 'access-bank', code: '044' },
  { id: '2', name: 'First Bank of Nigeria', slug: 'first-bank', code: '011' },
  { id: '3', name: 'Guaranty Trust Bank', slug: 'gtbank', code: '058' },
  { id: '4', name: 'United Bank for Africa', slug: 'uba', code: '033' },
  { id: '5', name: 'Zenith Bank', slug: 'zenith-bank', code: '057' },
]

/** The picker as a form holds it, showing the value it yields. */
function Picker({ banks, accountNumber }: { banks: Bank[]; accountNumber?: string }) {
  const [value, setValue] = useState('')
  return (
    <>
      <BankPicker banks={banks} value={value} onChange={setValue} accountNumber={accountNumber} />
      <output data-testid="value">{value}</output>
    </>
  )
}

const combo = () => screen.getByRole('combobox', { name: 'Bank' })
const options = () => screen.getAllByRole('option').map((option) => option.textContent)
const valueNow = () => screen.getByTestId('value').textContent

describe('the bank picker', () => {
  afterEach(cleanup)

  it('offers first the banks whose CBN code fits the account number, and says so', () => {
    render(<Picker banks={BANKS} accountNumber="0000014579" />)
    expect(
      screen.getByText('3 banks of the list fit this account number: listed first.'),
    ).toBeTruthy()
    fireEvent.focus(combo())
    expect(options()).toEqual([
      'Access Bank · fits the account number',
      'First Bank of Nigeria · fits the account number',
      'United Bank for Africa · fits the account number',
      'Guaranty Trust Bank',
      'Zenith Bank',
    ])
  })

  it('matches a CBN code as the import takes it', () => {
    render(<Picker banks={BANKS} />)
    fireEvent.focus(combo())
    fireEvent.change(combo(), { target: { value: '058' } })
    expect(options()).toEqual(['Guaranty Trust Bank'])
    fireEvent.keyDown(combo(), { key: 'Enter' })
    expect(valueNow()).toBe('gtbank')
  })

  it('takes a bank name typed in full when focus leaves (Tab), instead of dropping it', () => {
    render(<Picker banks={BANKS} />)
    fireEvent.focus(combo())
    fireEvent.change(combo(), { target: { value: 'Zenith Bank' } })
    fireEvent.blur(combo())
    expect(valueNow()).toBe('zenith-bank')
    expect((combo() as HTMLInputElement).value).toBe('Zenith Bank')
  })

  it('keeps text that names no bank, for the row to say so', () => {
    render(<Picker banks={BANKS} />)
    fireEvent.focus(combo())
    fireEvent.change(combo(), { target: { value: 'Zenit Bnak' } })
    fireEvent.blur(combo())
    expect(valueNow()).toBe('Zenit Bnak')
    expect((combo() as HTMLInputElement).value).toBe('Zenit Bnak')
    expect(bankTextProblem('Zenit Bnak', new Set(BANKS.map((b) => b.slug)))).toMatch(
      /not a bank of the list: pick the bank from the list/,
    )
  })

  it('with no bank list yet, takes a slug as it is and says how a name is resolved later', () => {
    const { rerender } = render(<Picker banks={[]} />)
    expect(screen.getByText(/No bank list on this computer yet: type the bank’s slug/)).toBeTruthy()
    fireEvent.focus(combo())
    expect(screen.queryByRole('listbox')).toBeNull()
    fireEvent.change(combo(), { target: { value: 'Zenith Bank' } })
    fireEvent.blur(combo())
    expect(valueNow()).toBe('Zenith Bank')
    expect(bankTextProblem('Zenith Bank', undefined)).toMatch(
      /No bank list is saved on this computer yet, so “Zenith Bank” cannot be looked up/,
    )
    expect(bankTextProblem('zenith-bank', undefined)).toBeNull()
    // The list arrives (Refresh): the name typed is the bank it names.
    rerender(<Picker banks={BANKS} />)
    expect(valueNow()).toBe('zenith-bank')
  })
})
