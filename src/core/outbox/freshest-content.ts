import { reportRecordContent } from '../../shared/domain/report-content'
import type { ReportRecord } from '../../shared/domain/responses'
import type { DraftInput, LocalReport } from '../drafts/drafts'
import { getCachedReport } from '../cache/cache'
import { type RegistryClient } from '../registry/registry'
import { isRegistryError } from '../registry-error'
import type { Db } from '../store/store'
import { chainOperations } from './outbox-repository'

/** A registry copy of a report as the content an update starts from (every field it has). */
export function recordToDraft(record: ReportRecord): DraftInput {
  return { ...reportRecordContent(record), attachmentIds: [] }
}

/**
 * The freshest known content of a report, for an update to change: what this folder still has
 * to send, if anything (it is newer than the registry's copy); else the registry's copy,
 * decoded (identifiers in full), when it answers; else the cached copy; else what this folder
 * last had. An update replaces the whole report, so it must never start from a blank form.
 */
export async function freshestContentIn(
  db: Db,
  client: Pick<RegistryClient, 'decodeSubmission'>,
  report: LocalReport,
  options: { signal?: AbortSignal } = {},
): Promise<DraftInput> {
  const pending = chainOperations(db, report.localId).some(
    (op) => op.state !== 'done' && op.state !== 'cancelled',
  )
  if (pending || !report.registryId) return report.draft
  try {
    return recordToDraft(await client.decodeSubmission(report.registryId, options))
  } catch (error) {
    if (!isRegistryError(error) || !error.retryable) throw error
    const cached = getCachedReport(db, report.registryId)
    return cached?.kind === 'report' ? recordToDraft(cached.record) : report.draft
  }
}
