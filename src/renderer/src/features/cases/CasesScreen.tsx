import { useEffect, useId, useRef, useState } from 'react'
import { SaidLine } from '../../components/SaidLine'
import { formatTime } from '../../format'
import { CaseDetail } from './CaseDetail'
import { useCasesStore, type Said } from './cases-store'
import { VerifyCase } from './VerifyCase'
import '../../styles/lists.css'
import './cases.css'

function NewCaseForm() {
  const id = useId()
  const create = useCasesStore((s) => s.create)
  const open = useCasesStore((s) => s.open)
  const [title, setTitle] = useState('')
  const [note, setNote] = useState('')
  const [said, setSaid] = useState<Said | null>(null)
  const [busy, setBusy] = useState(false)
  return (
    <form
      className="case-new"
      aria-labelledby={`${id}-h`}
      onSubmit={(event) => {
        event.preventDefault()
        setBusy(true)
        void create(title, note).then((answer) => {
          setBusy(false)
          setSaid(answer)
          if (answer.case) {
            setTitle('')
            setNote('')
            void open(answer.case.id)
          }
        })
      }}
    >
      <h3 id={`${id}-h`}>Open a new case</h3>
      <div className="field">
        <label htmlFor={`${id}-title`}>Title</label>
        <input
          id={`${id}-title`}
          value={title}
          aria-describedby={`${id}-said`}
          aria-invalid={said?.ok === false || undefined}
          onChange={(event) => setTitle(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={`${id}-note`}>First note (optional)</label>
        <textarea
          id={`${id}-note`}
          rows={2}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
      <div className="actions">
        <button type="submit" className="primary" disabled={busy}>
          Make the case
        </button>
      </div>
      <SaidLine id={`${id}-said`} said={said} />
    </form>
  )
}

function CaseList({ listRef }: { listRef: React.RefObject<HTMLHeadingElement | null> }) {
  const id = useId()
  const cases = useCasesStore((s) => s.cases)
  const problem = useCasesStore((s) => s.listProblem)
  const open = useCasesStore((s) => s.open)
  return (
    <section className="panel" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} ref={listRef} tabIndex={-1}>
        Cases
      </h2>
      <p>
        A case gathers what an investigation found: your organization’s reports and others’ found by
        search, the search answers as the registry gave them, watch alerts and your notes, in the
        order added. It is exported as one zip for the police or a court.
      </p>
      {problem && (
        <p className="callout error" role="alert">
          {problem}
        </p>
      )}
      {cases === null ? (
        <p className="muted">Reading the cases…</p>
      ) : cases.length === 0 ? (
        <p className="muted">No case yet: open one below.</p>
      ) : (
        <table className="table case-list" aria-label="Cases">
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Opened</th>
              <th scope="col">Items</th>
              <th scope="col">Last exported</th>
            </tr>
          </thead>
          <tbody>
            {cases.map((c) => (
              <tr key={c.id}>
                <td className="case-wrap">
                  <button type="button" className="link" onClick={() => void open(c.id)}>
                    {c.title}
                  </button>
                </td>
                <td>{formatTime(c.createdAt)}</td>
                <td>{c.items}</td>
                <td>{c.lastExportAt ? formatTime(c.lastExportAt) : 'Never'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <NewCaseForm />
    </section>
  )
}

/**
 * Cases (issue 41): the list, one case open with its items in order, a note, its export through
 * main's save dialog, and a bundle handed back verified.
 */
export function CasesScreen() {
  const opened = useCasesStore((s) => s.opened)
  const openProblem = useCasesStore((s) => s.openProblem)
  const listRef = useRef<HTMLHeadingElement>(null)
  useEffect(() => {
    const store = useCasesStore.getState()
    void store.load()
    // Opened again: the case as the core keeps it now (items added from other screens).
    const shown = store.opened
    if (shown) void store.open(shown.id)
  }, [])
  return (
    <div className="stack">
      {openProblem && (
        <p className="callout error" role="alert">
          {openProblem}
        </p>
      )}
      {opened ? (
        <CaseDetail
          view={opened}
          onBack={() => {
            useCasesStore.getState().close()
            requestAnimationFrame(() => listRef.current?.focus())
          }}
        />
      ) : (
        <CaseList listRef={listRef} />
      )}
      <VerifyCase />
    </div>
  )
}
