import { AddToCase } from '../cases/AddToCase'
import { useEffect, useId, useMemo, useState, type DragEvent } from 'react'
import {
  DEFAULT_SCREENING_RATE,
  MAX_SCREENING_RATE,
  SCREENING_COLUMN_TYPES,
  type ScreeningEstimate,
  type ScreeningColumnType,
  type ScreeningHitView,
  type ScreeningJobView,
  type ScreeningShowView,
} from '../../../../shared/contracts/screening'
import {
  displayIdentifierValue,
  IDENTIFIER_TYPE_LABELS,
  IDENTIFIER_TYPES,
  splitAccountValue,
  type IdentifierType,
} from '../../../../shared/domain/identifiers'
import { api } from '../../api'
import { formatDate, formatTime } from '../../format'
import { fraudTypeLabel } from '../../report-title'
import { useBankName, useBanksStore } from '../../stores/banks-store'
import { BankPicker } from '../../components/BankPicker'
import { useWindowedRows } from '../../components/windowed-rows'
import { useNavStore } from '../../stores/nav-store'
import {
  columnType,
  durationWords,
  hitsShown,
  secondsLeft,
  useScreeningStore,
  type ScreeningInput,
} from './screening-store'
import '../../styles/lists.css'
import './screening.css'
import { useWatchlistStore } from '../watchlist/watchlist-store'

const n = (value: number) => value.toLocaleString()
const plural = (count: number, word: string, many = `${word}s`) =>
  `${n(count)} ${count === 1 ? word : many}`

/** What a column holds, as a person reads it. */
const COLUMN_LABELS: Record<ScreeningColumnType, string> = {
  ...IDENTIFIER_TYPE_LABELS,
  account: 'Account number',
  bank: 'Bank (of the account column)',
  ignore: 'Nothing to check',
}

/** A job's state in words. */
function stateWords(job: ScreeningJobView): string {
  if (job.state === 'done') return 'Finished'
  if (job.state === 'cancelled') return 'Cancelled'
  if (job.state === 'paused') return 'Paused'
  if (job.waiting) return 'Waiting'
  return job.running ? 'Running' : 'Waiting to run'
}

const listingWords = (status: string | null) =>
  status === 'listed' ? 'Listed' : status === 'unlisted' ? 'Unlisted' : 'Listing not shown'

/** The file chosen or dropped: a spreadsheet to preview, or a text file as a pasted list. */
function useTakeFile() {
  const s = useScreeningStore()
  return async (file: File) => {
    if (/\.txt$/i.test(file.name)) return s.paste(await file.text(), null)
    await s.choose(file.name, new Uint8Array(await file.arrayBuffer()))
  }
}

function ChooseList() {
  const id = useId()
  const s = useScreeningStore()
  const take = useTakeFile()
  const [over, setOver] = useState(false)
  const [text, setText] = useState('')
  const [type, setType] = useState<IdentifierType | ''>('')
  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setOver(false)
    const file = event.dataTransfer.files[0]
    if (file && !s.busy) void take(file)
  }
  return (
    <>
      <div
        className={`screening-drop${over ? ' over' : ''}`}
        onDragOver={(event) => {
          event.preventDefault()
          setOver(true)
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="screening-drop"
      >
        <p>
          Drop a CSV or XLSX file here (a customer base, a list of beneficiaries, another
          system&rsquo;s export), or
        </p>
        <input
          id={`${id}-file`}
          type="file"
          className="file-input"
          accept=".csv,.xlsx,.txt"
          disabled={s.busy}
          onChange={(event) => {
            const file = event.target.files?.[0]
            event.target.value = ''
            if (file) void take(file)
          }}
        />
        <label htmlFor={`${id}-file`} className="button-like">
          Choose a file to screen
        </label>
      </div>
      <details className="screening-paste">
        <summary>Or paste a list</summary>
        <div className="field">
          <label htmlFor={`${id}-text`}>One value a line</label>
          <textarea
            id={`${id}-text`}
            rows={5}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </div>
        <div className="filters">
          <div className="field">
            <label htmlFor={`${id}-type`}>What every line is</label>
            <select
              id={`${id}-type`}
              value={type}
              onChange={(event) => setType(event.target.value as IdentifierType | '')}
            >
              <option value="">Found from each value</option>
              {IDENTIFIER_TYPES.filter((t) => t !== 'account').map((t) => (
                <option key={t} value={t}>
                  {IDENTIFIER_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          </div>
          <button
            type="button"
            className="screening-use-list"
            disabled={!text.trim()}
            onClick={() => s.paste(text, type || null)}
          >
            Use this list
          </button>
        </div>
      </details>
    </>
  )
}

function Mapping({ input }: { input: Extract<ScreeningInput, { kind: 'file' }> }) {
  const id = useId()
  const s = useScreeningStore()
  const { preview } = input
  return (
    <>
      <div className="field screening-header-row">
        <label htmlFor={`${id}-header-row`}>Column names are on row</label>
        <select
          id={`${id}-header-row`}
          value={preview.headerRow}
          disabled={s.busy}
          aria-describedby={`${id}-header-row-hint`}
          onChange={(event) => void s.setHeaderRow(Number(event.target.value))}
        >
          {Array.from({ length: 20 }, (_, i) => i + 1).map((row) => (
            <option key={row} value={row}>
              {row}
            </option>
          ))}
        </select>
        <span id={`${id}-header-row-hint`} className="muted">
          {preview.headerRow > 1
            ? `Found below ${plural(preview.headerRow - 1, 'row')} of title: the rows above it are not screened.`
            : 'The first row. A bank’s report with title rows above its table: choose the row its column names are on.'}
        </span>
      </div>
      <p>
        {plural(preview.dataRows, 'row')} under the header.{' '}
        {preview.remembered
          ? 'The columns are mapped as you mapped these headers last time.'
          : 'The columns are suggested from their headers: correct any that is wrong.'}{' '}
        An account number column goes with the bank column beside it (the first with the first).
      </p>
      <table className="table screening-mapping" aria-label="What each column holds">
        <thead>
          <tr>
            <th scope="col">Column</th>
            <th scope="col">First values</th>
            <th scope="col">What it holds</th>
          </tr>
        </thead>
        <tbody>
          {preview.columns.map((column) => {
            const name = column.name.trim() || `Column ${column.letter}`
            return (
              <tr key={column.index}>
                <th scope="row">
                  <span className="muted">{column.letter}</span> {name}
                </th>
                <td className="screening-sample">
                  {preview.sample
                    .slice(0, 3)
                    .map((row) => row[column.index] ?? '')
                    .filter((value) => value !== '')
                    .join(', ') || <span className="muted">empty</span>}
                </td>
                <td>
                  <label htmlFor={`${id}-${column.index}`} className="visually-hidden">
                    What column {column.letter} ({name}) holds
                  </label>
                  <select
                    id={`${id}-${column.index}`}
                    value={columnType(s.mapping, column.index)}
                    onChange={(event) =>
                      s.setColumn(column.index, event.target.value as ScreeningColumnType)
                    }
                  >
                    {SCREENING_COLUMN_TYPES.map((type) => (
                      <option key={type} value={type}>
                        {COLUMN_LABELS[type]}
                      </option>
                    ))}
                  </select>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </>
  )
}

/** What the run will search and about how long it takes, before Start. */
function EstimateNote({ estimate }: { estimate: ScreeningEstimate }) {
  const pace =
    estimate.pace.mode === 'auto'
      ? `at the registry’s pace (now ${estimate.pace.rate} a second, rising to at most ${estimate.pace.ceiling} while the registry allows it)`
      : `at ${estimate.pace.rate} searches a second`
  return (
    <p className="callout" role="status">
      {plural(estimate.rows, 'row')}, {plural(estimate.identifiers, 'distinct value')}:{' '}
      {plural(estimate.searches, 'search', 'searches')} to make (each way of writing each value
      once).{' '}
      {estimate.searches === 0
        ? 'Nothing to search on the registry.'
        : `About ${durationWords(estimate.seconds).replace(/^about /, '')} ${pace}.`}
      {estimate.reusedSearches > 0 &&
        ` Reusing earlier answers saves ${plural(estimate.reusedSearches, 'search', 'searches')} (${durationWords(estimate.secondsWithoutReuse - estimate.seconds)}).`}
    </p>
  )
}

function StartList({ input }: { input: ScreeningInput }) {
  const id = useId()
  const s = useScreeningStore()
  const [rate, setRate] = useState(String(DEFAULT_SCREENING_RATE))
  const [auto, setAuto] = useState(false)
  const [fresher, setFresher] = useState('')
  const [offline, setOffline] = useState(false)
  const rateNumber = Number(rate)
  const rateOk = auto || (rateNumber > 0 && rateNumber <= MAX_SCREENING_RATE)
  const fresherDays = fresher.trim() === '' ? undefined : Number(fresher)
  const fresherOk =
    fresherDays === undefined ||
    (Number.isInteger(fresherDays) && fresherDays >= 1 && fresherDays <= 366)
  const pace = auto ? ('auto' as const) : rateNumber
  const nothing =
    input.kind === 'file' && !s.mapping.some((m) => m.type !== 'ignore' && m.type !== 'bank')
  const lines = input.kind === 'list' ? input.text.split(/\r?\n/).filter((l) => l.trim()).length : 0
  const banks = useBanksStore((b) => b.banks)
  const accounts =
    input.kind === 'list'
      ? !input.type || input.type === 'account'
      : s.mapping.some((m) => m.type === 'account')
  return (
    <section aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>
        {input.kind === 'file' ? input.fileName : `Pasted list: ${plural(lines, 'line')}`}
      </h3>
      {input.kind === 'file' && <Mapping input={input} />}
      {input.kind === 'list' && (
        <p>
          {input.type
            ? `Every line is read as a ${IDENTIFIER_TYPE_LABELS[input.type]}.`
            : 'Each line’s type is found from its value; one that could be two (11 digits: a BVN or a NIN) is named as a problem.'}
        </p>
      )}
      {accounts && (
        <div className="field screening-bank">
          <BankPicker
            banks={banks}
            value={s.bank}
            onChange={s.setBank}
            label="All accounts in this list are at (where a row names no bank)"
            describedBy={`${id}-bank-hint`}
          />
          <span id={`${id}-bank-hint`} className="muted">
            For one bank’s extract without a bank column. Left empty, an account whose row names no
            bank is searched at every bank its check digit fits, and a hit says the bank was guessed
            from the account number.
          </span>
        </div>
      )}
      <div className="checkbox">
        <input
          id={`${id}-auto`}
          type="checkbox"
          checked={auto}
          aria-describedby={`${id}-auto-hint`}
          onChange={(event) => {
            setAuto(event.target.checked)
            s.clearEstimate()
          }}
        />
        <label htmlFor={`${id}-auto`}>As fast as the registry allows</label>
        <span id={`${id}-auto-hint`} className="muted">
          Starts at {DEFAULT_SCREENING_RATE} a second, speeds up while the registry answers
          promptly, slows down when it says too many requests; never above your organization’s
          ceiling (set with casefile config set --max-rate; 10 a second unless set), and shared with
          the watchlist.
        </span>
      </div>
      {!auto && (
        <div className="field screening-rate">
          <label htmlFor={`${id}-rate`}>Searches a second</label>
          <input
            id={`${id}-rate`}
            type="number"
            min={0.1}
            max={MAX_SCREENING_RATE}
            step="any"
            value={rate}
            aria-describedby={`${id}-rate-hint`}
            onChange={(event) => {
              setRate(event.target.value)
              s.clearEstimate()
            }}
          />
          <span id={`${id}-rate-hint`} className="muted">
            {DEFAULT_SCREENING_RATE} by default, kind to the shared registry; at most{' '}
            {MAX_SCREENING_RATE}.
          </span>
        </div>
      )}
      <div className="field screening-fresher">
        <label htmlFor={`${id}-fresher`}>
          Reuse answers of earlier screenings younger than (days)
        </label>
        <input
          id={`${id}-fresher`}
          type="number"
          min={1}
          max={366}
          step={1}
          value={fresher}
          aria-describedby={`${id}-fresher-hint`}
          onChange={(event) => {
            setFresher(event.target.value)
            s.clearEstimate()
          }}
        />
        <span id={`${id}-fresher-hint`} className="muted">
          Empty by default: every value is searched. With 7, a value an earlier screening searched
          in the last 7 days is not searched again; the record says which answers were reused.
        </span>
      </div>
      <div className="checkbox">
        <input
          id={`${id}-offline`}
          type="checkbox"
          checked={offline}
          onChange={(event) => setOffline(event.target.checked)}
        />
        <label htmlFor={`${id}-offline`}>
          Check against this computer only for now (search the registry when resumed)
        </label>
      </div>
      {!rateOk && (
        <p className="field-error">
          The rate is a number of searches a second, above 0 and at most {MAX_SCREENING_RATE}.
        </p>
      )}
      {!fresherOk && (
        <p className="field-error">
          Reuse is a whole number of days from 1 to 366, or empty to search every value.
        </p>
      )}
      {s.estimate && <EstimateNote estimate={s.estimate} />}
      {nothing && (
        <p className="callout warn">
          No column is set to an identifier: choose what at least one column holds.
        </p>
      )}
      <div className="actions">
        <button
          type="button"
          className="primary"
          disabled={s.busy || !rateOk || !fresherOk || nothing}
          onClick={() => void s.start(pace, offline, fresherDays)}
        >
          Start screening
        </button>
        <button
          type="button"
          disabled={s.busy || !rateOk || !fresherOk || nothing}
          onClick={() => void s.makeEstimate(pace, fresherDays)}
        >
          Estimate the time
        </button>
        <button type="button" className="quiet" onClick={() => s.reset()}>
          Choose another list
        </button>
      </div>
    </section>
  )
}

function Progress({ job }: { job: ScreeningShowView }) {
  const id = useId()
  const s = useScreeningStore()
  const [days, setDays] = useState('30')
  const t = job.totals
  const left = secondsLeft(job)
  const live = job.state === 'open'
  return (
    <div className="screening-progress">
      <p className="screening-state">
        <span className={`badge screening-${job.state}`}>{stateWords(job)}</span>{' '}
        {job.waiting && (
          <span>
            {job.waiting.reason}
            {job.waiting.until ? ` (until ${formatTime(job.waiting.until)})` : ''}
          </span>
        )}
      </p>
      <progress
        id={`${id}-bar`}
        max={Math.max(t.identifiers, 1)}
        value={t.identifiers === 0 ? 1 : t.searched}
        aria-label="Identifiers searched on the registry"
      />
      <p role="status" data-testid="screening-counts">
        Searched {n(t.searched)} of {plural(t.identifiers, 'identifier')} · {plural(t.hits, 'row')}{' '}
        with a hit · {n(t.unchecked)} {live ? 'not fully checked yet' : 'not fully checked'}
        {live && left !== null
          ? job.pace === 'auto'
            ? ` · at most ${durationWords(left).replace(/^about /, '')} left at the registry’s pace`
            : ` · ${durationWords(left)} left at ${job.rate} a second`
          : ''}
      </p>
      <div className="actions">
        {job.state === 'open' && (
          <button type="button" onClick={() => void s.act('pause')}>
            Pause
          </button>
        )}
        {job.state === 'paused' && (
          <button type="button" onClick={() => void s.act('resume')}>
            Resume
          </button>
        )}
        {(job.state === 'open' || job.state === 'paused') && (
          <button type="button" className="quiet" onClick={() => void s.act('cancel')}>
            Cancel the job
          </button>
        )}
        {(job.state === 'done' || job.state === 'paused') && (
          <span className="screening-rescreen">
            <label htmlFor={`${id}-days`}>Search again what is older than</label>
            <input
              id={`${id}-days`}
              type="number"
              min={0}
              max={3650}
              value={days}
              onChange={(event) => setDays(event.target.value)}
            />
            <span>days</span>
            <button
              type="button"
              disabled={!(Number(days) >= 0) || days === ''}
              onClick={() => void s.rescreen(Math.floor(Number(days)))}
            >
              Search again
            </button>
          </span>
        )}
      </div>
    </div>
  )
}

/** The core's reason for a row whose search has not run yet (a running job's, not a failure). */
const NOT_YET = /not searched on the registry yet/

type Filter = 'all' | 'hit' | 'unchecked'
type Sort = 'row' | 'type' | 'newest'

interface ResultRow {
  row: number
  hits: ScreeningHitView[]
  unchecked: string | null
  outcome: ScreeningShowView['unchecked'][number]['outcome'] | 'hit'
}

/** The newest date any report of the row's hits carries, for sorting. */
const newestOf = (row: ResultRow): string =>
  row.hits
    .flatMap((h) => [
      ...h.reports.map((r) => r.updatedAt ?? r.createdAt ?? ''),
      ...h.publicReports.map((r) => r.createdAt ?? ''),
    ])
    .sort()
    .at(-1) ?? ''

const typeOf = (row: ResultRow): string =>
  fraudTypeLabel(row.hits[0]?.reports[0]?.fraudType ?? row.hits[0]?.publicReports[0]?.fraudType)

/** The rows of the results: every row with a hit, every row that could not be checked. */
export function resultRows(job: ScreeningShowView, filter: Filter, sort: Sort): ResultRow[] {
  const rows = new Map<number, ResultRow>()
  if (filter !== 'unchecked')
    for (const hit of job.hits) {
      const row = rows.get(hit.row) ?? { row: hit.row, hits: [], unchecked: null, outcome: 'hit' }
      row.hits.push(hit)
      rows.set(hit.row, row)
    }
  if (filter !== 'hit')
    for (const u of job.unchecked)
      if (!rows.has(u.row))
        rows.set(u.row, { row: u.row, hits: [], unchecked: u.reason, outcome: u.outcome })
  const list = [...rows.values()]
  return list.sort((a, b) =>
    sort === 'newest'
      ? newestOf(b).localeCompare(newestOf(a)) || a.row - b.row
      : sort === 'type'
        ? (a.hits.length ? typeOf(a) : '~').localeCompare(b.hits.length ? typeOf(b) : '~') ||
          a.row - b.row
        : a.row - b.row,
  )
}

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

function Results({ job }: { job: ScreeningShowView }) {
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

function Problems({ job }: { job: ScreeningShowView }) {
  const id = useId()
  if (job.problems.length === 0) return null
  return (
    <section aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>
        {job.problems.length === 1
          ? '1 value could not be read'
          : `${n(job.problems.length)} values could not be read`}
      </h3>
      <p className="muted">
        A row with a value that could not be read is never counted as no report on file: it is
        partly checked (its other values were), or could not be read. Fix them in the file.
      </p>
      <ul className="plain screening-problems" aria-label="Values that could not be read">
        {job.problems.map((p, index) => (
          <li key={index}>
            Row {p.row}
            {p.cell ? `, cell ${p.cell}` : ''} ({p.column === 'line' ? 'line' : p.column}): “
            {p.value}” — {p.message}
          </li>
        ))}
      </ul>
    </section>
  )
}

function EarlierJobs() {
  const id = useId()
  const s = useScreeningStore()
  if (s.jobs.length === 0) return null
  return (
    <section className="panel" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Earlier screenings</h2>
      <table className="table screening-jobs" aria-label="Earlier screenings">
        <thead>
          <tr>
            <th scope="col">List</th>
            <th scope="col">Started</th>
            <th scope="col">State</th>
            <th scope="col">Rows</th>
            <th scope="col">
              <span className="visually-hidden">Open</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {s.jobs.map((job) => (
            <tr key={job.job} aria-current={s.job?.job === job.job ? 'true' : undefined}>
              <td className="screening-file">{job.file}</td>
              <td>{formatTime(job.createdAt)}</td>
              <td>{stateWords(job)}</td>
              <td>
                {plural(job.totals.rows, 'row')}, {n(job.totals.hits)} with a hit
              </td>
              <td>
                <button
                  type="button"
                  className="quiet"
                  aria-label={`Open the screening of ${job.file}, started ${formatTime(job.createdAt)}`}
                  onClick={() => void s.open(job.job)}
                >
                  Open
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

/**
 * Screening: a whole list (a spreadsheet or a pasted list) checked against the registry by a
 * job in the core, its columns mapped first, its progress polled while it runs, its hits read
 * here and saved through main's save dialog.
 */
export function ScreeningScreen() {
  const id = useId()
  const s = useScreeningStore()
  const jobId = s.job?.job
  const live = s.job?.state === 'open'
  // On opening: the earlier jobs, and the one still running shown at once (its progress).
  useEffect(() => {
    const store = useScreeningStore.getState()
    void store.loadJobs().then(() => {
      const now = useScreeningStore.getState()
      const running = now.jobs.find((job) => job.state === 'open')
      if (running && !now.job && !now.input && !now.busy) void now.open(running.job)
    })
  }, [])
  // The core pushes nothing about a job: it is asked every second while it runs and is shown.
  useEffect(() => {
    if (!jobId || !live) return
    const timer = setInterval(() => void useScreeningStore.getState().refresh(), 1000)
    return () => {
      clearInterval(timer)
      void useScreeningStore.getState().loadJobs()
    }
  }, [jobId, live])

  return (
    <div className="stack">
      <section className="panel" aria-labelledby={`${id}-h`}>
        <h2 id={`${id}-h`}>Screening</h2>
        {!s.input && !s.job && (
          <p>
            Check a whole list of identifiers against the registry: each row is said to have a hit,
            no hit, or could not be checked.
          </p>
        )}
        {s.error && (
          <p className="callout error" role="alert">
            {s.error}
          </p>
        )}
        {s.busy && <p className="muted">Reading…</p>}
        {!s.input && !s.job && <ChooseList />}
        {s.input && <StartList input={s.input} />}
        {s.job && (
          <>
            <h3>
              {s.job.file} <span className="muted">· started {formatTime(s.job.createdAt)}</span>
            </h3>
            <Progress job={s.job} />
            <Problems job={s.job} />
            <Results job={s.job} />
            <div className="actions">
              <button type="button" className="quiet" onClick={() => s.reset()}>
                Screen another list
              </button>
            </div>
          </>
        )}
      </section>
      <EarlierJobs />
    </div>
  )
}
