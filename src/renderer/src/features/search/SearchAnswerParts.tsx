import type { SearchAnswerView } from '../../../../shared/contracts/search'
import { FRAUD_TYPE_LABELS, type FraudType } from '../../../../shared/domain/fraud-types'
import {
  displayIdentifierValue,
  IDENTIFIER_TYPE_LABELS,
  type IdentifierType,
} from '../../../../shared/domain/identifiers'
import {
  andList,
  banksLeftOut,
  foundAtBank,
  foundHereWords,
  searchedBanksWords,
} from '../../../../shared/searched-banks-words'
import { formatRelative, formatTime } from '../../format'
import { useBankName } from '../../stores/banks-store'
import { useNavStore } from '../../stores/nav-store'

/** "3 hours ago (5 Mar 2026, 09:12)": a time as a person reads it, with the exact one. */
export const inWords = (iso: string): string => `${formatRelative(iso)} (${formatTime(iso)})`

/**
 * Where an answer came from and as of when, in words. An offline answer always says as of
 * when: the saved copy's time, or, with nothing saved from the registry yet, this computer's.
 */
export function answerSourceText(answer: SearchAnswerView): string {
  if (answer.source === 'online') return 'Answer from the registry, just now.'
  const saved = answer.asOf.search ?? answer.asOf.submissions
  return saved
    ? `Answer from the copy saved on this computer, as of ${inWords(saved)}.`
    : `Answer from this computer only, as of ${inWords(answer.asOf.outbox)}: nothing has been saved from the registry yet, so only what waits in its outbox can be shown.`
}

/**
 * What was searched: a phone's spellings, or an account number at the banks its check digit
 * fits, with how many banks were not asked and (`searchAllBanks`) the one action that asks them.
 */
export function SearchedAs({
  answer,
  number,
  searchAllBanks,
  busy,
}: {
  answer: SearchAnswerView
  /** The account number searched without its bank. */
  number: string
  /** Asks every bank of the list; absent when the search was only of the saved copy. */
  searchAllBanks?: () => void
  busy?: boolean
}) {
  const refused = answer.refused ?? []
  if (!answer.banks && answer.searched.length < 2 && refused.length === 0) return null
  const offerAll = banksLeftOut(answer) > 0 && searchAllBanks
  return (
    <div className="searched-as">
      <p className="muted" data-testid="searched-as">
        {answer.banks
          ? searchedBanksWords(answer, number)
          : answer.searched.length > 1
            ? `Searched as ${andList(answer.searched)}: the registry holds each as it was written.`
            : null}
        {refused.map((item) => (
          <span key={item.value} className="block">
            The registry would not search {item.value}: {item.message}
          </span>
        ))}
      </p>
      {offerAll && (
        <button type="button" onClick={searchAllBanks} disabled={busy}>
          {busy ? 'Searching all banks…' : 'Search all banks'}
        </button>
      )}
    </div>
  )
}

/** Under a found record: the spelling (or the bank) that found it, when more than one was searched. */
export function FoundAs({
  answer,
  kind,
  id,
}: {
  answer: SearchAnswerView
  kind: 'report' | 'public_report'
  id: string
}) {
  const bankName = useBankName()
  const found = answer.matchedAs[`${kind}:${id}`] ?? []
  if (found.length === 0 || (answer.searched.length < 2 && !answer.banks)) return null
  // Found on this computer only, at a bank that was not asked: where it came from.
  const here = answer.foundHere?.find((item) => item.key === `${kind}:${id}`)
  const slug = foundAtBank(found)
  return (
    <>
      <p className="found-as muted">
        Found as{' '}
        {found.map((value, index) => (
          <span key={value}>
            {index > 0 && ', '}
            <strong className="identifier-value">
              {displayIdentifierValue(answer.banks ? 'account' : null, value, bankName)}
            </strong>
          </span>
        ))}
      </p>
      {here && (
        <p className="found-here muted" data-testid="found-here">
          {foundHereWords(here, bankName(slug) ?? slug, inWords(here.seenAt))}
        </p>
      )}
    </>
  )
}

/** The reports of this computer's outbox that carry the identifier: not yet on the registry. */
export function WaitingReports({ answer }: { answer: SearchAnswerView }) {
  const bankName = useBankName()
  if (answer.waiting.length === 0) return null
  return (
    <section className="waiting" aria-labelledby="waiting-h" data-testid="waiting-reports">
      <h3 id="waiting-h">Not yet sent: {answer.waiting.length} in this computer’s outbox</h3>
      <p className="muted">
        As of {inWords(answer.asOf.outbox)}. The registry does not have{' '}
        {answer.waiting.length === 1 ? 'this report' : 'these reports'} yet; they are sent when it
        can be reached.
      </p>
      {answer.waiting.map((report) => (
        <article key={report.localId} className="card">
          <p>
            <span className="badge unsent">not yet sent</span>{' '}
            <strong>
              {(report.fraudType && FRAUD_TYPE_LABELS[report.fraudType as FraudType]) ||
                report.fraudType ||
                'Report'}
            </strong>
            {report.registryId ? ' · an update of a report on the registry' : ' · a new report'}
            <span className="muted"> · queued {inWords(report.queuedAt)}</span>
          </p>
          <p className="reason">{report.fraudReason}</p>
          <ul className="plain">
            {report.identifiers.map((identifier, index) => (
              <li key={index}>
                <span className="muted">
                  {IDENTIFIER_TYPE_LABELS[identifier.label as IdentifierType] ?? identifier.label}:
                </span>{' '}
                <span className="identifier-value">
                  {displayIdentifierValue(identifier.label, identifier.value, bankName)}
                </span>
                {report.matchedAs.includes(identifier.value) && (
                  <span className="muted"> (found)</span>
                )}
              </li>
            ))}
          </ul>
          <button
            type="button"
            className="link"
            onClick={() => useNavStore.getState().go('outbox')}
          >
            Open the outbox
          </button>
        </article>
      ))}
    </section>
  )
}
