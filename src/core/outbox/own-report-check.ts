import { lookUpReport } from '../drafts/drafts'
import { getCachedReport } from '../cache/cache'
import { type RegistryClient } from '../registry/registry'
import { isRegistryError } from '../registry-error'
import type { Db } from '../store/store'

/**
 * Whether an id names one of the organization's reports, before an update or unlist of it is
 * queued: known locally (this folder made it, or has it from the submissions cache), else asked
 * of the registry. Without this, a mistyped id was queued as a stand-in "submitted" record that
 * only failed later, with nothing left to tell the user it was never theirs.
 */
export type OwnReportCheck =
  | { ok: true; source: 'local' | 'cache' | 'registry' }
  | { ok: false; reason: 'not_found' | 'unreachable'; message: string }

export async function checkOwnReportIdIn(
  db: Db,
  client: Pick<RegistryClient, 'getSubmission'>,
  id: string,
  options: { signal?: AbortSignal } = {},
): Promise<OwnReportCheck> {
  if (lookUpReport(db, id)) return { ok: true, source: 'local' }
  const cached = getCachedReport(db, id)
  if (cached?.kind === 'report' && cached.own) return { ok: true, source: 'cache' }
  try {
    await client.getSubmission(id, { signal: options.signal })
    return { ok: true, source: 'registry' }
  } catch (error) {
    if (!isRegistryError(error)) throw error
    if (error.kind === 'not_found')
      return {
        ok: false,
        reason: 'not_found',
        message: `The registry has no report ${id} among your organization's reports.`,
      }
    if (error.retryable)
      return {
        ok: false,
        reason: 'unreachable',
        message: `Report ${id} is not in this data folder, and the registry cannot be reached to check it (${error.message}).`,
      }
    throw error
  }
}
