import { ownFingerprintFound } from '../cache/cache'
import type { CoreContext } from '../core-context'
import { fingerprintedReports } from '../drafts/drafts'
import { isRegistryError } from '../registry-error'
import { submissionsRefreshedAt } from '../search/search'
import type { BulkFileProblem, KnownReportState } from '../spreadsheet/index'
import { refreshSubmissions } from '../submissions/submissions'

/** What the import knows of reports already queued or submitted, so a row is not sent twice. */

/**
 * Whether a row's report is already queued or submitted. The local reports' fingerprints are
 * read once, in one indexed scan, rather than looked up row by row (a lookup a row was a tenth
 * of a 50,000-row import); the cached submissions by their fingerprint's index, for a row not
 * found among them.
 */
export function knownState(core: CoreContext): (fingerprint: string) => KnownReportState | null {
  const local = new Map<string, KnownReportState>()
  for (const { fingerprint, status } of fingerprintedReports(core.db)) {
    // A report queued again after it was sent counts as queued, as the row-by-row lookup did.
    if (status === 'queued' || !local.has(fingerprint))
      local.set(fingerprint, status === 'queued' ? 'queued' : 'submitted')
  }
  // The organization's cached submissions: each carries its fingerprint (migration 0015).
  const submitted = ownFingerprintFound(core.db)
  return (fingerprint) => {
    const state = local.get(fingerprint)
    if (state) return state
    return submitted(fingerprint) ? 'submitted' : null
  }
}

/**
 * Brings this computer's copy of the organization's submissions up to date before the rows are
 * checked, so "already submitted" is the organization's answer: another data folder of the
 * organization (another laptop) may have sent the same rows. When the registry cannot be
 * asked, the copy answers, and the note returned says so and as of when.
 */
export async function refreshOrganizationSubmissions(
  core: CoreContext,
): Promise<BulkFileProblem | null> {
  try {
    await refreshSubmissions(core)
    return null
  } catch (error) {
    if (!isRegistryError(error)) throw error
    const asOf = submissionsRefreshedAt(core.db)
    return {
      code: 'submissions_not_checked',
      blocking: false,
      message: `The registry could not be asked (${error.message.replace(/[.\s]+$/, '')}), so rows were checked against this computer's copy of the organization's submissions (${asOf ? `as of ${asOf}` : 'never fetched'}): a row sent from another computer since then is not recognised as already submitted.`,
    }
  }
}
