import { useState } from 'react'
import { fileNewFrom, openInSubmissions, openUpdateOf, UNLISTED_NO_UPDATE } from '../report-actions'
import { useBankName } from '../stores/banks-store'
import { PlainMessage } from './TechnicalDetails'

/**
 * The ways on from a mention of one of the organization's reports (a search result, a line of
 * the Outbox's history): open it in Submissions, or update it; an unlisted one (the registry
 * takes no more changes to it) is filed again as a new report instead. `context` names the
 * report for screen readers where several rows carry the same buttons.
 */
export function OwnReportActions({
  registryId,
  context,
  canUpdate = true,
  unlisted = false,
}: {
  registryId: string
  context: string
  /** False where this mention offers no update (an unlisting's own row, an item still queued). */
  canUpdate?: boolean
  /** Known to be unlisted: no update, a new report from it instead. */
  unlisted?: boolean
}) {
  const bankName = useBankName()
  const [problem, setProblem] = useState<string | null>(null)
  // Unlisted as known here, or as the registry's copy said when Update was pressed.
  const [foundUnlisted, setFoundUnlisted] = useState(false)
  const fileNew = unlisted || foundUnlisted
  const update = async () => {
    const refusal = await openUpdateOf(registryId, bankName)
    if (refusal === UNLISTED_NO_UPDATE) setFoundUnlisted(true)
    setProblem(refusal)
  }
  return (
    <span className="own-actions">
      <button
        type="button"
        className="link"
        aria-label={`Open in Submissions: ${context}`}
        onClick={() => openInSubmissions(registryId)}
      >
        Open in Submissions
      </button>
      {canUpdate && !fileNew && (
        <button
          type="button"
          className="link"
          aria-label={`Update this report: ${context}`}
          onClick={() => void update()}
        >
          Update this report
        </button>
      )}
      {fileNew && (
        <button
          type="button"
          className="link"
          aria-label={`File a new report from this one: ${context}`}
          onClick={() => void fileNewFrom(registryId, bankName).then(setProblem)}
        >
          File a new report from this one
        </button>
      )}
      {problem && (
        <span className="block error-text" role="alert">
          <PlainMessage message={problem} reportId={registryId} />
        </span>
      )}
    </span>
  )
}
