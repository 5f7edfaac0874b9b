import { reportIdentityKey } from '../../shared/domain/fingerprint'
import type { ReportInput } from '../../shared/domain/report-input'
import type { ReportRecord } from '../../shared/domain/responses'
import type { RegistryClient } from '../registry/registry-client'
import type { ReconcileWindow } from './reconcile-window'

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
 * Finds, for each of several reports, the organization's submission that is that report: the
 * same fraud type, reason and identifier set, created since the window's start (the registry's
 * time, asked once it has answered: reconcile-window.ts), not claimed by another local report. Pages the submissions newest first, once for all of them,
 * and stops at the first record older than the window.
 */
export async function findCreatedReports(
  client: Client,
  inputs: readonly ReportInput[],
  options: { window: () => ReconcileWindow; claimedIds: ReadonlySet<string>; signal?: AbortSignal },
): Promise<ReconcileOutcome[]> {
  const wanted = new Map<string, number[]>()
  inputs.forEach((input, index) => {
    const key = reportIdentityKey(input)
    wanted.set(key, [...(wanted.get(key) ?? []), index])
  })
  const reasons = new Set(
    inputs.map((input) => `${input.fraudType}\u0000${input.fraudReason.trim()}`),
  )
  let since: number | undefined
  const matches = new Map<string, string[]>()
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { data, meta } = await client.listSubmissions(
      { page, limit: PAGE_SIZE },
      { signal: options.signal },
    )
    since ??= options.window().since
    let reachedOlder = false
    for (const record of data) {
      const created = record.createdAt ? Date.parse(record.createdAt) : NaN
      if (!Number.isNaN(created) && created < since) {
        reachedOlder = true
        continue
      }
      if (options.claimedIds.has(record.id)) continue
      if (!reasons.has(`${record.fraudType}\u0000${(record.fraudReason ?? '').trim()}`)) continue
      const full = looksMasked(record)
        ? await client.decodeSubmission(record.id, { signal: options.signal })
        : record
      const key = identityOf(full)
      if (wanted.has(key)) matches.set(key, [...(matches.get(key) ?? []), record.id])
    }
    if (reachedOlder || data.length === 0 || page * meta.limit >= meta.total) break
  }
  return inputs.map((input, index): ReconcileOutcome => {
    const key = reportIdentityKey(input)
    const ids = matches.get(key) ?? []
    const group = wanted.get(key) ?? [index]
    if (ids.length === 0) return { outcome: 'not_found' }
    // One match per report of that identity sent together: each takes one, in order.
    if (ids.length === group.length)
      return { outcome: 'found', id: ids[group.indexOf(index)] as string }
    return { outcome: 'ambiguous', ids }
  })
}

/**
 * A create whose answer was lost (timeout, dropped connection, crash while sending) may or may
 * not exist on the registry, and the API has no idempotency key. Before sending it again, look
 * through the organization's submissions back to just before the first send (in the registry's
 * time). One match: adopt
 * it. None: safe to send again. Several: a person must decide.
 */
export async function reconcileLostCreate(
  client: Client,
  input: ReportInput,
  options: { window: () => ReconcileWindow; claimedIds: ReadonlySet<string>; signal?: AbortSignal },
): Promise<ReconcileOutcome> {
  const [outcome] = await findCreatedReports(client, [input], options)
  return outcome ?? { outcome: 'not_found' }
}
