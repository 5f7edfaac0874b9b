// @vitest-environment happy-dom
import { act, cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { ReportRecord } from '../../src/shared/domain/responses'
import { SubmissionsScreen } from '../../src/renderer/src/features/submissions/SubmissionsScreen'
import { useSubmissionsStore } from '../../src/renderer/src/features/submissions/submissions-store'
import { installCasefileDouble } from './casefile-double'

const FULL: ReportRecord = {
  id: 'reg-1',
  listingStatus: 'listed',
  fraudType: 'money_mule',
  fraudReason: 'Received and moved the proceeds of a phishing scam within minutes.',
  createdAt: '2026-03-01T09:00:00.000Z',
  identifiers: [{ label: 'bvn', value: '22212346789' }],
}
// What the registry's plain fetch gives (registry-api.md 4.5): the identifiers masked.
const MASKED: ReportRecord = { ...FULL, identifiers: [{ label: 'bvn', value: '*******6789' }] }

describe('Submissions: a report of the organization, in the list and in its detail', () => {
  afterEach(cleanup)

  it('shows its identifiers the same way in both: in full', async () => {
    const { api } = installCasefileDouble({
      submissionsList: { rows: [FULL], total: 1 },
      submissionsRefresh: { mode: 'full', written: 1, total: 1, refreshedAt: FULL.createdAt },
      outboxHistory: [],
    })
    api.submissionGet.mockImplementation(async ({ decoded }: { decoded: boolean }) => ({
      ok: true,
      value: { record: decoded ? FULL : MASKED, source: 'online', message: null },
    }))
    useSubmissionsStore.setState({ selected: 'reg-1' })
    await act(async () => {
      render(<SubmissionsScreen />)
    })
    const list = screen.getByRole('list', { name: 'Submitted reports' })
    expect(within(list).getByText('22212346789')).toBeTruthy()
    const detail = await screen.findByRole('complementary')
    // Named in the heading (from the list's row) and in the identifiers below it.
    expect((await within(detail).findAllByText(/22212346789/)).length).toBeGreaterThan(1)
    expect(within(detail).queryByText(/\*{3,}/)).toBeNull()
  })
})
