import { useId } from 'react'
import type { OnFileAnswerView } from '../../../../shared/contracts/search'
import { FRAUD_TYPE_LABELS, type FraudType } from '../../../../shared/domain/fraud-types'
import {
  displayIdentifierValue,
  IDENTIFIER_TYPE_LABELS,
} from '../../../../shared/domain/identifiers'
import { useBankName } from '../../stores/banks-store'
import { useNavStore } from '../../stores/nav-store'
import { bestAnswer, onFileKey, useOnFileStore, type OnFileQuery } from './on-file-store'
import { Time } from '../../components/Time'
import { formatRelative, formatTime } from '../../format'
import { openInSubmissions, openUpdateOf } from '../../report-actions'

const fraudLabel = (type: string | null) =>
  (type && FRAUD_TYPE_LABELS[type as FraudType]) || type || 'Report'

/** Where an answer came from, in words, and as of when when it is not the registry's. */
function sourceText(answer: OnFileAnswerView, asking: boolean): string {
  if (answer.source === 'online')
    return answer.asOf ? `from the registry, ${formatRelative(answer.asOf)}` : 'from the registry'
  const copy = answer.asOf
    ? `from the saved copy, as of ${formatRelative(answer.asOf)} (${formatTime(answer.asOf)})`
    : 'from this computer, as of now: nothing saved from the registry yet'
  if (asking) return `${copy}; asking the registry…`
  if (answer.source === 'offline') return `${copy}; the registry cannot be reached now`
  return copy
}

/**
 * Beside the editor: for each identifier entered, the reports already on file for it (from the
 * cache at once, then from the registry), with a way to open each, and to update the
 * organization's own report instead of filing the same case again.
 */
export function OnFilePanel({
  queries,
  editing,
}: {
  queries: readonly OnFileQuery[]
  /** The registry id of the report being edited: it is not "already on file" for itself. */
  editing: string | null
}) {
  const id = useId()
  const entries = useOnFileStore((s) => s.entries)
  const bankName = useBankName()

  const open = (match: { id: string; own: boolean; kind: string }, query: OnFileQuery) => {
    // Not yet sent: it is in the outbox, where it can be opened and changed.
    if (match.kind === 'unsent') return useNavStore.getState().go('outbox')
    if (match.own) openInSubmissions(match.id)
    else useNavStore.getState().searchFor(query)
  }
  const updateInstead = (reportId: string) => void openUpdateOf(reportId, bankName)

  return (
    <section className="panel on-file" aria-labelledby={`${id}-h`} data-testid="on-file">
      <h2 id={`${id}-h`}>Already on file</h2>
      {queries.length === 0 ? (
        <p className="muted">
          Enter an identifier: the reports already filed for it appear here as you type.
        </p>
      ) : (
        queries.map((query) => {
          const entry = entries[onFileKey(query)]
          const best = bestAnswer(entry)
          const answer = best && {
            ...best,
            matches: best.matches.filter((match) => match.id !== editing),
          }
          const label = IDENTIFIER_TYPE_LABELS[query.identifier]
          const shown = displayIdentifierValue(query.identifier, query.value, bankName)
          return (
            <div key={onFileKey(query)} className="on-file-entry">
              <h3>
                <span className="muted">{label}:</span> {shown}
              </h3>
              {!answer ? (
                <p className="muted">Looking…</p>
              ) : (
                <>
                  <p className="on-file-count" data-testid="on-file-count">
                    {answer.matches.length === 0
                      ? 'Nothing on file'
                      : `${answer.matches.length} report${answer.matches.length === 1 ? '' : 's'} on file`}
                    <span className="muted"> · {sourceText(answer, Boolean(entry?.asking))}</span>
                  </p>
                  {answer.matches.length > 0 && (
                    <ul className="plain on-file-matches">
                      {answer.matches.slice(0, 10).map((match) => (
                        <li key={`${match.kind}-${match.id}`}>
                          <button type="button" className="link" onClick={() => open(match, query)}>
                            {fraudLabel(match.fraudType)}
                          </button>
                          <span className="muted">
                            {' '}
                            · <Time value={match.createdAt} past /> ·{' '}
                            {match.own
                              ? 'your organization'
                              : match.kind === 'public_report'
                                ? 'a member of the public'
                                : (match.organization ?? 'organization not shown')}
                          </span>
                          {match.kind === 'unsent' && (
                            <span className="badge unsent">not yet sent</span>
                          )}
                          {match.matchedAs && (
                            <span className="muted block">
                              written {match.matchedAs.join(', ')}
                            </span>
                          )}
                          {match.own && match.kind === 'report' && (
                            <button
                              type="button"
                              className="link block"
                              onClick={() => updateInstead(match.id)}
                            >
                              Update that report instead
                            </button>
                          )}
                        </li>
                      ))}
                    </ul>
                  )}
                  {answer.matches.length > 10 && (
                    <p className="muted">
                      And {answer.matches.length - 10} more: search for it to see them all.
                    </p>
                  )}
                </>
              )}
            </div>
          )
        })
      )}
    </section>
  )
}
