import { useEffect, useId, useRef, useState } from 'react'
import type { CaseView } from '../../../../shared/contracts/cases'
import { SaidLine } from '../../components/SaidLine'
import { formatTime } from '../../format'
import { useBankName } from '../../stores/banks-store'
import { useNavStore, type ScreenId } from '../../stores/nav-store'
import { caseItemWords } from './case-item-words'
import { useCasesStore, type Said } from './cases-store'

const WHERE_FROM: { screen: ScreenId; words: string }[] = [
  { screen: 'submissions', words: 'Submissions' },
  { screen: 'search', words: 'Search' },
  { screen: 'watchlist', words: 'Watchlist' },
  { screen: 'screening', words: 'Screening' },
]

/** The case's items in the order added, each in words. */
function Items({ view }: { view: CaseView }) {
  const bankName = useBankName()
  const seen = useCasesStore((s) => s.seen)
  if (view.items.length === 0)
    return (
      <p className="muted">
        Nothing in this case yet: write a note, or add from the screens below.
      </p>
    )
  return (
    <ol className="plain case-items" aria-label="Items of the case">
      {view.items.map((item) => {
        const words = caseItemWords(item, bankName, seen)
        return (
          <li key={item.position} className={`case-item case-item-${item.kind}`}>
            <p className="case-item-head">
              <span className="badge">{words.kind}</span>{' '}
              <span className="muted">
                {item.position}. Added {formatTime(item.addedAt)}
              </span>
            </p>
            <p className={item.kind === 'note' ? 'case-note-text' : 'case-item-headline'}>
              {words.headline}
            </p>
            {words.lines.map((line) => (
              <p key={line} className="muted case-item-line">
                {line}
              </p>
            ))}
          </li>
        )
      })}
    </ol>
  )
}

function NoteForm({ caseId }: { caseId: string }) {
  const id = useId()
  const note = useCasesStore((s) => s.note)
  const [text, setText] = useState('')
  const [said, setSaid] = useState<Said | null>(null)
  const [busy, setBusy] = useState(false)
  return (
    <form
      className="case-note-form"
      aria-labelledby={`${id}-h`}
      onSubmit={(event) => {
        event.preventDefault()
        setBusy(true)
        void note(caseId, text).then((answer) => {
          setBusy(false)
          setSaid(answer)
          if (answer.ok) setText('')
        })
      }}
    >
      <h3 id={`${id}-h`}>Write a note</h3>
      <div className="field">
        <label htmlFor={`${id}-text`}>Note</label>
        <textarea
          id={`${id}-text`}
          rows={3}
          value={text}
          aria-describedby={`${id}-said`}
          onChange={(event) => setText(event.target.value)}
        />
      </div>
      <div className="actions">
        <button type="submit" disabled={busy}>
          Add the note
        </button>
      </div>
      <SaidLine id={`${id}-said`} said={said} />
    </form>
  )
}

function ExportPanel({ view }: { view: CaseView }) {
  const id = useId()
  const exportCase = useCasesStore((s) => s.exportCase)
  const [busy, setBusy] = useState(false)
  const [said, setSaid] = useState<Said | null>(null)
  return (
    <section aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>Export</h3>
      <p className="muted">
        One zip for the police or a court: every item in order in case.pdf, each report and search
        answer as the registry gave it, the files’ SHA-256 in SHA256SUMS and the certificate.
      </p>
      <div className="actions">
        <button
          type="button"
          className="primary"
          disabled={busy || view.items.length === 0}
          onClick={() => {
            setBusy(true)
            setSaid(null)
            void exportCase(view.id).then((answer) => {
              setBusy(false)
              setSaid(answer)
            })
          }}
        >
          {busy ? 'Making the bundle…' : 'Export the case…'}
        </button>
      </div>
      <SaidLine id={`${id}-said`} said={said} />
      {view.exports.length > 0 && (
        <table className="table case-exports">
          <caption>Exported before</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">By</th>
              <th scope="col">File</th>
              <th scope="col">Fingerprint</th>
            </tr>
          </thead>
          <tbody>
            {view.exports.map((e) => (
              <tr key={`${e.at}-${e.fingerprint}`}>
                <td>{formatTime(e.at)}</td>
                <td>{e.by}</td>
                <td className="case-wrap">{e.file}</td>
                <td className="case-wrap">
                  <code>{e.fingerprint}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  )
}

/** One case open: its items in order, a note, the ways to add more, and its export. */
export function CaseDetail({ view, onBack }: { view: CaseView; onBack: () => void }) {
  const id = useId()
  const go = useNavStore((s) => s.go)
  const headingRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    headingRef.current?.focus()
  }, [view.id])
  const last = view.exports.at(-1)
  return (
    <section className="panel case-detail" aria-labelledby={`${id}-h`}>
      <div className="actions">
        <button type="button" className="quiet" onClick={onBack}>
          ← All cases
        </button>
      </div>
      <h2 id={`${id}-h`} ref={headingRef} tabIndex={-1} className="case-title">
        {view.title}
      </h2>
      <p className="muted">
        Opened {formatTime(view.createdAt)} · {view.items.length} item
        {view.items.length === 1 ? '' : 's'} ·{' '}
        {last ? `last exported ${formatTime(last.at)}` : 'not exported yet'}
      </p>
      <Items view={view} />
      <NoteForm caseId={view.id} />
      <section aria-labelledby={`${id}-more`}>
        <h3 id={`${id}-more`}>Add reports, searches and alerts</h3>
        <p>
          Use <strong>Add to a case…</strong> on a report’s details, a search’s answer, a watch
          alert or a screening hit. Go to:
        </p>
        <div className="actions">
          {WHERE_FROM.map((where) => (
            <button
              key={where.screen}
              type="button"
              className="quiet"
              onClick={() => go(where.screen)}
            >
              {where.words}
            </button>
          ))}
        </div>
      </section>
      <ExportPanel view={view} />
    </section>
  )
}
