// What the editor says of its work: what was just queued (as the outbox says it now), and the autosave.
import { useEditorStore } from './editor-store'
import { useNavStore } from '../../stores/nav-store'
import { useQueuedOutcome } from '../../stores/operation-watch'

/**
 * What was just queued, said as it stands now: "Queued…" while it waits, then sent, refused or
 * discarded as the outbox's events say, so the editor never keeps saying "will be sent" once it was.
 */
export function QueuedNotice({
  ref,
  ids,
  queued,
}: {
  ref: React.Ref<HTMLParagraphElement>
  ids: readonly number[]
  queued: string
}) {
  const outcome = useQueuedOutcome(ids)
  const go = useNavStore((n) => n.go)
  const text =
    outcome === 'sent'
      ? 'Sent: the registry has it now. It is in Submissions.'
      : outcome === 'attention'
        ? 'The registry refused it: open the Outbox to read why, then fix, retry or discard it.'
        : outcome === 'discarded'
          ? 'It was discarded from the Outbox: nothing was sent.'
          : queued
  return (
    <p
      ref={ref}
      tabIndex={-1}
      className={`callout ${outcome === 'attention' ? 'error' : outcome === 'discarded' ? 'warn' : 'ok'}`}
      role="status"
      data-outcome={outcome}
    >
      {text}{' '}
      {outcome === 'sent' ? (
        <button type="button" className="link" onClick={() => go('submissions')}>
          Open Submissions
        </button>
      ) : outcome === 'attention' ? (
        <button type="button" className="link" onClick={() => go('outbox')}>
          Open the Outbox
        </button>
      ) : null}
    </p>
  )
}

export function SaveStatus() {
  const { target, saveState, savedAt, saveError } = useEditorStore()
  if (target.kind !== 'draft') return null
  const text =
    saveState === 'saving'
      ? 'Saving…'
      : saveState === 'saved'
        ? `Draft saved at ${savedAt ? new Date(savedAt).toLocaleTimeString(undefined, { timeStyle: 'short' }) : ''}`
        : saveState === 'error'
          ? `Not saved: ${saveError}`
          : 'Changes are saved as you type'
  return (
    <p className={`save-status ${saveState}`} role="status" aria-live="polite">
      {text}
    </p>
  )
}
