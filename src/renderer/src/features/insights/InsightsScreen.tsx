import { useEffect, useMemo, type ReactNode } from 'react'
import type { InsightsSummary } from '../../../../shared/contracts/insights'
import { BarChart, useChartColors, type BarSeries, type ChartColors } from './BarChart'
import { Time } from '../../components/Time'
import { fraudTypeLabel } from '../../report-title'
import { useInsightsStore } from './insights-store'
import { useNavStore } from '../../stores/nav-store'
import { useConnection } from '../../stores/status-store'
import './insights.css'

/*
 * One formatter each, made once: toLocaleString and toLocaleDateString build a new Intl
 * formatter on every call, and the screen formats a few hundred figures and dates.
 */
const numberFormat = new Intl.NumberFormat()
const monthFormat = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
})
const dayFormat = new Intl.DateTimeFormat(undefined, {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
})

const n = (value: number) => numberFormat.format(value)
const reportsWord = (value: number) => `${n(value)} report${value === 1 ? '' : 's'}`

/** 2026-03 as "Mar 2026". */
function monthLabel(month: string): string {
  const [year, m] = month.split('-').map(Number)
  return monthFormat.format(new Date(Date.UTC(year ?? 1970, (m ?? 1) - 1, 1)))
}

/** 2026-03-14 as "14 Mar". */
function dayLabel(day: string): string {
  return dayFormat.format(new Date(`${day}T00:00:00.000Z`))
}

/** One row of a picture: its label and a figure per series. */
interface Row {
  label: string
  values: number[]
}

interface Figure {
  id: string
  title: string
  /** What the picture shows, for the canvas's text alternative (the table has every figure). */
  description: string
  columns: string[]
  rows: Row[]
  colors: (c: ChartColors) => string[]
  horizontal?: boolean
  stacked?: boolean
  wide?: boolean
  note?: ReactNode
}

/** The largest rows, in words: "Money mule 420, Theft 130 and Hacker 80". */
function most(rows: readonly Row[]): string {
  const top = [...rows]
    .sort((a, b) => (b.values[0] ?? 0) - (a.values[0] ?? 0))
    .slice(0, 3)
    .filter((row) => (row.values[0] ?? 0) > 0)
    .map((row) => `${row.label} ${n(row.values[0] ?? 0)}`)
  if (top.length === 0) return 'none yet'
  return top.length === 1 ? top[0]! : `${top.slice(0, -1).join(', ')} and ${top.at(-1)}`
}

function figuresOf(s: InsightsSummary): Figure[] {
  const types: Row[] = s.byFraudType.map((t) => ({
    label: fraudTypeLabel(t.fraudType, 'No type given'),
    values: [t.reports],
  }))
  const months: Row[] = s.byMonth.months.map((m) => ({
    label: monthLabel(m.month),
    values: [m.reports],
  }))
  const bank = s.byBank
  const banks: Row[] = [
    ...bank.banks.map((b) => ({ label: b.name, values: [b.reports] })),
    ...(bank.otherBanks.banks > 0
      ? [{ label: `${n(bank.otherBanks.banks)} other banks`, values: [bank.otherBanks.reports] }]
      : []),
    ...(bank.notInBankList > 0
      ? [{ label: 'A bank not in the saved bank list', values: [bank.notInBankList] }]
      : []),
    ...(bank.noBank > 0 ? [{ label: 'Account without its bank', values: [bank.noBank] }] : []),
  ]
  const listing: Row[] = [
    { label: 'Listed', values: [s.listing.listed] },
    { label: 'Unlisted', values: [s.listing.unlisted] },
    ...(s.listing.other > 0 ? [{ label: 'Another status', values: [s.listing.other] }] : []),
  ]
  const days: Row[] = s.outbox.days.map((d) => ({
    label: dayLabel(d.day),
    values: [d.sent, d.waiting, d.needsAttention, d.discarded],
  }))
  const outboxTotals = [0, 1, 2, 3].map((i) => days.reduce((sum, d) => sum + (d.values[i] ?? 0), 0))
  const firstMonth = s.byMonth.months[0]
  const lastMonth = s.byMonth.months.at(-1)
  const monthNotes = [
    s.byMonth.earlier > 0 &&
      `${reportsWord(s.byMonth.earlier)} filed before ${firstMonth ? monthLabel(firstMonth.month) : 'these months'}`,
    s.byMonth.later > 0 && `${reportsWord(s.byMonth.later)} dated after this month`,
    s.byMonth.undated > 0 && `${reportsWord(s.byMonth.undated)} without a readable date`,
  ].filter(Boolean)
  const older = s.outbox.olderOpen
  return [
    {
      id: 'by-type',
      title: 'Reports by fraud type',
      description: `Bar chart of the reports by fraud type. Most: ${most(types)}.`,
      columns: ['Fraud type', 'Reports'],
      rows: types,
      colors: (c) => [c.accent],
      horizontal: true,
    },
    {
      id: 'listing',
      title: 'Listed and unlisted',
      description: `Bar chart of the reports by listing: ${listing.map((r) => `${r.label} ${n(r.values[0] ?? 0)}`).join(', ')}.`,
      columns: ['Listing', 'Reports'],
      rows: listing,
      colors: (c) => [c.accent],
      horizontal: true,
      note: 'An unlisted report stays on the registry but no longer shows in searches.',
    },
    {
      id: 'by-month',
      title: 'Reports by month filed',
      description:
        firstMonth && lastMonth
          ? `Bar chart of the reports filed each month from ${monthLabel(firstMonth.month)} to ${monthLabel(lastMonth.month)}. Most: ${most(months)}.`
          : 'Bar chart of the reports filed each month: none has a readable date.',
      columns: ['Month', 'Reports'],
      rows: months,
      colors: (c) => [c.accent],
      wide: true,
      note: monthNotes.length > 0 ? `Not in the picture: ${monthNotes.join('; ')}.` : undefined,
    },
    {
      id: 'by-bank',
      title: 'Reports by bank of the accounts reported',
      description: `Bar chart of the reports by the bank of the accounts they name. Most: ${most(banks)}.`,
      columns: ['Bank', 'Reports'],
      rows: banks,
      colors: (c) => [c.accent],
      horizontal: true,
      wide: true,
      note: (
        <>
          {reportsWord(bank.withAccounts)} name a bank account. A report naming accounts at two
          banks counts once for each.
          {!bank.bankListSaved &&
            ' The bank list has not been saved on this computer: refresh it in Settings to see the banks by name.'}
        </>
      ),
    },
    {
      id: 'outbox',
      title: 'The outbox, the last 30 days',
      description: `Stacked bar chart of the outbox each day for the last 30 days: ${n(outboxTotals[0] ?? 0)} sent, ${n(outboxTotals[1] ?? 0)} waiting, ${n(outboxTotals[2] ?? 0)} needing attention and ${n(outboxTotals[3] ?? 0)} discarded.`,
      columns: ['Day', 'Sent', 'Waiting', 'Needs attention', 'Discarded'],
      rows: days,
      colors: (c) => [c.ok, c.accent, c.danger, c.neutral],
      stacked: true,
      wide: true,
      note: (
        <>
          Sent and discarded items on the day they finished; waiting items and those that need
          attention on the day they were queued.
          {older.waiting + older.needsAttention > 0 &&
            ` Queued before these days and still open: ${n(older.waiting)} waiting, ${n(older.needsAttention)} needing attention.`}
        </>
      ),
    },
  ]
}

function FigurePanel({ figure, colors }: { figure: Figure; colors: ChartColors }) {
  const series = useMemo<BarSeries[]>(() => {
    const palette = figure.colors(colors)
    return figure.columns.slice(1).map((label, i) => ({
      label,
      values: figure.rows.map((row) => row.values[i] ?? 0),
      color: palette[i] ?? colors.accent,
    }))
  }, [figure, colors])
  const labels = useMemo(() => figure.rows.map((row) => row.label), [figure])
  const headingId = `${figure.id}-h`
  // Horizontal bars get room for each label; the others a fixed height.
  const height = figure.horizontal ? Math.max(120, 40 + labels.length * 30) : 260
  return (
    <section
      className={`panel insight${figure.wide ? ' wide' : ''}`}
      aria-labelledby={headingId}
      data-figure={figure.id}
    >
      <h3 id={headingId}>{figure.title}</h3>
      {figure.rows.length === 0 ? (
        <p className="empty">Nothing to show yet.</p>
      ) : (
        <BarChart
          description={figure.description}
          labels={labels}
          series={series}
          horizontal={figure.horizontal}
          stacked={figure.stacked}
          colors={colors}
          height={height}
        />
      )}
      {figure.note && <p className="muted insight-note">{figure.note}</p>}
      {figure.rows.length > 0 && (
        <details className="insight-table">
          <summary>The figures as a table</summary>
          <table className="table">
            <caption className="visually-hidden">{figure.title}</caption>
            <thead>
              <tr>
                {figure.columns.map((column, i) => (
                  <th key={column} scope="col" className={i > 0 ? 'number' : undefined}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {figure.rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row">{row.label}</th>
                  {row.values.map((value, i) => (
                    <td key={i} className="number">
                      {n(value)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      )}
    </section>
  )
}

/**
 * Insights: the organization's reports saved on this computer, and the outbox's last 30 days,
 * as pictures with their figures in tables. Counted by the core from the saved copy, so it
 * works offline; it is as fresh as the last refresh of Submissions.
 */
/**
 * What the figures are as of: the last refresh of Submissions, and the reports sent from this
 * computer since (the sync puts each in the saved copy as it is sent, so they are counted).
 */
export function AsOf({ asOf, sentAt }: { asOf: string | null; sentAt: string | null }) {
  const sentSince = sentAt !== null && (asOf === null || sentAt > asOf)
  if (asOf && !sentSince)
    return (
      <>
        As of the last refresh of Submissions, <Time value={asOf} past />.
      </>
    )
  if (asOf && sentAt)
    return (
      <>
        As of the last refresh of Submissions, <Time value={asOf} past />, with the reports sent
        from this computer since (the last <Time value={sentAt} past />
        ).
      </>
    )
  if (sentAt)
    return (
      <>
        The reports sent from this computer are counted (the last <Time value={sentAt} past />
        ). Submissions has not been refreshed from the registry here yet, so reports your
        organization filed elsewhere are not.
      </>
    )
  return <>Submissions have not been refreshed from the registry on this computer.</>
}

export function InsightsScreen() {
  const { summary, error, counting, count } = useInsightsStore()
  const connection = useConnection()
  const colors = useChartColors()
  const go = useNavStore((s) => s.go)
  // Counted again each time the screen opens: the outbox moves, Submissions may have refreshed.
  useEffect(() => {
    void useInsightsStore.getState().count()
  }, [])

  const figures = useMemo(() => (summary ? figuresOf(summary) : []), [summary])
  const offline = connection.kind === 'offline' || connection.kind === 'unreachable'

  return (
    <div className="stack insights">
      <section className="panel" aria-labelledby="insights-h">
        <header className="panel-head">
          <h2 id="insights-h">Insights</h2>
          <button type="button" onClick={() => void count()} disabled={counting}>
            {counting ? 'Counting…' : 'Count again'}
          </button>
        </header>
        <p className="muted">
          The organization’s reports saved on this computer, and what the outbox did each day.
        </p>
        {error && <p className="callout error">{error}</p>}
        {summary === null && !error && <p className="muted">Counting…</p>}
        {summary && (
          <p role="status" data-testid="insights-as-of">
            <AsOf asOf={summary.asOf} sentAt={summary.sentAt} />
          </p>
        )}
        {offline && summary && (
          <p className="callout warn">
            {connection.label}: these figures are from the copy saved on this computer
            {summary.asOf ? '' : ', which has not been refreshed yet'}. They change when Submissions
            is refreshed with the registry reachable.
          </p>
        )}
        {summary && summary.reports === 0 && (
          <div className="callout warn">
            <p>No submissions saved on this computer yet — refresh Submissions.</p>
            <button type="button" onClick={() => go('submissions')}>
              Open Submissions
            </button>
          </div>
        )}
        {summary && summary.reports > 0 && (
          <p className="insight-totals" data-testid="insights-totals">
            <strong>{reportsWord(summary.reports)}</strong> · {n(summary.listing.listed)} listed ·{' '}
            {n(summary.listing.unlisted)} unlisted
          </p>
        )}
      </section>
      {summary && (
        <div className="insights-grid">
          {figures
            .filter((figure) => summary.reports > 0 || figure.id === 'outbox')
            .map((figure) => (
              <FigurePanel key={figure.id} figure={figure} colors={colors} />
            ))}
        </div>
      )}
    </div>
  )
}
