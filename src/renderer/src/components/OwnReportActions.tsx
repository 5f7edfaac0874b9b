import { useState } from 'react'
import { openInSubmissions, openUpdateOf } from '../report-actions'
import { useBankName } from '../stores/banks-store'
import { PlainMessage } from './TechnicalDetails'

/**
 * The ways on from a mention of one of the organization's reports (a search result, a line of
 * the Outbox's history): open it in Submissions, or update it. `context` names the report for
 * screen readers where several rows carry the same buttons.
 */
export function OwnReportActions({
  registryId,
  context,
  canUpdate = true,
}: {
  registryId: string
  context: string
  /** False when the registry takes no more changes to it (unlisted). */
  canUpdate?: boolean
}) {
  const bankName = useBankName()
  const [problem, setProblem] = useState<string | null>(null)
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
      {canUpdate && (
        <button
          type="button"
          className="link"
          aria-label={`Update this report: ${context}`}
          onClick={() => void openUpdateOf(registryId, bankName).then(setProblem)}
        >
          Update this report
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
