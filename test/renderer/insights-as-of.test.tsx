// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { InsightsSummary } from '../../src/shared/contracts/insights'
import { AsOf } from '../../src/renderer/src/features/insights/InsightsScreen'

const SENT = new Date(Date.now() - 60_000).toISOString()

/** Three reports sent from this computer a minute ago; Submissions never opened. */
const summary = (patch: Partial<InsightsSummary>): InsightsSummary => ({
  asOf: null,
  sentAt: SENT,
  countedAt: new Date().toISOString(),
  utcOffsetMinutes: 60,
  reports: 3,
  listing: { listed: 3, unlisted: 0, other: 0 },
  byFraudType: [{ fraudType: 'money_mule', reports: 3 }],
  byMonth: { months: [], earlier: 0, later: 0, undated: 0 },
  byBank: {
    withAccounts: 0,
    banks: [],
    otherBanks: { banks: 0, reports: 0 },
    notInBankList: 0,
    noBank: 0,
    bankListSaved: false,
  },
  outbox: { days: [], olderOpen: { waiting: 0, needsAttention: 0 } },
  ...patch,
})

/** The words the Insights screen puts in its status line for this summary. */
async function asOfWords(value: InsightsSummary): Promise<string> {
  await act(async () => {
    render(
      <p data-testid="insights-as-of">
        <AsOf asOf={value.asOf} sentAt={value.sentAt} />
      </p>,
    )
  })
  return screen.getByTestId('insights-as-of').textContent ?? ''
}

describe('Insights: what its figures are as of', () => {
  afterEach(cleanup)

  it('right after reports were sent, before Submissions was opened, counts them and says so', async () => {
    const words = await asOfWords(summary({}))
    expect(words).not.toMatch(/have not been refreshed/)
    expect(words).toMatch(/^The reports sent from this computer are counted \(the last .*ago\)\./)
    expect(words).toMatch(/reports your organization filed elsewhere are not\.$/)
  })

  it('after a refresh, names the reports sent since', async () => {
    const refreshed = new Date(Date.now() - 3_600_000).toISOString()
    expect(await asOfWords(summary({ asOf: refreshed }))).toMatch(
      /^As of the last refresh of Submissions, .*, with the reports sent from this computer since/,
    )
  })
})
