import { reportRecordSchema, type ReportRecord } from '../../shared/domain/responses'
import type { CoreContext } from '../core-context'
import { getCachedReport, upsertOwnSubmission } from '../cache/cache'
import { isRegistryError } from '../registry-error'

/** A record as the registry gave it, made to fit the list shape (the plain fetch's identifiers are of unspecified type). */
function asRecord(value: unknown): ReportRecord | null {
  const parsed = reportRecordSchema.safeParse(value)
  if (parsed.success) return parsed.data
  const loose = reportRecordSchema.safeParse({ ...(value as object), identifiers: [] })
  return loose.success ? loose.data : null
}

/** What a fetch failure leaves the saved copy to answer: the registry could not be asked. */
const CANNOT_ASK = ['offline', 'timeout', 'server', 'rate_limited']

/**
 * One of the organization's submissions as the registry has it now (decoded: with its
 * identifiers in full), else the copy saved on this computer, saying why.
 */
export async function fetchSubmission(core: CoreContext, id: string, decoded: boolean) {
  try {
    const record = asRecord(
      decoded ? await core.client.decodeSubmission(id) : await core.client.getSubmission(id),
    )
    // The list reads the saved copy: what the registry just said of this report goes there
    // too, so the list and the detail say the same (unlisted by a colleague, updated). The
    // plain fetch masks identifiers: the saved ones are kept.
    if (record)
      upsertOwnSubmission(
        core.db,
        decoded ? record : { ...record, identifiers: undefined },
        core.clock.now(),
      )
    return { record, source: 'online' as const, message: null }
  } catch (error) {
    if (!isRegistryError(error) || !CANNOT_ASK.includes(error.kind)) throw error
    const cached = getCachedReport(core.db, id)
    return {
      record: cached ? asRecord(cached.record) : null,
      source: 'cache' as const,
      message: `${error.message} Showing the copy saved on this computer.`,
    }
  }
}
