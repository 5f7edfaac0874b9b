import { useId, useState } from 'react'
import type { ImportOutcomeView } from '../../../shared/contract-work'
import { api } from '../api'
import { useBulkStore } from '../stores/bulk-store'
import { useNavStore } from '../stores/nav-store'
import './lists.css'

const REASON_LABELS: Record<ImportOutcomeView['rejected'][number]['reason'], string> = {
  invalid: 'Has problems',
  duplicate_in_file: 'Repeats an earlier row',
  already_queued: 'Already queued',
  already_submitted: 'Already submitted',
  not_queued: 'Not queued',
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
            {outcome.totals.dataRows} row{outcome.totals.dataRows === 1 ? '' : 's'}:{' '}
            {s.result ? `${outcome.totals.queued} queued` : `${outcome.totals.queued} valid`},{' '}
            {outcome.totals.rejected} with problems
            {outcome.totals.skippedEmpty ? `, ${outcome.totals.skippedEmpty} empty skipped` : ''}.
          </p>
          {outcome.fileProblems.map((problem) => (
            <p
              key={`${problem.code}-${problem.column ?? ''}`}
              className={`callout ${problem.blocking ? 'error' : 'warn'}`}
            >
              {problem.message}
            </p>
          ))}
          {outcome.rejected.length > 0 && (
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Status</th>
                  <th scope="col">What to fix</th>
                </tr>
              </thead>
              <tbody>
                {outcome.rejected.map((row) => (
                  <tr key={row.rowNumber}>
                    <td>{row.rowNumber}</td>
                    <td>
                      <span className="badge state-needs_attention">
                        {REASON_LABELS[row.reason]}
                      </span>
                    </td>
                    <td>
                      <ul className="plain">
                        {row.errors.map((error, index) => (
                          <li key={index}>
                            <span className="muted">
                              {error.cell ? `Cell ${error.cell}` : error.column}:
                            </span>{' '}
                            {error.message}
                          </li>
                        ))}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
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
                  disabled={s.busy || valid === 0 || blocking}
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
