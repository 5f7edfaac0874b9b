// @vitest-environment happy-dom
// Settings → Searches a second: the organization's ceiling on the folder's search pace (issue
// 40), the same value `casefile config set --max-rate` sets; a bad value is refused in words.
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { SearchPacePanel } from '../../src/renderer/src/features/settings/SearchPacePanel'
import { installCasefileDouble } from './casefile-double'

describe('Settings → Searches a second', () => {
  afterEach(cleanup)

  it('shows the ceiling and the pace now, saves a new ceiling and goes back to the default', async () => {
    const { api } = installCasefileDouble({
      searchPace: { rate: 2, maxRate: 10, defaultMaxRate: 10, maxRateSet: false },
      searchSetMaxRate: { rate: 2, maxRate: 20, defaultMaxRate: 10, maxRateSet: true },
    })
    render(<SearchPacePanel />)
    const field = await screen.findByLabelText('Most searches a second')
    expect((field as HTMLInputElement).value).toBe('10')
    expect(
      screen.getByText(/10 a second unless your organization sets another \(now 2/),
    ).toBeTruthy()
    fireEvent.change(field, { target: { value: '0' } })
    expect(screen.getByText('The most searches a second is a number from 1 to 1000.')).toBeTruthy()
    expect(
      (screen.getByRole('button', { name: 'Save the ceiling' }) as HTMLButtonElement).disabled,
    ).toBe(true)
    fireEvent.change(field, { target: { value: '20' } })
    fireEvent.click(screen.getByRole('button', { name: 'Save the ceiling' }))
    expect(await screen.findByText('At most 20 searches a second from now on.')).toBeTruthy()
    expect(api.searchSetMaxRate).toHaveBeenCalledWith({ maxRate: 20 })
    fireEvent.click(screen.getByRole('button', { name: 'Back to 10 a second' }))
    expect(api.searchSetMaxRate).toHaveBeenLastCalledWith({ maxRate: null })
  })
})
