import { useId } from 'react'
import { hasMethod } from '../api'

/** The bulk channels this screen needs; another change adds them to the contract. */
export const BULK_METHODS = ['bulkTemplate', 'bulkPreview', 'bulkQueue'] as const

/**
 * Bulk import: download the template, pick a spreadsheet, preview each row with its problems,
 * queue the valid rows. This version of the contract has no bulk channels yet, so the screen says
 * so instead of pretending: nothing here invents a preview.
 */
export function BulkImportScreen() {
  const id = useId()
  const available = BULK_METHODS.every(hasMethod)
  return (
    <section className="panel" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Bulk import</h2>
      <ol className="steps">
        <li>Download the template and fill one row per report.</li>
        <li>Choose the filled spreadsheet (CSV or XLSX).</li>
        <li>Check the preview: rows with problems say what to fix.</li>
        <li>Queue the valid rows; fix the others and import them again.</li>
      </ol>
      {!available && (
        <p className="callout warn" role="status">
          Bulk import is not available in this version of Casefile: the app has no bulk import
          service yet. Enter reports one by one in the Report screen meanwhile.
        </p>
      )}
      <div className="actions">
        <button type="button" disabled={!available}>
          Download the template
        </button>
        <label htmlFor={`${id}-file`} className={`button-like${available ? '' : ' disabled'}`}>
          Choose a spreadsheet
        </label>
        <input
          id={`${id}-file`}
          type="file"
          className="file-input"
          accept=".csv,.xlsx"
          disabled={!available}
        />
      </div>
    </section>
  )
}
