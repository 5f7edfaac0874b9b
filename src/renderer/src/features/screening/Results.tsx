// A screening job's results: each row with a hit or not fully checked, filtered, sorted and
// drawn where they can be seen, each hit a search, a watch or a case away.
import { AddToCase } from '../cases/AddToCase'
import { useId, useMemo, useState } from 'react'
import type { ScreeningHitView, ScreeningShowView } from '../../../../shared/contracts/screening'
import {
  displayIdentifierValue,
  IDENTIFIER_TYPE_LABELS,
  splitAccountValue,
} from '../../../../shared/domain/identifiers'
import { api } from '../../api'
import { formatDate, formatTime } from '../../format'
import { fraudTypeLabel } from '../../report-title'
import { useBankName } from '../../stores/banks-store'
import { useWindowedRows } from '../../components/windowed-rows'
import { useNavStore } from '../../stores/nav-store'
import { hitsShown } from './screening-store'
import { useWatchlistStore } from '../watchlist/watchlist-store'
import type { Filter, Sort } from './result-rows'
import { NOT_YET, resultRows } from './result-rows'
import { listingWords, n, plural } from './screening-words'

function Hit({ hit }: { hit: ScreeningHitView }) {
  const bankName = useBankName()
  const searchFor = useNavStore((s) => s.searchFor)
  const shown = displayIdentifierValue(hit.type, hit.value, bankName)
  // What the cell held, when it differs from what was searched (an account's number aside).
  const searched =
    hit.type === 'account' ? (splitAccountValue(hit.value)?.accountNumber ?? hit.value) : hit.value
  return (
    <div className="screening-hit">
      <p>
        <strong>{IDENTIFIER_TYPE_LABELS[hit.type]}</strong> {shown}{' '}
        <span className="muted">
          (column {hit.column}
          {hit.written.trim() !== searched ? `, written “${hit.written}”` : ''})
        </span>
        {hit.bankGuessed && (
          <>
            {' '}
            <span className="badge screening-guessed-badge">
              Bank guessed from the account number
            </span>
          </>
        )}
      </p>
      <p className="muted">
        {hit.matchedAs === 'exact'
          ? 'Matched exactly as the cell wrote it'
          : 'Matched once written as the editor writes it'}
        , as of {formatTime(hit.asOf)} (
        {hit.source === 'online' ? 'the registry’s answer' : 'saved on this computer'}).
      </p>
      <ul className="plain screening-reports">
        {hit.reports.map((report) => (
          <li key={report.id}>
            <strong>{fraudTypeLabel(report.fraudType)}</strong> ·{' '}
            <span className={`listing-${report.listingStatus ?? 'unknown'}`}>
              {listingWords(report.listingStatus)}
            </span>{' '}
            · {report.own ? 'Your organization' : (report.organization ?? 'Organization not shown')}{' '}
            · reported {formatDate(report.createdAt)}
            {report.updatedAt && report.updatedAt !== report.createdAt
              ? `, updated ${formatDate(report.updatedAt)}`
              : ''}{' '}
            · report id{' '}
            <input
              className="screening-id"
              readOnly
              value={report.id}
              aria-label={`Report id of the ${fraudTypeLabel(report.fraudType)} report`}
              size={Math.min(report.id.length, 40)}
              onFocus={(event) => event.target.select()}
            />
          </li>
        ))}
        {hit.publicReports.map((report) => (
          <li key={`p-${report.id}`}>
            <strong>{fraudTypeLabel(report.fraudType)}</strong> · public report by a member of the
            public · reported {formatDate(report.createdAt)}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="quiet"
        onClick={() => searchFor({ identifier: hit.type, value: hit.value })}
      >
        Open the reports in Search
      </button>
      <AddToCase
        source={{ kind: 'search', type: hit.type, value: hit.value }}
        label="Add this search to a case…"
        what={`a search for ${IDENTIFIER_TYPE_LABELS[hit.type]} ${shown}`}
        context={`row ${hit.row}`}
      />
    </div>
  )
}

export function Results({ job }: { job: ScreeningShowView }) {
  const id = useId()
  const [filter, setFilter] = useState<Filter>('all')
  const [sort, setSort] = useState<Sort>('row')
  const [saved, setSaved] = useState<{ ok: boolean; text: string } | null>(null)
  const rows = useMemo(() => resultRows(job, filter, sort), [job, filter, sort])
  // Up to 5,000 rows of hits: drawn where they can be seen (windowed-rows.tsx).
  const keys = useMemo(() => rows.map((row) => row.row), [rows])
  const { setScroller, ...windowed } = useWindowedRows({ keys, estimate: 110 })
  const t = job.totals
  const noHit = t.clean
  const save = async () => {
    const answer = await api().saveScreeningHits({ job: job.job })
    if (!answer.ok) setSaved({ ok: false, text: answer.error.message })
    else if (answer.value.saved && answer.value.fileName)
      setSaved({
        ok: true,
        text: `Saved ${plural(answer.value.rows, 'line')} of hits in ${answer.value.fileName}.`,
      })
    else if (answer.value.rows === 0) setSaved({ ok: false, text: 'There is no hit to save yet.' })
    else setSaved(null)
  }
  // Every row of the list once, with what became of each identifier and as of when: what
  // shows that each customer was checked, including those with no report on file.
  const saveRecord = async () => {
    const answer = await api().saveScreeningRecord({ job: job.job })
    if (!answer.ok) setSaved({ ok: false, text: answer.error.message })
    else if (answer.value.saved && answer.value.fileName)
      setSaved({
        ok: true,
        text: `Saved the screening record of ${plural(answer.value.rows, 'row')} in ${answer.value.fileName}.`,
      })
    else if (answer.value.rows === 0)
      setSaved({ ok: false, text: 'This list has no row to record.' })
    else setSaved(null)
  }
  // The identifiers that hit a report, or every one of the list (screened clean today, told
  // later if another bank reports one), watched from now on.
  const watch = async (all: boolean) => {
    const answer = await api().watchAdd({ source: { kind: 'screening', job: job.job, all } })
    if (!answer.ok) return setSaved({ ok: false, text: answer.error.message })
    const { added, existing } = answer.value
    void useWatchlistStore.getState().loadItems()
    setSaved({
      ok: true,
      text:
        `Now watching ${plural(added.length, 'identifier')}${all ? ' of the list' : ' that hit a report'}` +
        (existing.length ? ` (${n(existing.length)} already watched).` : '.'),
    })
  }
  return (
    <section aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>Results</h3>
      <p data-testid="screening-outcome">
        {plural(t.rows, 'row')}: {n(t.hits)} with a hit, {n(noHit)} with no report on file,{' '}
        {n(t.partly)} partly checked, {n(t.notChecked)}{' '}
        {job.state === 'open' ? 'not checked yet' : 'could not check'}, {n(t.unread)} could not be
        read.
        {noHit > 0
          ? ' Rows with no hit are counted here, not listed: the screening record lists every row.'
          : ''}
      </p>
      <div className="filters screening-filters">
        <div className="field">
          <label htmlFor={`${id}-filter`}>Show</label>
          <select
            id={`${id}-filter`}
            value={filter}
            onChange={(event) => setFilter(event.target.value as Filter)}
          >
            <option value="all">Hits and rows not fully checked</option>
            <option value="hit">Hits only</option>
            <option value="unchecked">Not fully checked only</option>
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-sort`}>Sort by</label>
          <select
            id={`${id}-sort`}
            value={sort}
            onChange={(event) => setSort(event.target.value as Sort)}
          >
            <option value="row">Row</option>
            <option value="type">Fraud type</option>
            <option value="newest">Newest report first</option>
          </select>
        </div>
        <div className="actions">
          <button type="button" disabled={t.hits === 0} onClick={() => void save()}>
            Save the hits (XLSX or CSV)…
          </button>
          <button
            type="button"
            disabled={t.rows === 0}
            title="Every row of the list, each with its outcome (reports on file, no report on file, could not check, could not read) and as of when."
            onClick={() => void saveRecord()}
          >
            Save the screening record (every row)…
          </button>
          <button type="button" disabled={t.hits === 0} onClick={() => void watch(false)}>
            Watch the identifiers that hit
          </button>
          <button
            type="button"
            disabled={job.state === 'open'}
            title="Every identifier of the list, hit or not: a report filed on one later raises an alert."
            onClick={() => void watch(true)}
          >
            Watch the whole list
          </button>
        </div>
      </div>
      {saved && (
        <p className={saved.ok ? 'ok-text' : 'error-text'} role="status">
          {saved.text}
        </p>
      )}
      {job.more && (
        <p className="callout warn">
          Only the first {n(hitsShown(job))} hits are shown here
          {job.state === 'open' ? ' while the job runs' : ''}: save the hits to read every one.
        </p>
      )}
      {job.moreUnchecked && (
        <p className="callout warn">
          Only the first {n(job.unchecked.length)} of the {n(job.totals.unchecked)} rows not fully
          checked are listed here
          {job.state === 'open' ? ' while the job runs' : ''}: save the record to read every one.
        </p>
      )}
      {rows.length === 0 ? (
        <p className="muted">
          {job.state === 'open' ? 'No hit so far.' : 'Nothing to show under this filter.'}
        </p>
      ) : (
        <div ref={setScroller} className="rows-box" onScroll={windowed.onScroll}>
          <ul className="plain screening-results" aria-label="Results by row">
            {windowed.before > 0 && <li aria-hidden="true" style={{ height: windowed.before }} />}
            {rows.slice(windowed.start, windowed.end).map((row) => (
              <li key={row.row} ref={windowed.measure(row.row)} className="screening-row">
                <p className="screening-row-head">
                  <span>Row {row.row}</span>{' '}
                  {row.hits.length > 0 ? (
                    <span className="badge screening-hit-badge">Hit</span>
                  ) : (
                    <span className="badge screening-unchecked-badge">
                      {row.outcome === 'partly'
                        ? 'Partly checked'
                        : row.outcome === 'unread'
                          ? 'Could not read'
                          : job.state === 'open' && row.unchecked && NOT_YET.test(row.unchecked)
                            ? 'Not checked yet'
                            : 'Could not check'}
                    </span>
                  )}
                </p>
                {row.unchecked && row.hits.length === 0 && <p>{row.unchecked}</p>}
                {row.hits.map((hit) => (
                  <Hit key={`${hit.type}-${hit.value}`} hit={hit} />
                ))}
              </li>
            ))}
            {windowed.after > 0 && <li aria-hidden="true" style={{ height: windowed.after }} />}
          </ul>
        </div>
      )}
    </section>
  )
}
