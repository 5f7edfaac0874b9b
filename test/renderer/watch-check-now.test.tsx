// @vitest-environment happy-dom
// Check now on the Watchlist (issue 38, item 3): one item's row, or all, said in words.
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { WatchItems } from '../../src/renderer/src/features/watchlist/WatchItems'
import {
  checkNowWords,
  useWatchlistStore,
  type WatchItem,
} from '../../src/renderer/src/features/watchlist/watchlist-store'
import { installCasefileDouble } from './casefile-double'

const ITEM: WatchItem = {
  id: 4,
  type: 'phone',
  value: '08031110001',
  note: null,
  owner: null,
  periodMs: 6 * 3_600_000,
  lastCheckedAt: new Date().toISOString(),
  nextCheckAt: new Date(Date.now() + 6 * 3_600_000).toISOString(),
}
const RESULT = { checked: 0, alerts: 0, due: 0, paceSeconds: 30, quietUntil: null, problem: null }

describe('Check now', () => {
  afterEach(cleanup)

  it('checks one item from its row and says the alert it found', async () => {
    const { api } = installCasefileDouble({
      watchList: [ITEM],
      watchAlerts: [],
      watchCheckNow: { ...RESULT, checked: 1, alerts: 1 },
    })
    useWatchlistStore.setState({ items: [ITEM], checkNote: null })
    render(<WatchItems />)
    await userEvent.click(screen.getByRole('button', { name: /^Check now \(Phone/ }))
    expect(api.watchCheckNow).toHaveBeenCalledWith({ id: 4 })
    await waitFor(() =>
      expect(screen.getByTestId('watch-check-note').textContent).toMatch(
        /^Checked Phone .* just now: 1 new alert, listed under Alerts\.$/,
      ),
    )
  })

  it('checks all: due now at the settings’ pace, and says how long', async () => {
    const { api } = installCasefileDouble({
      watchList: [ITEM],
      watchAlerts: [],
      watchCheckNow: { ...RESULT, due: 12 },
    })
    useWatchlistStore.setState({ items: [ITEM], checkNote: null })
    render(<WatchItems />)
    await userEvent.click(screen.getByRole('button', { name: 'Check all now' }))
    expect(api.watchCheckNow).toHaveBeenCalledWith({})
    await waitFor(() =>
      expect(screen.getByTestId('watch-check-note').textContent).toBe(
        'All 12 items are due now and checked one every 30 s, the pace your settings keep for the shared registry (about 6 minutes). New alerts appear under Alerts as they are found.',
      ),
    )
  })

  it('within the registry’s pause, says it waits for it', () => {
    const quietUntil = new Date(Date.now() + 600_000).toISOString()
    expect(checkNowWords({ ...RESULT, due: 1, quietUntil }, 'Phone 0803 111 0001')).toMatch(
      /^Not checked yet: the registry asked for a pause until .+, so Phone 0803 111 0001 is checked as soon as it ends\.$/,
    )
    expect(
      checkNowWords(
        { ...RESULT, problem: 'No connection to the registry.' },
        'Phone 0803 111 0001',
      ),
    ).toBe('Phone 0803 111 0001 could not be checked: No connection to the registry.')
  })
})
