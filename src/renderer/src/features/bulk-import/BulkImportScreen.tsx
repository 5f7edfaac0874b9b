import { rowRanges } from '../../../../shared/row-ranges'
import { useId, useState } from 'react'
import type { ImportOutcomeView } from '../../../../shared/contracts/bulk-import'
import { api } from '../../api'
import { useBulkStore } from './bulk-store'
import { useNavStore } from '../../stores/nav-store'
import '../../styles/lists.css'

type RejectedRow = ImportOutcomeView['rejected'][number]
type Reason = RejectedRow['reason']

/**
 * Rows that are not queued without anything wrong with them: already on the registry or in the
 * outbox, or a repeat of a row above. Re-importing a fixed file brings many of these; they are
 * said as skipped, never as problems.
 */
const SKIPPED: Record<Exclude<Reason, 'invalid'>, (n: number) => string> = {
  already_submitted: (n) => `${n} already submitted`,
  already_queued: (n) => `${n} already queued`,
  duplicate_in_file: (n) => `${n} repeat${n === 1 ? 's' : ''} an earlier row`,
  not_queued: (n) => `${n} not reached before the import stopped`,
}
const SKIPPED_ORDER = Object.keys(SKIPPED) as (keyof typeof SKIPPED)[]

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

function skippedLabel(reason: keyof typeof SKIPPED): string {
  return reason === 'already_submitted'
    ? 'Already submitted'
    : reason === 'already_queued'
      ? 'Already queued'
      : reason === 'duplicate_in_file'
        ? 'Repeated row'
        : 'Not reached'
}

/** Where a problem is ("Cell C7", a column), before its message; nothing when it is the whole row. */
function ErrorPlace({ error }: { error: RejectedRow['errors'][number] }) {
  const where = error.cell ? `Cell ${error.cell}` : error.column
  return where ? <span className="muted">{where}: </span> : null
}

/** Turns the template's base64 into a file download, without leaving the page. */
function download(fileName: string, mimeType: string, base64: string) {
  const binary = atob(base64)
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  const url = URL.createObjectURL(new Blob([bytes], { type: mimeType }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/**
 * Bulk import: download the template, pick a spreadsheet, preview every row with its problems
 * (nothing is queued by the preview), then queue the valid rows.
 */
export function BulkImportScreen() {
  const id = useId()
  const s = useBulkStore()
  const [asBulk, setAsBulk] = useState(false)
  const [templateError, setTemplateError] = useState<string | null>(null)

  const getTemplate = async (format: 'xlsx' | 'csv') => {
    const template = await api().bulkTemplate({ format })
    if (template.ok) {
      setTemplateError(null)
      download(template.value.fileName, template.value.mimeType, template.value.base64)
    } else setTemplateError(`The template could not be made: ${template.error.message}`)
  }
  const outcome = s.result ?? s.preview
  const blocking = outcome?.fileProblems.some((p) => p.blocking) ?? false
  const valid = s.preview ? s.preview.totals.queued : 0
  const toFix = outcome?.rejected.filter((row) => row.reason === 'invalid') ?? []
  const skipped = SKIPPED_ORDER.map((reason) => ({
    reason,
    rows:
      outcome?.rejected.filter((row) => row.reason === reason).map((row) => row.rowNumber) ?? [],
  })).filter((group) => group.rows.length > 0)
  // What saving said, for the outcome it was saved from (a new file's preview starts without it).
  const [saved, setSaved] = useState<{
    ok: boolean
    text: string
    from: ImportOutcomeView
  } | null>(null)
  const saveNote = saved && saved.from === outcome ? saved : null
  const saveRowsToFix = async () => {
    if (!outcome) return
    const answer = await api().saveRejectedRows()
    if (!answer.ok) setSaved({ ok: false, text: answer.error.message, from: outcome })
    else if (answer.value.saved && answer.value.fileName)
      setSaved({
        from: outcome,
        ok: true,
        text: `Saved ${plural(answer.value.rows, 'row')} to fix in ${answer.value.fileName}: each as it was, with what to fix. Fix them there and import that file.`,
      })
    else setSaved(null)
  }

  return (
    <section className="panel" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Bulk import</h2>
      <ol className="steps">
        <li>Download the template and fill one row per report.</li>
        <li>Choose the filled spreadsheet (CSV or XLSX).</li>
        <li>Check the preview: rows with problems say what to fix. Nothing is queued yet.</li>
        <li>Queue the valid rows; fix the others in the file and import it again.</li>
      </ol>
      <div className="actions">
        <button type="button" onClick={() => void getTemplate('xlsx')}>
          Download the template (XLSX)
        </button>
        <button type="button" onClick={() => void getTemplate('csv')}>
          Download the template (CSV)
        </button>
        <label htmlFor={`${id}-file`} className="button-like">
          Choose a spreadsheet
        </label>
        <input
          id={`${id}-file`}
          type="file"
          className="file-input"
          accept=".csv,.xlsx"
          disabled={s.busy}
          onChange={(event) => {
            const file = event.target.files?.[0]
            event.target.value = ''
            if (file)
              void file.arrayBuffer().then((buffer) => s.choose(file.name, new Uint8Array(buffer)))
          }}
        />
      </div>
      {templateError && <p className="field-error">{templateError}</p>}
      {s.error && (
        <p className="callout error" role="alert">
          {s.error}
        </p>
      )}
      {s.busy && <p className="muted">Reading {s.fileName}…</p>}
      {outcome && (
        <div aria-live="polite">
          <h3>
            {s.result ? 'Queued from' : 'Preview of'} {s.fileName}
          </h3>
          <p role="status" data-testid="bulk-totals">
            {plural(outcome.totals.dataRows, 'row')}:{' '}
            {[
              s.result ? `${outcome.totals.queued} queued` : `${outcome.totals.queued} valid`,
              ...skipped.map((group) => SKIPPED[group.reason](group.rows.length)),
              `${toFix.length} with problems`,
              ...(outcome.totals.skippedEmpty ? [`${outcome.totals.skippedEmpty} empty`] : []),
            ].join(', ')}
            .
          </p>
          {!s.result && valid === 0 && toFix.length === 0 && skipped.length > 0 && (
            <p className="callout ok">
              Nothing new to queue: every row of this file is already submitted or queued.
            </p>
          )}
          {skipped.length > 0 && (
            <ul className="plain skipped-rows" aria-label="Rows skipped">
              {skipped.map((group) => (
                <li key={group.reason}>
                  <span className="badge">{skippedLabel(group.reason)}</span> rows{' '}
                  {rowRanges(group.rows)}: nothing to fix.
                </li>
              ))}
            </ul>
          )}
          {outcome.fileProblems.map((problem) => (
            <p
              key={`${problem.code}-${problem.column ?? ''}`}
              className={`callout ${problem.blocking ? 'error' : 'warn'}`}
            >
              {problem.message}
            </p>
          ))}
          {toFix.length > 0 && (
            <>
              <h4 className="rows-to-fix-h">
                {toFix.length === 1 ? '1 row to fix' : `${toFix.length} rows to fix`}
              </h4>
              <table className="table" aria-label="Rows to fix">
                <thead>
                  <tr>
                    <th scope="col">Row</th>
                    <th scope="col">What to fix</th>
                  </tr>
                </thead>
                <tbody>
                  {toFix.map((row) => (
                    <tr key={row.rowNumber}>
                      <td>{row.rowNumber}</td>
                      <td>
                        <ul className="plain">
                          {row.errors.map((error, index) => (
                            <li key={index}>
                              <ErrorPlace error={error} />
                              {error.message}
                            </li>
                          ))}
                        </ul>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <div className="actions">
                <button type="button" onClick={() => void saveRowsToFix()}>
                  Save the {toFix.length === 1 ? 'row' : `${toFix.length} rows`} to fix…
                </button>
                {saveNote && (
                  <span className={saveNote.ok ? 'ok-text' : 'error-text'} role="status">
                    {saveNote.text}
                  </span>
                )}
              </div>
            </>
          )}
          {s.result ? (
            <div className="actions">
              <button type="button" onClick={() => useNavStore.getState().go('outbox')}>
                Open the Outbox
              </button>
              <button type="button" className="quiet" onClick={() => s.reset()}>
                Import another file
              </button>
            </div>
          ) : valid === 0 ? (
            // No "Queue the 0 valid rows": say what to do instead. A file whose every row is
            // already submitted or queued is said so above.
            (toFix.length > 0 || blocking) && (
              <p className="callout warn" role="status">
                No row can be queued yet: fix the problems above in the file, save it, and import it
                again.
              </p>
            )
          ) : (
            <>
              <div className="checkbox">
                <input
                  id={`${id}-bulk`}
                  type="checkbox"
                  checked={asBulk}
                  onChange={(event) => setAsBulk(event.target.checked)}
                />
                <label htmlFor={`${id}-bulk`}>
                  Send as one bulk upload (faster for many rows) instead of one report per row
                </label>
              </div>
              <div className="actions">
                <button
                  type="button"
                  className="primary"
                  disabled={s.busy || blocking}
                  onClick={() => void s.queue(asBulk)}
                >
                  Queue the {valid} valid row{valid === 1 ? '' : 's'}
                </button>
              </div>
            </>
          )}
        </div>
      )}
    </section>
  )
}
