import { reportIdentityKey } from '../../shared/domain/fingerprint'
import type { ReportInput } from '../../shared/domain/report-input'
import type { ReportRecord } from '../../shared/domain/responses'
import type { RegistryClient } from '../registry/registry-client'

/** How far back from the first send to look: the registry's clock may differ from ours. */
export const CLOCK_SKEW_MS = 10 * 60 * 1000
const PAGE_SIZE = 100
const MAX_PAGES = 50

export type ReconcileOutcome =
  | { outcome: 'found'; id: string }
  | { outcome: 'not_found' }
  | { outcome: 'ambiguous'; ids: string[] }

type Client = Pick<RegistryClient, 'listSubmissions' | 'decodeSubmission'>

const looksMasked = (record: ReportRecord) =>
  (record.identifiers ?? []).some((identifier) => identifier.value.includes('*'))

function identityOf(record: ReportRecord): string {
  return reportIdentityKey({
    fraudType: record.fraudType ?? '',
    fraudReason: record.fraudReason ?? '',
    identifiers: (record.identifiers ?? []).map((i) => ({ label: i.label ?? '', value: i.value })),
  })
}

/**
 * A create whose answer was lost (timeout, dropped connection, crash while sending) may or may
 * not exist on the registry, and the API has no idempotency key. Before sending it again, look
 * through the organization's submissions, newest first, back to just before the first send:
 * the same fraud type, reason and identifier set, created after the first send, not already
 * claimed by another local report, is this create. One match: adopt it. None: safe to send
 * again. Several: a person must decide.
 */
export async function reconcileLostCreate(
  client: Client,
  input: ReportInput,
  options: { firstSentAt: number; claimedIds: ReadonlySet<string>; signal?: AbortSignal },
): Promise<ReconcileOutcome> {
  const wanted = reportIdentityKey(input)
  const since = options.firstSentAt - CLOCK_SKEW_MS
  const matches: string[] = []
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { data, meta } = await client.listSubmissions(
      { page, limit: PAGE_SIZE },
      { signal: options.signal },
    )
    let reachedOlder = false
    for (const record of data) {
      const created = record.createdAt ? Date.parse(record.createdAt) : NaN
      if (!Number.isNaN(created) && created < since) {
        reachedOlder = true
        continue
      }
      if (options.claimedIds.has(record.id)) continue
      if (
        record.fraudType !== input.fraudType ||
        (record.fraudReason ?? '').trim() !== input.fraudReason.trim()
      )
        continue
      const full = looksMasked(record)
        ? await client.decodeSubmission(record.id, { signal: options.signal })
        : record
      if (identityOf(full) === wanted) matches.push(record.id)
    }
    if (reachedOlder || data.length === 0 || page * meta.limit >= meta.total) break
  }
  if (matches.length === 1) return { outcome: 'found', id: matches[0] as string }
  if (matches.length === 0) return { outcome: 'not_found' }
  return { outcome: 'ambiguous', ids: matches }
}
