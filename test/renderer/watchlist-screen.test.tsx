// @vitest-environment happy-dom
// The Watchlist screen's alerts: what changed, in words, and escalating one by the keyboard
// through the ways on the issue names (open the report, start a draft, add to a case), each
// writing why in the alert's log.
import { cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WatchlistScreen } from '../../src/renderer/src/features/watchlist/WatchlistScreen'
import { useEditorStore } from '../../src/renderer/src/features/editor/editor-store'
import { useNavStore } from '../../src/renderer/src/stores/nav-store'
import {
  useWatchlistStore,
  type WatchAlert,
} from '../../src/renderer/src/features/watchlist/watchlist-store'
import { useCasesStore } from '../../src/renderer/src/features/cases/cases-store'
import { installCasefileDouble } from './casefile-double'
import { CASE, installCasesDouble, summary } from './cases-double'

const UPDATED: WatchAlert = {
  id: 7,
  itemId: 1,
  kind: 'updated',
  state: 'new',
  reportId: 'r-2026-0042',
  type: 'email',
  value: 'mule@example.com',
  createdAt: new Date().toISOString(),
  before: { listed: true, fraudType: 'money_mule', fraudReason: 'moved the money out' },
  after: { listed: true, fraudType: 'hacker', fraudReason: 'took over the account' },
  stateReason: null,
}

const UNLISTED: WatchAlert = {
  ...UPDATED,
  id: 8,
  kind: 'unlisted',
  state: 'escalated',
  value: 'other@example.com',
  before: { listed: true, fraudType: 'theft', fraudReason: 'r' },
  after: { listed: false, fraudType: 'theft', fraudReason: 'r' },
  stateReason: 'Added to a case file (saved as case-r-2026-0042.zip)',
}

const DRAFT = {
  localId: 'd-1',
  registryId: null,
  status: 'draft',
  draft: {
    fraudType: '',
    fraudReason: '',
    identifiers: [{ label: 'email', value: 'mule@example.com' }],
    showUploaderInfo: false,
    attachmentIds: [],
    attachmentUrls: [],
  },
  attachments: [],
  origin: 'app',
  createdAt: 1,
  updatedAt: 1,
}

function setup() {
  const double = installCasefileDouble({
    watchList: [],
    watchAlerts: [UPDATED, UNLISTED],
    watchSetAlertState: { ...UPDATED, state: 'escalated' },
    draftCreate: DRAFT,
    draftList: [],
  })
  render(<WatchlistScreen />)
  return double
}

const alertItem = async (text: RegExp) =>
  (await screen.findByText(text)).closest('li') as HTMLElement

describe('the Watchlist screen’s alerts', () => {
  beforeEach(() => {
    useWatchlistStore.setState({ alerts: [], items: [], newCount: 0, error: null })
    useNavStore.setState({ screen: 'watchlist', pendingSearch: null })
  })
  afterEach(cleanup)

  it('say what changed, in the app’s words, and why an escalated one was escalated', async () => {
    setup()
    const updated = await alertItem(/A report was updated for/)
    expect(within(updated).getByText('Fraud type: Money mule → Hacker / account takeover'))
    expect(within(updated).getByText('Reason changed'))
    const unlisted = await alertItem(/A report was unlisted for/)
    expect(within(unlisted).getByText('Listing: Listed → Unlisted'))
    expect(unlisted.textContent).toMatch(
      /Escalated: Added to a case file \(saved as case-r-2026-0042\.zip\)/,
    )
    // An escalated alert keeps the ways to follow it up, and no Escalate or Dismiss.
    expect(within(unlisted).queryByRole('button', { name: /^Escalate|^Dismiss/ })).toBeNull()
    expect(within(unlisted).getByRole('button', { name: /^Open the report/ }))
  })

  it('an identifier taken off a listed report, and a report filed before the first check, say so', async () => {
    const removed: WatchAlert = {
      ...UPDATED,
      id: 9,
      kind: 'identifier_removed',
      value: 'taken@example.com',
      before: { listed: true, fraudType: 'theft', fraudReason: 'r' },
      after: { listed: true, fraudType: 'theft', fraudReason: 'r', carried: false },
    }
    const filed: WatchAlert = {
      ...UPDATED,
      id: 10,
      kind: 'new_report',
      value: 'filed@example.com',
      before: null,
      after: { listed: true, fraudType: 'money_mule', fraudReason: 'r' },
      beforeFirstCheck: true,
    }
    installCasefileDouble({ watchList: [], watchAlerts: [removed, filed], draftList: [] })
    render(<WatchlistScreen />)
    const off = await alertItem(/A report that is still listed no longer carries/)
    expect(within(off).getByText('Identifier taken off'))
    expect(within(off).getByText('Identifier taken off the report (the report is still listed)'))
    expect(off.textContent).not.toMatch(/Unlisted/)
    const early = await alertItem(/A new report names/)
    expect(
      within(early).getByText(
        'Filed after this identifier was added to the watchlist, before its first check',
      ),
    )
  })

  it('Escalate… offers the three ways on, the keyboard on the first; Escape puts it back', async () => {
    setup()
    const updated = await alertItem(/A report was updated for/)
    const escalate = within(updated).getByRole('button', { name: /^Escalate…/ })
    expect(escalate.getAttribute('aria-expanded')).toBe('false')
    escalate.focus()
    await userEvent.keyboard('{Enter}')
    const choice = within(updated).getByRole('group', { name: /^Escalate it: what next\?/ })
    const names = within(choice)
      .getAllByRole('button')
      .map((b) => b.textContent)
    expect(names).toEqual([
      'Open the report (Email mule@example.com)',
      'Start a draft (Email mule@example.com)',
      'Add to a case… (Email mule@example.com)',
      'Not now (Email mule@example.com)',
    ])
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/^Open the report/))
    await userEvent.keyboard('{Escape}')
    expect(within(updated).queryByRole('group')).toBeNull()
    await waitFor(() => expect(document.activeElement).toBe(escalate))
  })

  it('Start a draft: a draft naming the identifier, opened in the editor, and the alert escalated saying so', async () => {
    const { api } = setup()
    const updated = await alertItem(/A report was updated for/)
    within(updated)
      .getByRole('button', { name: /^Escalate…/ })
      .focus()
    await userEvent.keyboard('{Enter}')
    await userEvent.click(within(updated).getByRole('button', { name: /^Start a draft/ }))
    await waitFor(() =>
      expect(api.watchSetAlertState).toHaveBeenCalledWith({
        alert: 7,
        state: 'escalated',
        reason: 'Started a draft',
      }),
    )
    expect(api.draftCreate).toHaveBeenCalledWith({
      identifiers: [{ label: 'email', value: 'mule@example.com' }],
    })
    expect(useNavStore.getState().screen).toBe('editor')
    const editor = useEditorStore.getState()
    expect(editor.target).toEqual({ kind: 'draft', localId: 'd-1' })
    expect(editor.form.identifiers.map((i) => [i.label, i.value])).toEqual([
      ['email', 'mule@example.com'],
    ])
    expect(editor.notice).toMatch(
      /^A new report naming Email mule@example\.com, started from a watchlist alert/,
    )
  })

  it('Open the report: escalated saying so, then Search asked for the identifier with the report selected', async () => {
    const { api } = setup()
    const updated = await alertItem(/A report was updated for/)
    await userEvent.click(within(updated).getByRole('button', { name: /^Escalate…/ }))
    await userEvent.click(within(updated).getByRole('button', { name: /^Open the report/ }))
    await waitFor(() => expect(useNavStore.getState().screen).toBe('search'))
    expect(api.watchSetAlertState).toHaveBeenCalledWith({
      alert: 7,
      state: 'escalated',
      reason: 'Opened the report',
    })
    expect(useNavStore.getState().pendingSearch).toEqual({
      identifier: 'email',
      value: 'mule@example.com',
      reportId: 'r-2026-0042',
    })
  })

  it('Add to a case…: the alert added to the case picked, then escalated naming the case', async () => {
    const { api } = installCasefileDouble({
      watchList: [],
      watchAlerts: [UPDATED],
      watchSetAlertState: { ...UPDATED, state: 'escalated' },
    })
    const cases = installCasesDouble({
      caseList: [summary(CASE)],
      caseAdd: { ok: true, case: CASE },
    })
    useCasesStore.setState({ cases: null })
    render(<WatchlistScreen />)
    const updated = await alertItem(/A report was updated for/)
    await userEvent.click(within(updated).getByRole('button', { name: /^Escalate…/ }))
    await userEvent.click(within(updated).getByRole('button', { name: /^Add to a case…/ }))
    // The newest case is picked; Add puts the alert (by its id, never its report's) at its end.
    await within(updated).findByRole('option', { name: 'Mule ring, Lagos Island (0 items)' })
    await userEvent.click(within(updated).getByRole('button', { name: 'Add' }))
    expect(cases.caseAdd).toHaveBeenCalledWith({
      caseId: CASE.id,
      source: { kind: 'alert', alertId: 7 },
    })
    await waitFor(() =>
      expect(api.watchSetAlertState).toHaveBeenCalledWith({
        alert: 7,
        state: 'escalated',
        reason: 'Added to the case “Mule ring, Lagos Island”',
      }),
    )
  })

  it('an alert the core would not add escalates nothing, and says why', async () => {
    const { api } = installCasefileDouble({ watchList: [], watchAlerts: [UPDATED] })
    installCasesDouble({
      caseList: [summary(CASE)],
      caseAdd: { ok: false, message: 'Alert 7 is not one of this folder’s alerts.' },
    })
    useCasesStore.setState({ cases: null })
    render(<WatchlistScreen />)
    const updated = await alertItem(/A report was updated for/)
    await userEvent.click(within(updated).getByRole('button', { name: /^Escalate…/ }))
    await userEvent.click(within(updated).getByRole('button', { name: /^Add to a case…/ }))
    await within(updated).findByRole('option', { name: /^Mule ring/ })
    await userEvent.click(within(updated).getByRole('button', { name: 'Add' }))
    await within(updated).findByText('Not added: Alert 7 is not one of this folder’s alerts.')
    expect(api.watchSetAlertState).not.toHaveBeenCalled()
  })
})
