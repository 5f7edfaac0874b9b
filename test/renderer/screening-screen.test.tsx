// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ScreeningShowView } from '../../src/shared/contracts/screening'
import { ScreeningScreen } from '../../src/renderer/src/features/screening/ScreeningScreen'
import { resultRows } from '../../src/renderer/src/features/screening/result-rows'
import {
  durationWords,
  secondsLeft,
  useScreeningStore,
} from '../../src/renderer/src/features/screening/screening-store'
import { useCasesStore } from '../../src/renderer/src/features/cases/cases-store'
import { installCasefileDouble } from './casefile-double'
import { CASE, installCasesDouble, summary } from './cases-double'

const hit = (row: number, fraudType: string, updatedAt: string) => ({
  row,
  type: 'email' as const,
  value: `row${row}@example.com`,
  written: `Row${row}@Example.com`,
  column: 'Email',
  matchedAs: 'normalized' as const,
  bankGuessed: false,
  asOf: '2026-03-14T09:05:03.000Z',
  source: 'online' as const,
  reports: [
    {
      id: `r-${row}`,
      fraudType,
      listingStatus: 'listed',
      organization: 'Another bank',
      own: false,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt,
    },
  ],
  publicReports: [],
})

const JOB: ScreeningShowView = {
  job: 7,
  file: 'customers.csv',
  state: 'open',
  createdAt: '2026-03-14T09:00:00.000Z',
  updatedAt: '2026-03-14T09:00:00.000Z',
  rate: 2,
  pace: 'fixed',
  totals: {
    rows: 5,
    identifiers: 30,
    searched: 10,
    hits: 2,
    unchecked: 1,
    clean: 2,
    partly: 0,
    notChecked: 1,
    unread: 0,
  },
  running: true,
  waiting: null,
  hits: [
    hit(4, 'money_mule', '2026-02-01T00:00:00.000Z'),
    hit(2, 'theft', '2026-03-01T00:00:00.000Z'),
  ],
  unchecked: [{ row: 3, outcome: 'unchecked', reason: 'Phone: not searched on the registry yet.' }],
  problems: [],
  moreUnchecked: false,
  more: false,
}

describe('the Screening screen’s sums', () => {
  it('says the time left from the identifiers not yet searched, at the job’s rate', () => {
    expect(secondsLeft(JOB)).toBe(10)
    expect(secondsLeft({ ...JOB, state: 'done' })).toBeNull()
    expect(durationWords(10)).toBe('about 10 seconds')
    expect(durationWords(600)).toBe('about 10 minutes')
    expect(durationWords(7200)).toBe('about 2 hours')
  })

  it('lists the rows with a hit and those not checked, filtered and sorted', () => {
    expect(resultRows(JOB, 'all', 'row').map((r) => r.row)).toEqual([2, 3, 4])
    expect(resultRows(JOB, 'hit', 'row').map((r) => r.row)).toEqual([2, 4])
    expect(resultRows(JOB, 'unchecked', 'row').map((r) => r.row)).toEqual([3])
    expect(resultRows(JOB, 'hit', 'type').map((r) => r.row)).toEqual([4, 2])
    expect(resultRows(JOB, 'all', 'newest').map((r) => r.row)).toEqual([2, 4, 3])
  })
})

describe('the Screening screen', () => {
  beforeEach(() => useScreeningStore.getState().reset())
  afterEach(cleanup)

  it('opens an earlier job and saves its hits through main, naming the job only', async () => {
    const { api } = installCasefileDouble({
      screeningList: [{ ...JOB, state: 'done' }],
      screeningShow: { ...JOB, state: 'done', totals: { ...JOB.totals, searched: 30 } },
      saveScreeningHits: { saved: true, fileName: 'hits.xlsx', rows: 2 },
    })
    render(<ScreeningScreen />)
    await userEvent.click(
      await screen.findByRole('button', { name: /^Open the screening of customers\.csv/ }),
    )
    await screen.findByText(
      'Searched 30 of 30 identifiers · 2 rows with a hit · 1 not fully checked',
    )
    expect(screen.getByText('Money mule')).toBeTruthy()
    expect(screen.getByText('Theft')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Save the hits (XLSX or CSV)…' }))
    expect(api.saveScreeningHits).toHaveBeenCalledWith({ job: 7 })
    await waitFor(() => screen.getByText('Saved 2 lines of hits in hits.xlsx.'))
  })

  it('adds a hit’s identifier to a case as a search run now, naming the row', async () => {
    installCasefileDouble({
      screeningList: [{ ...JOB, state: 'done' }],
      screeningShow: { ...JOB, state: 'done', totals: { ...JOB.totals, searched: 30 } },
    })
    const cases = installCasesDouble({
      caseList: [summary(CASE)],
      caseAdd: { ok: true, case: CASE },
    })
    useCasesStore.setState({ cases: null })
    render(<ScreeningScreen />)
    await userEvent.click(
      await screen.findByRole('button', { name: /^Open the screening of customers\.csv/ }),
    )
    await userEvent.click(
      await screen.findByRole('button', { name: 'Add this search to a case… (row 4)' }),
    )
    await screen.findByRole('option', { name: /^Mule ring/ })
    await userEvent.click(screen.getByRole('button', { name: 'Add' }))
    expect(cases.caseAdd).toHaveBeenCalledWith({
      caseId: CASE.id,
      source: { kind: 'search', type: 'email', value: 'row4@example.com' },
    })
    await screen.findByText(
      `Added a search for Email row4@example.com to “${CASE.title}” (now 0 items).`,
    )
  })

  it('estimates a run before Start, and starts it at the registry’s pace reusing answers of the last 7 days', async () => {
    const estimate = {
      rows: 2,
      identifiers: 2,
      identifiersToSearch: 1,
      reusedIdentifiers: 1,
      searches: 1,
      reusedSearches: 1,
      pace: { mode: 'auto', rate: 2, ceiling: 10 },
      seconds: 1,
      secondsWithoutReuse: 2,
    }
    const { api } = installCasefileDouble({
      screeningList: [],
      screeningEstimate: estimate,
      screeningStart: { ...JOB, pace: 'auto', rate: 0 },
    })
    useScreeningStore.getState().paste('a@book.example\nb@book.example', 'email')
    render(<ScreeningScreen />)
    await userEvent.click(await screen.findByLabelText('As fast as the registry allows'))
    expect(screen.queryByLabelText('Searches a second')).toBeNull()
    await userEvent.type(
      screen.getByLabelText('Reuse answers of earlier screenings younger than (days)'),
      '7',
    )
    await userEvent.click(screen.getByRole('button', { name: 'Estimate the time' }))
    const expected = {
      source: { kind: 'list', text: 'a@book.example\nb@book.example', type: 'email' },
      rate: 'auto',
      offline: false,
      fresherThanDays: 7,
    }
    expect(api.screeningEstimate).toHaveBeenCalledWith(expected)
    await screen.findByText(/2 rows, 2 distinct values: 1 search to make/)
    expect(screen.getByText(/rising to at most 10 while the registry allows it/)).toBeTruthy()
    expect(screen.getByText(/Reusing earlier answers saves 1 search/)).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Start screening' }))
    expect(api.screeningStart).toHaveBeenCalledWith(expected)
  })

  it('saves the screening record of every row through main, from the keyboard', async () => {
    const { api } = installCasefileDouble({
      screeningList: [{ ...JOB, state: 'done' }],
      screeningShow: { ...JOB, state: 'done', totals: { ...JOB.totals, searched: 30 } },
      saveScreeningRecord: { saved: true, fileName: 'record.xlsx', rows: 3 },
    })
    render(<ScreeningScreen />)
    await userEvent.click(
      await screen.findByRole('button', { name: /^Open the screening of customers\.csv/ }),
    )
    const button = await screen.findByRole('button', {
      name: 'Save the screening record (every row)…',
    })
    button.focus()
    await userEvent.keyboard('{Enter}')
    expect(api.saveScreeningRecord).toHaveBeenCalledWith({ job: 7 })
    await waitFor(() => screen.getByText('Saved the screening record of 3 rows in record.xlsx.'))
  })
  it('says each row’s one outcome from the job’s totals: partly checked, and a bank guessed', async () => {
    const partly: ScreeningShowView = {
      ...JOB,
      state: 'done',
      totals: { ...JOB.totals, searched: 30, clean: 1, partly: 1, notChecked: 0, unchecked: 1 },
      hits: [
        {
          ...hit(2, 'theft', '2026-03-01T00:00:00.000Z'),
          type: 'account',
          value: '0000014579',
          written: '14579',
          column: 'Acct No',
          bankGuessed: true,
        },
      ],
      unchecked: [
        {
          row: 3,
          outcome: 'partly',
          reason: 'Partly checked. 1 cell could not be read: see the problems.',
        },
      ],
    }
    installCasefileDouble({ screeningList: [partly], screeningShow: partly })
    render(<ScreeningScreen />)
    await userEvent.click(
      await screen.findByRole('button', { name: /^Open the screening of customers\.csv/ }),
    )
    const outcome = await screen.findByTestId('screening-outcome')
    expect(outcome.textContent).toMatch(
      /^5 rows: 2 with a hit, 1 with no report on file, 1 partly checked, 0 could not check, 0 could not be read\./,
    )
    expect(screen.getByText('Partly checked')).toBeTruthy()
    expect(screen.getByText('Bank guessed from the account number')).toBeTruthy()
  })

  it('shows a job still running at once, its progress asked every second', async () => {
    const { api } = installCasefileDouble({ screeningList: [JOB], screeningShow: JOB })
    render(<ScreeningScreen />)
    await screen.findByText(/about 10 seconds left at 2 a second$/)
    await waitFor(() => expect(api.screeningShow.mock.calls.length).toBeGreaterThan(1), {
      timeout: 3000,
    })
    expect(api.screeningShow).toHaveBeenLastCalledWith({ job: 7, limit: 200 })
  })

  it('draws the rows of 5,000 hits that can be seen, and the others when scrolled to', async () => {
    const hits = Array.from({ length: 5000 }, (_, i) =>
      hit(i + 2, 'money_mule', '2026-02-01T00:00:00.000Z'),
    )
    const done = {
      ...JOB,
      state: 'done' as const,
      totals: { ...JOB.totals, rows: 5000, hits: 5000, unchecked: 0 },
      hits,
      unchecked: [],
    }
    installCasefileDouble({ screeningList: [done], screeningShow: done })
    render(<ScreeningScreen />)
    await userEvent.click(
      await screen.findByRole('button', { name: /^Open the screening of customers\.csv/ }),
    )
    const list = await screen.findByRole('list', { name: 'Results by row' })
    const drawn = () => list.querySelectorAll('li.screening-row').length
    expect(drawn()).toBeGreaterThan(2)
    expect(drawn()).toBeLessThan(60)
    const box = list.parentElement as HTMLElement
    await act(async () => {
      box.scrollTop = 4000 * 110
      fireEvent.scroll(box)
    })
    expect(screen.queryAllByText('Row 4002').length).toBeGreaterThan(0)
    expect(screen.queryAllByText('Row 2').length).toBe(0)
  })
})
