import { useState } from 'react'
import { api } from '../api'

/**
 * Export case file…: the core builds the report's case file (a zip for the police or a court)
 * and main asks where to save it, in its own dialog; the page names the report, never a path.
 */
export function ExportCaseFile({ reportId }: { reportId: string }) {
  const [busy, setBusy] = useState(false)
  const [said, setSaid] = useState<string | null>(null)
  const exportIt = async () => {
    setBusy(true)
    setSaid(null)
    try {
      const answer = await api().saveCaseFile({ id: reportId })
      if (!answer.ok) setSaid(`The case file was not made: ${answer.error.message}`)
      else if (answer.value.saved) setSaid(`Case file saved as ${answer.value.fileName}.`)
      else if (answer.value.message) setSaid(`The case file was not made: ${answer.value.message}`)
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="actions">
      <button type="button" onClick={() => void exportIt()} disabled={busy}>
        {busy ? 'Making the case file…' : 'Export case file…'}
      </button>
      <span role="status" className="muted">
        {said}
      </span>
    </div>
  )
}
