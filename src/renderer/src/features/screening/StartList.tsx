// Screening's second step: the columns mapped, the pace and freshness chosen, what the run will
// search estimated, and the job started.
import { useId, useState } from 'react'
import {
  DEFAULT_SCREENING_RATE,
  MAX_SCREENING_RATE,
  SCREENING_COLUMN_TYPES,
  type ScreeningEstimate,
  type ScreeningColumnType,
} from '../../../../shared/contracts/screening'
import { IDENTIFIER_TYPE_LABELS } from '../../../../shared/domain/identifiers'
import { useBanksStore } from '../../stores/banks-store'
import { BankPicker } from '../../components/BankPicker'
import {
  columnType,
  durationWords,
  useScreeningStore,
  type ScreeningInput,
} from './screening-store'
import { COLUMN_LABELS, plural } from './screening-words'

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

export function StartList({ input }: { input: ScreeningInput }) {
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
