import { useEffect, useId, useMemo, useRef } from 'react'
import { EDITOR_NOTICE_ID } from '../../focus-when-shown'
import { FRAUD_TYPE_LABELS, FRAUD_TYPES } from '../../../../shared/domain/fraud-types'
import {
  FRAUD_REASON_MAX,
  FRAUD_REASON_MIN,
  MAX_IDENTIFIERS,
  reasonLength,
} from '../../../../shared/domain/report-input'
import { AttachmentsField } from './AttachmentsField'
import { IdentifierRow } from './IdentifierRow'
import { BankListNotice } from '../../components/BankListNotice'
import { PlainMessage } from '../../components/TechnicalDetails'
import { afterPointerRelease } from './pointer'
import { bankSlugSet, useBanksStore } from '../../stores/banks-store'
import {
  blankIdentifier,
  checkForm,
  identifierLabel,
  identifierPath,
  identifierProblem,
  identifierTyped,
  identifierValue,
  issueAt,
} from './editor-form'
import { onFileKey, useOnFileStore } from './on-file-store'
import { OnFilePanel } from './OnFilePanel'
import { useEditorStore } from './editor-store'
import './editor.css'
import { DraftsList } from './DraftsList'
import { QueuedNotice, SaveStatus } from './EditorNotices'

interface SummaryEntry {
  label: string
  message: string
  /** The element to move focus to; none for a problem of the report as a whole. */
  targetId: string | null
}

/** Moves focus to a field (and brings it into view), after React has drawn it. */
function focusById(targetId: string): void {
  requestAnimationFrame(() => {
    const element = document.getElementById(targetId)
    element?.scrollIntoView({ block: 'center' })
    element?.focus()
  })
}

/** The report editor: a draft (autosaved), an outbox item to fix, or a submitted report to update. */
export function EditorScreen() {
  const id = useId()
  const s = useEditorStore()
  const banks = useBanksStore((b) => b.banks)
  const slugs = useMemo(() => bankSlugSet(banks), [banks])
  const summaryRef = useRef<HTMLDivElement>(null)
  const noticeRef = useRef<HTMLParagraphElement>(null)
  const { form, target } = s
  const leave = (path: string) => afterPointerRelease(() => useEditorStore.getState().touch(path))

  useEffect(() => {
    void useEditorStore.getState().loadDrafts()
  }, [])

  const local = checkForm(form, s.attachments.length + s.links.length, slugs)
  // A field is judged once the person has left it (or tried to queue); what main or the
  // registry said about it shows until that field changes.
  const judged = (path: string) => s.attempted || Boolean(s.touched[path])
  const fieldIssue = (path: string) =>
    (judged(path) ? issueAt(local, path) : null) ?? issueAt(s.issues, path)
  const typeIssue = fieldIssue('fraudType')
  const reasonIssue = fieldIssue('fraudReason')
  const identifiersIssue = fieldIssue('identifiers')
  const attachmentsIssue =
    fieldIssue('attachments') ??
    s.issues.find((issue) => issue.path.startsWith('attachments'))?.message ??
    null
  const length = reasonLength(form.fraudReason)
  const rowId = (key: string) => `${id}-row-${key}`
  const rows = form.identifiers.map((field, index) => {
    const reported =
      issueAt(s.issues, `identifiers.${index}.value`) ??
      issueAt(s.issues, `identifiers.${index}.label`) ??
      issueAt(s.issues, `identifiers.${index}`)
    const own =
      judged(identifierPath(field)) || (s.attempted && !identifierTyped(field))
        ? identifierProblem(field, slugs)
        : null
    return { field, index, problem: own ?? reported }
  })

  // Identifiers typed in full and well formed: what is already on file for them shows beside.
  const queries = useMemo(
    () =>
      form.identifiers
        .filter((field) => identifierTyped(field) && !identifierProblem(field, slugs))
        .map((field) => ({ identifier: field.label, value: identifierValue(field) }))
        // One number written two ways (0803…, +234803…) is one identifier: looked up once.
        .filter(
          (query, index, all) => all.findIndex((q) => onFileKey(q) === onFileKey(query)) === index,
        ),
    [form.identifiers, slugs],
  )
  const queryKey = queries.map(onFileKey).join('|')
  useEffect(() => {
    useOnFileStore.getState().look(queries)
    // The list is the same while its key is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [queryKey])

  const summary: SummaryEntry[] = []
  if (typeIssue) summary.push({ label: 'Fraud type', message: typeIssue, targetId: `${id}-type` })
  if (reasonIssue) summary.push({ label: 'Reason', message: reasonIssue, targetId: `${id}-reason` })
  if (identifiersIssue)
    summary.push({ label: 'Identifiers', message: identifiersIssue, targetId: `${id}-add` })
  for (const row of rows)
    if (row.problem)
      summary.push({
        label: identifierLabel(row.field, row.index),
        message: row.problem,
        targetId: `${rowId(row.field.key)}-${row.field.label === 'account' ? 'number' : 'value'}`,
      })
  if (attachmentsIssue)
    summary.push({ label: 'Attachments', message: attachmentsIssue, targetId: `${id}-files` })
  const known = /^(fraudType|fraudReason|identifiers|attachments)/
  for (const issue of s.issues)
    if (!known.test(issue.path))
      summary.push({ label: 'Report', message: issue.message, targetId: null })
  const showSummary = s.attempted && summary.length > 0

  const submit = async () => {
    const queued = await s.submit()
    // Focus follows the outcome: the list of problems, or the message that it was queued.
    requestAnimationFrame(() => {
      const element = queued ? noticeRef.current : (summaryRef.current ?? noticeRef.current)
      element?.scrollIntoView({ block: 'nearest' })
      element?.focus()
    })
  }

  const heading =
    target.kind === 'draft'
      ? target.localId
        ? 'Draft report'
        : 'New report'
      : target.kind === 'operation'
        ? `Fix and requeue: ${target.title}`
        : `Update: ${target.title}`
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
          <p className="callout warn">
            The registry said:{' '}
            <PlainMessage message={target.message} reportId={target.registryId} />
          </p>
        )}
        {showSummary ? (
          <div
            ref={summaryRef}
            className="callout error error-summary"
            tabIndex={-1}
            role="alert"
            aria-labelledby={`${id}-summary-h`}
          >
            <h3 id={`${id}-summary-h`}>
              The report cannot be queued yet: {summary.length} problem
              {summary.length === 1 ? '' : 's'} to fix
            </h3>
            <ul>
              {summary.map((entry, index) => (
                <li key={`${entry.label}-${index}`}>
                  {entry.targetId ? (
                    <button
                      type="button"
                      className="link"
                      onClick={() => focusById(entry.targetId as string)}
                    >
                      {entry.label}
                    </button>
                  ) : (
                    <strong>{entry.label}</strong>
                  )}
                  : {entry.message}
                </li>
              ))}
            </ul>
          </div>
        ) : (
          s.notice &&
          (s.queuedOps ? (
            <QueuedNotice ref={noticeRef} ids={s.queuedOps} queued={s.notice} />
          ) : (
            <p
              ref={noticeRef}
              id={EDITOR_NOTICE_ID}
              tabIndex={-1}
              className={`callout ${s.attempted ? 'error' : 'ok'}`}
              role="status"
            >
              <PlainMessage message={s.notice} />
            </p>
          ))
        )}
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            void submit()
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
              onBlur={() => leave('fraudType')}
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
              onBlur={() => leave('fraudReason')}
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
            <BankListNotice />
            {rows.map(({ field, index, problem }) => (
              <IdentifierRow
                key={field.key}
                idPrefix={rowId(field.key)}
                index={index}
                field={field}
                banks={banks}
                problem={problem}
                onChange={(patch) => s.changeIdentifier(field.key, patch)}
                onLeave={() => leave(identifierPath(field))}
                onRemove={() => {
                  s.change({ identifiers: form.identifiers.filter((f) => f.key !== field.key) })
                  // Focus goes to the row that takes its place, or to "Add identifier".
                  const next = form.identifiers[index + 1] ?? form.identifiers[index - 1]
                  focusById(next ? `${rowId(next.key)}-type` : `${id}-add`)
                }}
              />
            ))}
            {identifiersIssue && <p className="field-error">{identifiersIssue}</p>}
            <button
              id={`${id}-add`}
              type="button"
              disabled={form.identifiers.length >= MAX_IDENTIFIERS}
              onClick={() => {
                const added = blankIdentifier()
                s.change({ identifiers: [...form.identifiers, added] })
                focusById(`${rowId(added.key)}-type`)
              }}
            >
              Add identifier
            </button>
          </fieldset>

          <AttachmentsField
            inputId={`${id}-files`}
            attachments={s.attachments}
            links={s.links}
            linksReportId={
              target.kind === 'update'
                ? target.registryId
                : target.kind === 'draft'
                  ? target.localId
                  : target.registryId
            }
            onRemoveLink={target.kind === 'update' ? s.removeLink : undefined}
            disabled={target.kind === 'operation'}
            disabledReason="Files cannot be added while correcting a refused item: send it first, then edit the report."
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
              <button
                type="button"
                className="quiet"
                onClick={() => {
                  s.newDraft()
                  focusById(`${id}-type`)
                }}
              >
                {target.kind === 'draft' ? 'New report' : 'Cancel'}
              </button>
            ) : null}
          </div>
        </form>
      </section>
      <div className="side-column">
        <OnFilePanel
          queries={queries}
          editing={target.kind === 'update' ? target.registryId : null}
        />
        <DraftsList />
      </div>
    </div>
  )
}
