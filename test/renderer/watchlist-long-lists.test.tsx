// @vitest-environment happy-dom
// Issue 37: a watchlist of a customer list (thousands of items) and a week of its alerts are
// drawn where they can be seen, not whole at every refresh.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { WatchlistScreen } from '../../src/renderer/src/features/watchlist/WatchlistScreen'
import type {
  WatchAlert,
  WatchItem,
} from '../../src/renderer/src/features/watchlist/watchlist-store'
import { installCasefileDouble } from './casefile-double'

const now = Date.now()
const items: WatchItem[] = Array.from({ length: 3000 }, (_, i) => ({
  id: i + 1,
  type: 'phone',
  value: `0803${String(i + 1).padStart(7, '0')}`,
  note: null,
  owner: null,
  periodMs: 86_400_000,
  lastCheckedAt: null,
  nextCheckAt: new Date(now + 3_600_000).toISOString(),
}))
const alerts: WatchAlert[] = Array.from({ length: 1500 }, (_, i) => ({
  id: i + 1,
  itemId: i + 1,
  kind: 'new_report',
  state: 'new',
  reportId: `r-${i + 1}`,
  type: 'phone',
  value: `0803${String(i + 1).padStart(7, '0')}`,
  createdAt: new Date(now - i * 60_000).toISOString(),
  before: null,
  after: { listed: true, fraudType: 'money_mule', fraudReason: 'moved the money out' },
  stateReason: null,
}))

describe('the watchlist with thousands of items and alerts', () => {
  afterEach(cleanup)

  it('draws the items and alerts that can be seen, and the others when scrolled to', async () => {
    installCasefileDouble({ watchList: items, watchAlerts: alerts, watchSettings: null })
    await act(async () => {
      render(<WatchlistScreen />)
    })
    const table = await screen.findByRole('table', { name: 'Watched identifiers' })
    const drawnItems = () => table.querySelectorAll('tbody:not([aria-hidden]) > tr').length
    expect(drawnItems()).toBeGreaterThan(3)
    expect(drawnItems()).toBeLessThan(60)
    const list = screen.getByRole('list', { name: 'Alerts' })
    const drawnAlerts = () => list.querySelectorAll('li.watch-alert').length
    expect(drawnAlerts()).toBeGreaterThan(2)
    expect(drawnAlerts()).toBeLessThan(60)

    const box = table.parentElement as HTMLElement
    await act(async () => {
      box.scrollTop = 2500 * 72
      fireEvent.scroll(box)
    })
    expect(screen.queryAllByText('08030002501').length).toBeGreaterThan(0)
    expect(screen.queryAllByText('08030000001').length).toBe(0)
  })
})
