import { useState } from 'react'
import { api } from '../api'
import { signedWords } from './signed-words'

/**
 * Export case file…: main asks where to save the report's case file (a zip for the police or a
 * court) in its own dialog, then the core makes it there, signed with the key kept for the data
 * folder when there is one; the page names the report, never a path, and says whether it is signed.
 */
export function ExportCaseFile({
  reportId,
  label = 'Export case file…',
  context,
  onSaved,
}: {
  reportId: string
  /** The button's words (a watchlist alert's "Add to a case file…"). */
  label?: string
  /** What the button is about, for screen readers where several carry the same words. */
  context?: string
  /** Told once the case file is saved, with the name it was saved as. */
  onSaved?: (fileName: string) => void
}) {
  const [busy, setBusy] = useState(false)
  const [said, setSaid] = useState<string | null>(null)
  const exportIt = async () => {
    setBusy(true)
    setSaid(null)
    try {
      const answer = await api().saveCaseFile({ id: reportId })
      if (!answer.ok) setSaid(`The case file was not made: ${answer.error.message}`)
      else if (answer.value.saved) {
        setSaid(
          `Case file saved as ${answer.value.fileName}. ${signedWords(answer.value.signedBy)}`,
        )
        onSaved?.(answer.value.fileName ?? '')
      } else if (answer.value.message)
        setSaid(`The case file was not made: ${answer.value.message}`)
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="actions">
      <button type="button" onClick={() => void exportIt()} disabled={busy}>
        {busy ? 'Making the case file…' : label}
        {context && <span className="visually-hidden"> ({context})</span>}
      </button>
      <span role="status" className="muted">
        {said}
      </span>
    </div>
  )
}
