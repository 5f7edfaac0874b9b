import { useEffect, useMemo, useState } from 'react'
import type { SearchAnswerView } from '../../../../shared/contracts/search'
import {
  IDENTIFIER_TYPE_LABELS,
  IDENTIFIER_TYPES,
  checkIdentifierValue,
  displayIdentifierValue,
  joinAccountValue,
  normalizeIdentifierValue,
  splitAccountValue,
  type IdentifierType,
} from '../../../../shared/domain/identifiers'
import { api } from '../../api'
import { BankPicker } from '../../components/BankPicker'
import { BankListNotice } from '../../components/BankListNotice'
import { answerSourceText, FoundAs, SearchedAs, WaitingReports } from './SearchAnswerParts'
import { checkSearchValue } from '../../../../shared/domain/search-input'
import { noReportsWords } from '../../../../shared/searched-banks-words'
import { ReportDetails } from '../../components/ReportDetails'
import { WatchButton } from '../watchlist/WatchButton'
import { AddToCase } from '../cases/AddToCase'
import { formatTime } from '../../format'
import { OwnReportActions } from '../../components/OwnReportActions'
import { fraudTypeLabel } from '../../report-title'
import { bankSlugSet, useBankName, useBanksStore } from '../../stores/banks-store'
import { ConnectionNote } from '../../components/Connection'
import { useNavStore } from '../../stores/nav-store'
import { PlainMessage } from '../../components/TechnicalDetails'
import '../../styles/lists.css'

type ReasonHits = Extract<
  Awaited<ReturnType<Window['casefile']['searchReasons']>>,
  { ok: true }
>['value']

/** Search by identifier (online, or from the saved copy marked "as of"), and full text over reasons offline. */
export function SearchScreen() {
  const banks = useBanksStore((b) => b.banks)
  const slugs = useMemo(() => bankSlugSet(banks), [banks])
  // A search another screen asked for (the editor's "Already on file" panel), taken once.
  const [asked] = useState(() => {
    const pending = useNavStore.getState().pendingSearch
    if (!pending) return null
    const parts = pending.identifier === 'account' ? splitAccountValue(pending.value) : null
    return {
      type: pending.identifier,
      value: parts?.accountNumber ?? pending.value,
      bank: parts?.bankSlug ?? '',
      reportId: pending.reportId ?? null,
    }
  })
  const [type, setType] = useState<IdentifierType>(asked?.type ?? 'account')
  const [value, setValue] = useState(asked?.value ?? '')
  const [bank, setBank] = useState(asked?.bank ?? '')
  const [offline, setOffline] = useState(false)
  const [problem, setProblem] = useState<string | null>(null)
  /** The last answer, with the identifier it answers for (said above it). */
  const [answer, setAnswer] = useState<{
    view: SearchAnswerView
    asked: string
    /** The identifier searched, as the editor keeps it (null: an account without its bank). */
    watchable: { type: IdentifierType; value: string } | null
    /** The report to show selected (a watchlist alert's), for the search another screen asked. */
    selected: string | null
    /** An account number searched without its bank: the number ('' for any other search). */
    account: string
    /** An account number searched without its bank, online: asking every bank is offered. */
    allBanks: (() => void) | null
  } | null>(null)
  const bankName = useBankName()
  const [busy, setBusy] = useState(false)
  const [text, setText] = useState('')
  const [hits, setHits] = useState<ReasonHits | null>(null)
  const [textProblem, setTextProblem] = useState<string | null>(null)

  // An account number without its bank is searched at every bank whose code fits it (the core
  // says which); any other value goes as typed, for the core to search in each of its spellings.
  const number = value.replace(/[\s-]/g, '')
  const query =
    type === 'account'
      ? bank
        ? joinAccountValue({ accountNumber: number, bankSlug: bank })
        : number
      : normalizeIdentifierValue(type, value)
  const sent = type === 'account' ? query : value.trim()

  const search = async (selected: string | null = null, allBanks = false) => {
    const check = !value.trim()
      ? type === 'account'
        ? 'Enter the account number to search for.'
        : 'Enter the value to search for.'
      : type === 'account' && bank
        ? checkIdentifierValue(type, query, { bankSlugs: slugs })
        : checkSearchValue(type, query)
    setProblem(check)
    // A query that cannot be asked has no answer: the last one (for another value) goes, so no
    // error stands above an answer it is not about.
    if (check) return setAnswer(null)
    setBusy(true)
    const asked = `${IDENTIFIER_TYPE_LABELS[type]} ${displayIdentifierValue(type, query, bankName)}`
    const result = await api().searchRun({
      identifier: type,
      value: sent,
      offline,
      ...(allBanks ? { allBanks } : {}),
    })
    setBusy(false)
    // The search's exchange with the registry updates the connection everywhere (status bar too).
    const watchable = type === 'account' && !bank ? null : { type, value: query }
    const account = type === 'account' && !bank ? number : ''
    const askAll = account && !offline ? () => void search(null, true) : null
    if (result.ok)
      setAnswer({ view: result.value, asked, selected, watchable, account, allBanks: askAll })
    else {
      setProblem(result.error.message)
      setAnswer(null)
    }
  }
  useEffect(() => {
    if (!asked) return
    useNavStore.setState({ pendingSearch: null })
    // Next tick: the screen is drawn first (and a remount in development runs it once).
    const timer = setTimeout(() => void search(asked.reportId), 0)
    return () => clearTimeout(timer)
    // Once, for the search asked for when the screen opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked])
  const searchText = async () => {
    if (!text.trim()) return setTextProblem('Type a few words to look for in the reasons.')
    const result = await api().searchReasons({ text, limit: 50 })
    if (result.ok) {
      setHits(result.value)
      setTextProblem(null)
    } else setTextProblem(result.error.message)
  }

  return (
    <div className="stack">
      <section className="panel" aria-labelledby="search-h">
        <h2 id="search-h">Search by identifier</h2>
        <ConnectionNote />
        <form
          className="search-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            void search()
          }}
        >
          <div className="field">
            <label htmlFor="s-type">Identifier type</label>
            <select
              id="s-type"
              value={type}
              onChange={(e) => setType(e.target.value as IdentifierType)}
            >
              {IDENTIFIER_TYPES.map((t) => (
                <option key={t} value={t}>
                  {IDENTIFIER_TYPE_LABELS[t]}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="s-value">{type === 'account' ? 'Account number' : 'Value'}</label>
            <input
              id="s-value"
              value={value}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 's-problem' : undefined}
              onChange={(e) => setValue(e.target.value)}
            />
          </div>
          {type === 'account' && (
            <BankPicker banks={banks} value={bank} onChange={setBank} accountNumber={number} />
          )}
          <div className="checkbox">
            <input
              id="s-offline"
              type="checkbox"
              checked={offline}
              onChange={(e) => setOffline(e.target.checked)}
            />
            <label htmlFor="s-offline">Only the saved copy (offline)</label>
          </div>
          <button type="submit" className="primary" disabled={busy}>
            {busy ? 'Searching…' : 'Search'}
          </button>
        </form>
        {type === 'account' && !bank && (
          <p className="muted">
            Without a bank, the account number is searched at every bank whose CBN code fits its
            check digit, and what this computer has of it at any bank; the answer names the banks
            and can search all of them.
          </p>
        )}
        {type === 'account' && <BankListNotice />}
        {problem && (
          <p id="s-problem" className="field-error" role="alert">
            {problem}
          </p>
        )}
        {answer && (
          <SearchAnswer
            answer={answer.view}
            asked={answer.asked}
            selected={answer.selected}
            watchable={answer.watchable}
            account={answer.account}
            searchAllBanks={answer.allBanks ?? undefined}
            busy={busy}
          />
        )}
      </section>
      <section className="panel" aria-labelledby="reasons-h">
        <h2 id="reasons-h">Search the reasons (offline)</h2>
        <form
          className="search-form"
          onSubmit={(event) => {
            event.preventDefault()
            void searchText()
          }}
        >
          <div className="field grow">
            <label htmlFor="r-text">Words in the reason</label>
            <input id="r-text" value={text} onChange={(e) => setText(e.target.value)} />
          </div>
          <button type="submit">Search reasons</button>
        </form>
        {textProblem && <p className="field-error">{textProblem}</p>}
        {hits && (
          <div aria-live="polite">
            <p className="muted">
              {hits.hits.length} match{hits.hits.length === 1 ? '' : 'es'} in the saved copy
              {hits.asOf.submissions ? `, as of ${formatTime(hits.asOf.submissions)}` : ''}
              {hits.broad ? ' (many reports match: add words to narrow it)' : ''}.
            </p>
            <ul className="hits">
              {hits.hits.map((hit) => (
                <li key={`${hit.kind}-${hit.record.id}`}>
                  <span className="badge">
                    {hit.kind === 'report' ? (hit.own ? 'Our report' : 'Report') : 'Public report'}
                  </span>{' '}
                  {hit.snippet.map((part, i) =>
                    part.match ? (
                      <mark key={i}>{part.text}</mark>
                    ) : (
                      <span key={i}>{part.text}</span>
                    ),
                  )}
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>
    </div>
  )
}

/** The report another screen asked to see, on the page: where the keyboard goes. */
const SELECTED_REPORT = 'search-selected-report'

function SearchAnswer({
  answer,
  asked,
  selected,
  watchable,
  account,
  searchAllBanks,
  busy,
}: {
  answer: SearchAnswerView
  asked: string
  selected: string | null
  /** The identifier searched, to watch from here on; null when it cannot be (no bank). */
  watchable: { type: IdentifierType; value: string } | null
  /** An account number searched without its bank ('' for any other search). */
  account: string
  /** An account number without its bank: searches it again at every bank of the list. */
  searchAllBanks?: () => void
  busy: boolean
}) {
  const own = new Set(answer.ownIds ?? [])
  const found =
    selected !== null &&
    (answer.reports.some((r) => r.id === selected) ||
      answer.publicReports.some((r) => r.id === selected))
  // The report asked for takes the keyboard (and comes into view) once the answer is drawn.
  useEffect(() => {
    if (found) document.getElementById(SELECTED_REPORT)?.focus()
  }, [answer, found])
  const card = (id: string) =>
    id === selected
      ? {
          id: SELECTED_REPORT,
          className: 'card selected',
          tabIndex: -1,
          'aria-labelledby': `${SELECTED_REPORT}-h`,
        }
      : { className: 'card' }
  const selectedNote = (id: string) =>
    id === selected ? (
      <p id={`${SELECTED_REPORT}-h`} className="selected-note">
        <strong>The report the watchlist alert is about</strong>{' '}
        <span className="muted">(reference {id})</span>
      </p>
    ) : null
  return (
    <div className="answer" aria-live="polite">
      <p className="answer-for">
        Answer for <strong data-testid="answer-for">{asked}</strong>
      </p>
      {watchable && (
        <WatchButton source={{ kind: 'identifier', ...watchable }} label="Watch this identifier" />
      )}
      {watchable && (
        <AddToCase
          source={{ kind: 'search', ...watchable }}
          label="Add this search to a case…"
          what={`the search for ${asked}`}
        />
      )}
      <p className={`callout ${answer.source === 'online' ? 'ok' : 'warn'}`} role="status">
        {answerSourceText(answer)}
        {answer.offlineReason ? (
          <>
            {' '}
            <PlainMessage message={answer.offlineReason.message} />
          </>
        ) : null}
      </p>
      <SearchedAs answer={answer} number={account} searchAllBanks={searchAllBanks} busy={busy} />
      {selected !== null && !found && (
        <p className="callout warn" role="status">
          The report the watchlist alert is about (reference {selected}) is not among the reports of
          this answer: the registry no longer returns it for this identifier.
        </p>
      )}
      <WaitingReports answer={answer} />
      <h3>Reports ({answer.reports.length})</h3>
      {answer.reports.length === 0 ? (
        <p className="muted">{noReportsWords(answer, 'reports')}</p>
      ) : (
        answer.reports.map((report) => (
          <article key={report.id} {...card(report.id)}>
            {selectedNote(report.id)}
            <ReportDetails record={report} />
            <FoundAs answer={answer} kind="report" id={report.id} />
            {own.has(report.id) && (
              <OwnReportActions
                registryId={report.id}
                context={fraudTypeLabel(report.fraudType)}
                unlisted={report.listingStatus === 'unlisted'}
              />
            )}
          </article>
        ))
      )}
      <h3>Public reports ({answer.publicReports.length})</h3>
      {answer.publicReports.length === 0 ? (
        <p className="muted">{noReportsWords(answer, 'public reports')}</p>
      ) : (
        answer.publicReports.map((report) => (
          <article key={report.id} {...card(report.id)}>
            {selectedNote(report.id)}
            <ReportDetails record={report} />
            <FoundAs answer={answer} kind="public_report" id={report.id} />
          </article>
        ))
      )}
    </div>
  )
}
