// The watchlist's alerts: what changed on a watched identifier, in words, each one seen,
// dismissed or escalated (to a case, or a report of its own) from here.
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react'
import { displayIdentifierValue, type IdentifierType } from '../../../../shared/domain/identifiers'
import { AddToCase } from '../cases/AddToCase'
import { useWindowedRows } from '../../components/windowed-rows'
import { formatRelative } from '../../format'
import { useBankName } from '../../stores/banks-store'
import { useNavStore } from '../../stores/nav-store'
import { useWatchlistStore, type WatchAlert } from './watchlist-store'
import { typeWords } from './WatchItems'
import {
  caseReason,
  ESCALATION_REASONS,
  openAlertReport,
  startDraftFor,
} from './watch-alert-actions'
import {
  ALERT_KIND_WORDS,
  ALERT_STATE_WORDS,
  alertChangeLines,
} from '../../../../shared/watch-change-words'

/** What an alert says changed, in words. */
const KIND_WORDS: Record<WatchAlert['kind'], string> = {
  new_report: 'A new report names',
  unlisted: 'A report was unlisted for',
  relisted: 'A report was listed again for',
  updated: 'A report was updated for',
  identifier_removed: 'A report that is still listed no longer carries',
  identifier_added: 'A report carries again',
}
const KIND_BADGE = ALERT_KIND_WORDS
const STATE_WORDS = ALERT_STATE_WORDS

/** What changed, in words: "Fraud type: Money mule → Theft", "Listing: Listed → Unlisted". */
function AlertChanges({ alert }: { alert: WatchAlert }) {
  const lines = alertChangeLines(alert)
  if (lines.length === 0) return null
  return (
    <ul className="watch-changes">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  )
}

/**
 * Escalating an alert: the ways on the issue names (open the report, start a draft, add to a
 * case file), each writing why in the alert's log. An alert already escalated keeps the ways on,
 * without writing again.
 */
function EscalateActions({
  alert,
  what,
  record,
  onClose,
}: {
  alert: WatchAlert
  what: string
  /** Whether taking a way on escalates the alert (false: it is escalated already). */
  record: boolean
  /** Closes the choice (absent where it stays open). */
  onClose?: () => void
}) {
  const id = useId()
  const setAlertState = useWatchlistStore((s) => s.setAlertState)
  const bankName = useBankName()
  const [problem, setProblem] = useState<string | null>(null)
  const firstRef = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (onClose) firstRef.current?.focus()
  }, [onClose])
  /** Writes the escalation; true when it was kept (or there was nothing to write). */
  const escalate = async (reason: string) => {
    if (!record) return true
    const refused = await setAlertState(alert.id, 'escalated', reason)
    setProblem(refused)
    return refused === null
  }
  return (
    <div
      className="watch-escalate"
      role="group"
      aria-labelledby={`${id}-h`}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && onClose) {
          event.stopPropagation()
          onClose()
        }
      }}
    >
      <p id={`${id}-h`} className="watch-escalate-h">
        {record ? 'Escalate it: what next?' : 'Follow it up'}
        <span className="visually-hidden"> ({what})</span>
      </p>
      <div className="actions">
        <button
          ref={firstRef}
          type="button"
          onClick={() =>
            void escalate(ESCALATION_REASONS.open).then((ok) => ok && openAlertReport(alert))
          }
        >
          Open the report<span className="visually-hidden"> ({what})</span>
        </button>
        <button
          type="button"
          onClick={() =>
            void (async () => {
              // The draft first: an escalation says what was done, so nothing is written if it fails.
              const refused = await startDraftFor(alert, bankName)
              if (refused) return setProblem(refused)
              await escalate(ESCALATION_REASONS.draft)
            })()
          }
        >
          Start a draft<span className="visually-hidden"> ({what})</span>
        </button>
        <AddToCase
          source={{ kind: 'alert', alertId: alert.id }}
          what={`the alert on ${what}`}
          context={what}
          onAdded={(title) => void escalate(caseReason(title))}
        />
        {onClose && (
          <button type="button" className="quiet" onClick={onClose}>
            Not now<span className="visually-hidden"> ({what})</span>
          </button>
        )}
      </div>
      {problem && (
        <p className="error-text" role="alert">
          {problem}
        </p>
      )}
    </div>
  )
}

function AlertRow({
  alert,
  rowRef,
}: {
  alert: WatchAlert
  rowRef?: (element: HTMLElement | null) => void
}) {
  const id = useId()
  const setAlertState = useWatchlistStore((s) => s.setAlertState)
  const searchFor = useNavStore((s) => s.searchFor)
  const bankName = useBankName()
  const [dismissing, setDismissing] = useState(false)
  const [escalating, setEscalating] = useState(false)
  const [reason, setReason] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const reasonRef = useRef<HTMLTextAreaElement>(null)
  const escalateRef = useRef<HTMLButtonElement>(null)
  const stateReasonRef = useRef<HTMLParagraphElement>(null)
  useEffect(() => {
    if (dismissing) reasonRef.current?.focus()
  }, [dismissing])
  // Escalated from the choice without leaving the screen (a case file saved): the keyboard goes
  // to the line that says so, the buttons it was on being gone.
  useEffect(() => {
    if (alert.state === 'escalated' && escalating) stateReasonRef.current?.focus()
  }, [alert.state, escalating])
  const shown = displayIdentifierValue(alert.type, alert.value, bankName)
  const what = `${typeWords(alert.type)} ${shown}`
  const act = async (state: 'seen' | 'dismissed', why?: string) => {
    const refused = await setAlertState(alert.id, state, why)
    setProblem(refused)
    if (!refused) setDismissing(false)
  }
  const open = alert.state === 'new' || alert.state === 'seen'
  const closeEscalating = useCallback(() => {
    setEscalating(false)
    // Back where the choice was opened from.
    requestAnimationFrame(() => escalateRef.current?.focus())
  }, [])
  return (
    <li
      ref={rowRef}
      className={`watch-alert watch-alert-${alert.state}`}
      aria-labelledby={`${id}-what`}
    >
      <p className="watch-alert-head">
        <span className={`badge watch-state-${alert.state}`}>{STATE_WORDS[alert.state]}</span>{' '}
        <span className="badge">{KIND_BADGE[alert.kind]}</span>{' '}
        <span className="muted">{formatRelative(alert.createdAt)}</span>
      </p>
      <p id={`${id}-what`}>
        {KIND_WORDS[alert.kind]} <strong>{what}</strong>.
      </p>
      <AlertChanges alert={alert} />
      {(alert.state === 'dismissed' || alert.state === 'escalated') && alert.stateReason && (
        <p className="watch-state-reason" ref={stateReasonRef} tabIndex={-1}>
          <span className="muted">{STATE_WORDS[alert.state]}:</span> {alert.stateReason}
        </p>
      )}
      <p className="watch-alert-report">
        <label htmlFor={`${id}-report`}>Report reference</label>{' '}
        <input
          id={`${id}-report`}
          className="watch-report-id"
          readOnly
          value={alert.reportId}
          size={Math.min(Math.max(alert.reportId.length, 8), 40)}
          onFocus={(event) => event.target.select()}
        />
      </p>
      <div className="actions">
        <button
          type="button"
          className="quiet"
          onClick={() =>
            searchFor({ identifier: alert.type as IdentifierType, value: alert.value })
          }
        >
          Open in Search<span className="visually-hidden"> ({what})</span>
        </button>
        {alert.state === 'new' && (
          <button type="button" onClick={() => void act('seen')}>
            Mark seen<span className="visually-hidden"> ({what})</span>
          </button>
        )}
        {open && !dismissing && (
          <button
            type="button"
            onClick={() => {
              setEscalating(false)
              setDismissing(true)
            }}
          >
            Dismiss<span className="visually-hidden"> ({what})</span>
          </button>
        )}
        {open && (
          <button
            ref={escalateRef}
            type="button"
            aria-expanded={escalating}
            onClick={() => {
              setDismissing(false)
              setEscalating((was) => !was)
            }}
          >
            Escalate…<span className="visually-hidden"> ({what})</span>
          </button>
        )}
      </div>
      {open && escalating && (
        <EscalateActions alert={alert} what={what} record onClose={closeEscalating} />
      )}
      {alert.state === 'escalated' && <EscalateActions alert={alert} what={what} record={false} />}
      {dismissing && (
        <form
          className="watch-dismiss"
          onSubmit={(event) => {
            event.preventDefault()
            if (!reason.trim()) return setProblem('A dismissal says why: give a reason.')
            void act('dismissed', reason.trim())
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setDismissing(false)
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-reason`}>Why dismiss it (required)</label>
            <textarea
              ref={reasonRef}
              id={`${id}-reason`}
              rows={2}
              maxLength={1000}
              value={reason}
              aria-invalid={problem ? true : undefined}
              onChange={(event) => setReason(event.target.value)}
            />
          </div>
          <div className="actions">
            <button type="submit" className="danger">
              Dismiss the alert
            </button>
            <button
              type="button"
              onClick={() => {
                setDismissing(false)
                setProblem(null)
              }}
            >
              Keep it
            </button>
          </div>
        </form>
      )}
      {problem && (
        <p className="error-text" role="alert">
          {problem}
        </p>
      )}
    </li>
  )
}

export function Alerts() {
  const id = useId()
  const alerts = useWatchlistStore((s) => s.alerts)
  const newCount = useWatchlistStore((s) => s.newCount)
  const [showClosed, setShowClosed] = useState(false)
  const shown = useMemo(
    () => (showClosed ? alerts : alerts.filter((a) => a.state !== 'dismissed')),
    [alerts, showClosed],
  )
  const dismissed = alerts.length - alerts.filter((a) => a.state !== 'dismissed').length
  // A week of alerts on a customer list is drawn where it can be seen (windowed-rows.tsx).
  const keys = useMemo(() => shown.map((alert) => alert.id), [shown])
  const { setScroller, ...rows } = useWindowedRows({ keys, estimate: 120 })
  return (
    <section className="panel" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>
        Alerts{' '}
        <span className="muted" data-testid="watch-new-count">
          · {newCount} new
        </span>
      </h2>
      <p className="muted">
        Each change of what the registry holds on a watched identifier. An identifier’s first check
        records what is already on file, without alerts.
      </p>
      <div className="checkbox">
        <input
          id={`${id}-closed`}
          type="checkbox"
          checked={showClosed}
          onChange={(event) => setShowClosed(event.target.checked)}
        />
        <label htmlFor={`${id}-closed`}>Show dismissed alerts ({dismissed})</label>
      </div>
      {shown.length === 0 ? (
        <p className="muted">No alert to look at.</p>
      ) : (
        <div ref={setScroller} className="rows-box" onScroll={rows.onScroll}>
          <ul className="plain watch-alerts" aria-label="Alerts">
            {rows.before > 0 && <li aria-hidden="true" style={{ height: rows.before }} />}
            {shown.slice(rows.start, rows.end).map((alert) => (
              <AlertRow key={alert.id} alert={alert} rowRef={rows.measure(alert.id)} />
            ))}
            {rows.after > 0 && <li aria-hidden="true" style={{ height: rows.after }} />}
          </ul>
        </div>
      )}
    </section>
  )
}
