// The editor's list of drafts: each opened or discarded from here.
import { FRAUD_TYPE_LABELS } from '../../../../shared/domain/fraud-types'
import { ConfirmButton } from '../../components/ConfirmButton'
import { Time } from '../../components/Time'
import { useEditorStore } from './editor-store'

export function DraftsList() {
  const { drafts, target, openDraft, discardDraft } = useEditorStore()
  return (
    <aside className="panel drafts" aria-labelledby="drafts-h">
      <h2 id="drafts-h">Drafts</h2>
      {drafts.length === 0 ? (
        <p className="muted">No drafts. What you type in a new report is kept here as a draft.</p>
      ) : (
        <ul>
          {drafts.map((draft) => {
            const current = target.kind === 'draft' && target.localId === draft.localId
            const title =
              (draft.draft.fraudType &&
                FRAUD_TYPE_LABELS[draft.draft.fraudType as keyof typeof FRAUD_TYPE_LABELS]) ||
              'Untitled draft'
            return (
              <li key={draft.localId} className={current ? 'current' : undefined}>
                <button
                  type="button"
                  className="link"
                  aria-current={current || undefined}
                  onClick={() => openDraft(draft)}
                >
                  {title}
                  <span className="muted draft-preview">
                    {draft.draft.fraudReason.slice(0, 120) || 'No reason yet'}
                  </span>
                  <span className="muted">
                    Saved <Time value={draft.updatedAt} past />
                  </span>
                </button>
                <ConfirmButton
                  label="Discard"
                  question="Discard this draft?"
                  confirmLabel="Discard draft"
                  context={title}
                  onConfirm={() => void discardDraft(draft.localId)}
                />
              </li>
            )
          })}
        </ul>
      )}
    </aside>
  )
}
