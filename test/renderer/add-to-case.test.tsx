// @vitest-environment happy-dom
// "Add to a case…" on a report's details: the newest case picked, or a new one made by its title
// first; the keyboard in the choice, Escape putting it away; refusals said in words.
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ReportDetails } from '../../src/renderer/src/components/ReportDetails'
import { useCasesStore } from '../../src/renderer/src/features/cases/cases-store'
import { installCasefileDouble } from './casefile-double'
import { CASE, installCasesDouble, summary } from './cases-double'

const REPORT = {
  id: 'r-2026-0042',
  fraudType: 'money_mule',
  fraudReason: 'Moved the money out within minutes.',
  identifiers: [{ id: 'i1', label: 'phone', value: '08031234567' }],
  listingStatus: 'listed',
  createdAt: '2026-03-14T09:05:03.000Z',
}

const addButton = () => screen.getByRole('button', { name: /^Add to a case…/ })

describe('Add to a case… on a report’s details', () => {
  beforeEach(() => {
    useCasesStore.setState({ cases: null, opened: null, seen: {} })
    installCasefileDouble()
  })
  afterEach(cleanup)

  it('adds the report to the newest case, naming it, and remembers its words for the case', async () => {
    const calls = installCasesDouble({
      caseList: [summary(CASE), { ...summary(CASE), id: 'case-old', title: 'Older case' }],
      caseAdd: { ok: true, case: { ...CASE, items: [] } },
    })
    render(<ReportDetails record={REPORT} />)
    // The button names the report for screen readers, as the others on a list of reports do.
    expect(addButton().textContent).toBe('Add to a case… (Money mule · 08031234567)')
    await userEvent.click(addButton())
    const pick = screen.getByLabelText('Case')
    await waitFor(() => expect(document.activeElement).toBe(pick))
    await screen.findByRole('option', { name: 'Older case (0 items)' })
    expect((pick as HTMLSelectElement).value).toBe(CASE.id)
    await userEvent.click(screen.getByRole('button', { name: 'Add' }))
    expect(calls.caseAdd).toHaveBeenCalledWith({
      caseId: CASE.id,
      source: { kind: 'report', reportId: 'r-2026-0042' },
    })
    await screen.findByText(`Added the Money mule report to “${CASE.title}” (now 0 items).`)
    expect(useCasesStore.getState().seen['r-2026-0042']).toEqual({
      fraudType: 'money_mule',
      identifiers: [{ label: 'phone', value: '08031234567' }],
      reportedBy: null,
    })
    // The choice is put away, the keyboard back on the button.
    expect(screen.queryByLabelText('Case')).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(addButton()))
  })

  it('makes a new case by its title first, refusing an empty title in words', async () => {
    const calls = installCasesDouble({
      caseList: [],
      caseNew: { ok: true, case: CASE },
      caseAdd: { ok: true, case: CASE },
    })
    render(<ReportDetails record={REPORT} />)
    await userEvent.click(addButton())
    await waitFor(() => expect(calls.caseList).toHaveBeenCalled())
    expect((screen.getByLabelText('Case') as HTMLSelectElement).value).toBe('new')
    await userEvent.click(screen.getByRole('button', { name: 'Add' }))
    await screen.findByText('Give the case a title: what the investigation is about.')
    expect(calls.caseNew).not.toHaveBeenCalled()
    await userEvent.type(screen.getByLabelText('Title of the new case'), CASE.title)
    await userEvent.click(screen.getByRole('button', { name: 'Add' }))
    await waitFor(() => expect(calls.caseAdd).toHaveBeenCalled())
    expect(calls.caseNew).toHaveBeenCalledWith({ title: CASE.title })
    expect(calls.caseAdd).toHaveBeenCalledWith({
      caseId: CASE.id,
      source: { kind: 'report', reportId: 'r-2026-0042' },
    })
  })

  it('says why the core would not add it, keeping the choice open; Escape puts it away', async () => {
    installCasesDouble({
      caseList: [summary(CASE)],
      caseAdd: { ok: false, message: 'That report is already in this case.' },
    })
    render(<ReportDetails record={REPORT} />)
    await userEvent.click(addButton())
    await screen.findByRole('option', { name: /^Mule ring/ })
    await userEvent.click(screen.getByRole('button', { name: 'Add' }))
    await screen.findByText('Not added: That report is already in this case.')
    expect(screen.getByLabelText('Case')).toBeTruthy()
    screen.getByLabelText('Case').focus()
    await userEvent.keyboard('{Escape}')
    expect(screen.queryByLabelText('Case')).toBeNull()
    expect(addButton().getAttribute('aria-expanded')).toBe('false')
  })
})
