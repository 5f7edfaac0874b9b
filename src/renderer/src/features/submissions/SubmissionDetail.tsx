// One of the organization's reports opened from Submissions: as the registry has it now (or the
// saved copy), with its actions (update, unlist with a note kept here, a case, a watch).
import { useEffect, useId, useRef, useState } from 'react'
import type { ReportRecord } from '../../../../shared/domain/responses'
import { api } from '../../api'
import { fileNewFrom } from '../../report-actions'
import { ReportDetails } from '../../components/ReportDetails'
import { useBankName } from '../../stores/banks-store'
import { reportTitle } from '../../report-title'
import { PlainMessage } from '../../components/TechnicalDetails'
import { useOutboxStore } from '../outbox/outbox-store'
import { useEditorStore } from '../editor/editor-store'
import { useNavStore } from '../../stores/nav-store'
import { rowById, useSubmissionsStore } from './submissions-store'

/**
 * The organization's own report, with its identifiers in full, as the list beside it shows them
 * (the saved copy holds them whole): the registry's decoded copy when it can be reached, the
 * saved copy when not. Masking one pane beside the other hid nothing from anyone.
 */
export function SubmissionDetail({ id }: { id: string }) {
  const [state, setState] = useState<{
    record: ReportRecord | null
    note: string | null
    loading: boolean
  }>({
    record: null,
    note: null,
    loading: true,
  })
  const [refusal, setRefusal] = useState<string | null>(null)
  const refusalRef = useRef<HTMLParagraphElement>(null)
  const bankName = useBankName()
  // The list's row for this report (the saved copy, with identifiers in full): it names the
  // report in the heading, where the plain fetch masks them.
  const row = useSubmissionsStore((st) => rowById(st.pages, id))
  // The panel follows the list: a refresh from the registry, or an action on this report finished.
  const generation = useSubmissionsStore((st) => st.generation)
  // Only this report's unlisting is read from the outbox: the panel is not drawn again for each
  // of the thousands of other items a drain changes.
  const unlisting = useOutboxStore((o) =>
    o.operations.find(
      (op) =>
        op.registryId === id &&
        op.kind === 'unlist_report' &&
        op.state !== 'done' &&
        op.state !== 'cancelled',
    ),
  )
  const unlistedNote = useOutboxStore(
    (o) =>
      o.finished.find(
        (op) => op.registryId === id && op.kind === 'unlist_report' && op.state === 'done',
      )?.note,
  )
  const [queuedHere, setQueuedHere] = useState(false)
  const inOutbox = unlisting !== undefined
  // The note written when it was unlisted from here (kept with the outbox item, never sent).
  const unlistNote = unlisting?.note ?? unlistedNote ?? null
  // Once its unlisting is seen in the outbox, the panel keeps saying so until the registry's copy
  // says unlisted: the unlisting can be done before the call that queued it has answered (the
  // events come another way), and the panel offered Edit and Unlist again in between.
  if (inOutbox && !queuedHere) setQueuedHere(true)
  const [finishedHere, setFinishedHere] = useState(0)
  // This report's unlisting is looked for among the outbox's items: they are read while shown.
  useEffect(() => useOutboxStore.getState().show(), [])
  useEffect(
    () =>
      api().onOperationChanged((op) => {
        if (op.registryId !== id) return
        if (op.state === 'done') setFinishedHere((n) => n + 1)
        // Discarded from the Outbox: not queued any more.
        if (op.kind === 'unlist_report' && op.state === 'cancelled') setQueuedHere(false)
      }),
    [id],
  )
  useEffect(() => {
    let live = true
    void api()
      .submissionGet({ id, decoded: true })
      .then((result) => {
        if (!live) return
        if (result.ok)
          setState({ record: result.value.record, note: result.value.message, loading: false })
        else setState({ record: null, note: result.error.message, loading: false })
        // What the registry said went into the saved copy: the list row reads it again, so the
        // row and this panel never disagree (Listed beside Unlisted).
        if (result.ok && result.value.source === 'online')
          void useSubmissionsStore.getState().reloadShown()
      })
    return () => {
      live = false
    }
  }, [id, generation, finishedHere])

  const refuse = (message: string) => {
    setRefusal(message)
    requestAnimationFrame(() => {
      refusalRef.current?.scrollIntoView({ block: 'nearest' })
      refusalRef.current?.focus()
    })
  }
  const unlist = async (note: string) => {
    const result = await api().reportUnlist({
      localOrRegistryId: id,
      ...(note.trim() ? { note: note.trim() } : {}),
    })
    if (!result.ok) refuse(result.error.message)
    else if (!result.value.ok) refuse(result.value.message)
    else {
      setQueuedHere(true)
      await useOutboxStore.getState().load()
    }
  }
  const title =
    (row ?? state.record) ? reportTitle((row ?? state.record) as ReportRecord, bankName) : 'Report'
  // The editor needs the identifiers in full: the list and the plain fetch mask them.
  const edit = async () => {
    const full = await api().submissionGet({ id, decoded: true })
    if (!full.ok || !full.value.record) {
      refuse(
        `This report cannot be edited now: ${full.ok ? (full.value.message ?? 'the registry did not return it.') : full.error.message}`,
      )
      return
    }
    useEditorStore
      .getState()
      .openUpdate(full.value.record, reportTitle(full.value.record, bankName))
    useNavStore.getState().go('editor')
  }
  const unlisted = state.record?.listingStatus === 'unlisted'
  // Queued until the registry's copy says unlisted (the panel re-reads it when the unlisting is done).
  const pendingUnlist = inOutbox || (queuedHere && !unlisted)

  return (
    <aside className="panel detail" aria-labelledby="detail-h">
      <header className="panel-head">
        <h2 id="detail-h">{title}</h2>
      </header>
      {refusal && (
        <p ref={refusalRef} tabIndex={-1} className="callout error" role="alert">
          <PlainMessage message={refusal} reportId={id} />
        </p>
      )}
      {state.note && (
        <p className="callout warn">
          <PlainMessage message={state.note} reportId={id} />
        </p>
      )}
      {pendingUnlist && (
        <p className="callout ok" role="status">
          Unlisting is queued; it is sent with the next sync. Follow it in the Outbox.
          {unlistNote && <span className="block">Your note: {unlistNote}</span>}
        </p>
      )}
      {state.loading ? (
        <p className="muted">Loading…</p>
      ) : state.record ? (
        <>
          <ReportDetails record={state.record} />
          {unlisted ? (
            <p className="muted">
              This report is unlisted: other organizations no longer find it, and the registry takes
              no more changes to it.
              {unlistNote && <span className="block">Your note: {unlistNote}</span>}
              <button
                type="button"
                className="block"
                onClick={() =>
                  void fileNewFrom(id, bankName).then((problem) => problem && refuse(problem))
                }
              >
                File a new report from this one
              </button>
            </p>
          ) : (
            !pendingUnlist && (
              <div className="actions">
                <button type="button" onClick={() => void edit()}>
                  Edit
                </button>
                <UnlistButton onUnlist={(note) => void unlist(note)} />
              </div>
            )
          )}
        </>
      ) : (
        <p className="muted">This report is not in the saved copy.</p>
      )}
    </aside>
  )
}

/**
 * Unlist, asked first in place: the registry's unlist takes no reason (registry-api.md 4.8, no
 * body), so the reason asked for is a note for this organization, kept with the outbox item on
 * this computer and said to be so. Escape or Keep cancels; focus goes back to Unlist.
 */
function UnlistButton({ onUnlist }: { onUnlist: (note: string) => void }) {
  const id = useId()
  const [asking, setAsking] = useState(false)
  const [note, setNote] = useState('')
  const noteRef = useRef<HTMLTextAreaElement>(null)
  const triggerRef = useRef<HTMLButtonElement>(null)
  const wasAsking = useRef(false)
  useEffect(() => {
    if (asking) noteRef.current?.focus()
    else if (wasAsking.current) triggerRef.current?.focus()
    wasAsking.current = asking
  }, [asking])
  if (!asking)
    return (
      <button ref={triggerRef} type="button" className="danger" onClick={() => setAsking(true)}>
        Unlist
      </button>
    )
  return (
    <div
      className="unlist-confirm"
      role="group"
      aria-labelledby={`${id}-q`}
      onKeyDown={(event) => {
        if (event.key === 'Escape') setAsking(false)
      }}
    >
      <p id={`${id}-q`} className="confirm-question">
        Unlist this report? Other organizations will no longer find it.
      </p>
      <div className="field">
        <label htmlFor={`${id}-note`}>Why (optional, for your records)</label>
        <textarea
          id={`${id}-note`}
          ref={noteRef}
          rows={2}
          maxLength={500}
          value={note}
          aria-describedby={`${id}-hint`}
          onChange={(event) => setNote(event.target.value)}
        />
        <p id={`${id}-hint`} className="muted hint">
          The registry takes no reason for an unlisting: this note stays on this computer, with the
          item in the Outbox.
        </p>
      </div>
      <div className="actions">
        <button
          type="button"
          className="danger"
          onClick={() => {
            setAsking(false)
            onUnlist(note)
          }}
        >
          Unlist report
        </button>
        <button type="button" onClick={() => setAsking(false)}>
          Keep
        </button>
      </div>
    </div>
  )
}
