import { useEffect, useId, useMemo } from 'react'
import { FRAUD_TYPE_LABELS, FRAUD_TYPES } from '../../../shared/domain/fraud-types'
import {
  FRAUD_REASON_MAX,
  FRAUD_REASON_MIN,
  MAX_IDENTIFIERS,
  reasonLength,
} from '../../../shared/domain/report-input'
import { AttachmentsField } from '../components/AttachmentsField'
import { ConfirmButton } from '../components/ConfirmButton'
import { IdentifierRow } from '../components/IdentifierRow'
import { formatTime } from '../format'
import { bankSlugSet, useBanksStore } from '../stores/banks-store'
import { blankIdentifier, checkForm, issueAt } from '../stores/editor-form'
import { useEditorStore } from '../stores/editor-store'
import './editor.css'

/** The report editor: a draft (autosaved), an outbox item to fix, or a submitted report to update. */
export function EditorScreen() {
  const id = useId()
  const s = useEditorStore()
  const banks = useBanksStore((b) => b.banks)
  const bankError = useBanksStore((b) => b.error)
  const slugs = useMemo(() => bankSlugSet(banks), [banks])
  const { form, target } = s

  useEffect(() => {
    void useEditorStore.getState().loadDrafts()
  }, [])

  const local = checkForm(form, s.attachments.length, slugs)
  // Before a first "Queue", only fields with something in them are judged.
  const shown = s.attempted ? [...local, ...s.issues] : s.issues
  const typeIssue =
    form.fraudType || s.attempted
      ? (issueAt(shown, 'fraudType') ?? issueAt(local, 'fraudType'))
      : null
  const length = reasonLength(form.fraudReason)
  const reasonIssue =
    form.fraudReason || s.attempted
      ? (issueAt(local, 'fraudReason') ?? issueAt(s.issues, 'fraudReason'))
      : null
  const identifiersIssue = s.attempted ? (issueAt(shown, 'identifiers') ?? null) : null

  const heading =
    target.kind === 'draft'
      ? target.localId
        ? 'Draft report'
        : 'New report'
      : target.kind === 'operation'
        ? `Fix and requeue: ${target.title}`
        : `Edit submitted report ${target.registryId}`
  const submitLabel =
    target.kind === 'draft'
      ? 'Queue for sync'
      : target.kind === 'operation'
        ? 'Save and requeue'
        : 'Queue update'

  return (
    <div className="editor-layout">
      <section className="panel editor" aria-labelledby={`${id}-h`}>
        <header className="panel-head">
          <h2 id={`${id}-h`}>{heading}</h2>
          <SaveStatus />
        </header>
        {target.kind === 'operation' && target.message && (
          <p className="callout warn">The registry said: {target.message}</p>
        )}
        {s.notice && (
          <p
            className={`callout ${s.issues.length || (s.attempted && local.length) ? 'error' : 'ok'}`}
            role="status"
          >
            {s.notice}
          </p>
        )}
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            void s.submit()
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-type`}>Fraud type</label>
            <select
              id={`${id}-type`}
              value={form.fraudType}
              aria-invalid={typeIssue ? true : undefined}
              aria-describedby={typeIssue ? `${id}-type-err` : undefined}
              onChange={(event) => s.change({ fraudType: event.target.value })}
            >
              <option value="">Choose the type of fraud…</option>
              {FRAUD_TYPES.map((type) => (
                <option key={type} value={type}>
                  {FRAUD_TYPE_LABELS[type]}
                </option>
              ))}
            </select>
            {typeIssue && (
              <p id={`${id}-type-err`} className="field-error">
                {typeIssue}
              </p>
            )}
          </div>

          <div className="field">
            <label htmlFor={`${id}-reason`}>Reason</label>
            <textarea
              id={`${id}-reason`}
              rows={7}
              value={form.fraudReason}
              aria-invalid={reasonIssue ? true : undefined}
              aria-describedby={`${id}-count${reasonIssue ? ` ${id}-reason-err` : ''}`}
              placeholder="What happened, when, and how the identifiers below are involved."
              onChange={(event) => s.change({ fraudReason: event.target.value })}
            />
            <p
              id={`${id}-count`}
              className={`char-count${length < FRAUD_REASON_MIN || length > FRAUD_REASON_MAX ? ' out' : ''}`}
            >
              {length} / {FRAUD_REASON_MAX} characters (at least {FRAUD_REASON_MIN})
            </p>
            {reasonIssue && (
              <p id={`${id}-reason-err`} className="field-error">
                {reasonIssue}
              </p>
            )}
          </div>

          <fieldset className="identifiers">
            <legend>Identifiers</legend>
            {bankError && <p className="callout warn">{bankError}</p>}
            {form.identifiers.map((field, index) => (
              <IdentifierRow
                key={field.key}
                index={index}
                field={field}
                banks={banks}
                bankSlugs={slugs}
                reported={
                  issueAt(s.issues, `identifiers.${index}.value`) ??
                  issueAt(s.issues, `identifiers.${index}`)
                }
                showEmpty={s.attempted}
                onChange={(patch) => s.changeIdentifier(field.key, patch)}
                onRemove={() =>
                  s.change({ identifiers: form.identifiers.filter((f) => f.key !== field.key) })
                }
              />
            ))}
            {identifiersIssue && <p className="field-error">{identifiersIssue}</p>}
            <button
              type="button"
              disabled={form.identifiers.length >= MAX_IDENTIFIERS}
              onClick={() => s.change({ identifiers: [...form.identifiers, blankIdentifier()] })}
            >
              Add identifier
            </button>
          </fieldset>

          <AttachmentsField
            attachments={s.attachments}
            disabled={target.kind !== 'draft'}
            onAdd={s.addAttachment}
            onRemove={(attachmentId) => void s.removeAttachment(attachmentId)}
          />

          <div className="checkbox">
            <input
              id={`${id}-uploader`}
              type="checkbox"
              checked={form.showUploaderInfo}
              onChange={(event) => s.change({ showUploaderInfo: event.target.checked })}
            />
            <label htmlFor={`${id}-uploader`}>
              Show uploader info (other organizations see that your organization filed this report)
            </label>
          </div>

          <div className="actions">
            <button type="submit" className="primary" disabled={s.busy}>
              {s.busy ? 'Queueing…' : submitLabel}
            </button>
            {target.kind === 'draft' && (
              <button type="button" onClick={() => void s.saveNow()} disabled={s.busy}>
                Save draft
              </button>
            )}
            {target.kind !== 'draft' || target.localId ? (
              <button type="button" className="quiet" onClick={() => s.newDraft()}>
                {target.kind === 'draft' ? 'New report' : 'Cancel'}
              </button>
            ) : null}
          </div>
        </form>
      </section>
      <DraftsList />
    </div>
  )
}

function SaveStatus() {
  const { target, saveState, savedAt, saveError } = useEditorStore()
  if (target.kind !== 'draft') return null
  const text =
    saveState === 'saving'
      ? 'Saving…'
      : saveState === 'saved'
        ? `Draft saved ${formatTime(savedAt)}`
        : saveState === 'error'
          ? `Not saved: ${saveError}`
          : 'Changes are saved as you type'
  return (
    <p className={`save-status ${saveState}`} role="status" aria-live="polite">
      {text}
    </p>
  )
}

function DraftsList() {
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
                  <span className="muted">
                    {draft.draft.fraudReason.slice(0, 60) || 'No reason yet'} ·{' '}
                    {formatTime(draft.updatedAt)}
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
