import type { SearchResult } from '../../shared/domain/responses'

/*
 * What changed for one watched identifier between two checks: each report the registry answers
 * with, compared with what the last check kept. A report never seen before is new (unless it
 * comes already unlisted); a listed one that the registry stops answering with, or answers with
 * as unlisted, was unlisted; one unlisted (or gone) that is answered listed again was relisted;
 * its fraud type or reason changed: updated. The first check of an item keeps what is on file
 * and raises nothing.
 */

export type WatchAlertKind = 'new_report' | 'unlisted' | 'relisted' | 'updated'

export interface SeenReport {
  listed: boolean
  fraudType: string | null
  fraudReason: string | null
}

export type Snapshot = Record<string, SeenReport>

export interface Change {
  kind: WatchAlertKind
  reportId: string
  before: SeenReport | null
  after: SeenReport
}

/** Everything the registry does not call listed is treated as not listed. */
const isListed = (status: string | null | undefined) =>
  status == null || status.toLowerCase() === 'listed'

/** The reports of a search's answer, as a snapshot: private reports and public ones alike. */
export function snapshotOf(result: SearchResult): Snapshot {
  const snapshot: Snapshot = {}
  for (const report of result.reports)
    snapshot[report.id] = {
      listed: isListed(report.listingStatus),
      fraudType: report.fraudType ?? null,
      fraudReason: report.fraudReason ?? null,
    }
  for (const report of result.publicReports)
    snapshot[report.id] ??= {
      listed: true,
      fraudType: report.fraudType ?? null,
      fraudReason: report.fraudReason ?? null,
    }
  return snapshot
}

/**
 * The changes from `before` (null: never checked) to `answer`, and the snapshot to keep: a
 * report the registry no longer answers with is kept as not listed, so its return is a relist.
 */
export function compareSnapshots(
  before: Snapshot | null,
  answer: Snapshot,
): { changes: Change[]; keep: Snapshot } {
  const keep: Snapshot = { ...answer }
  const changes: Change[] = []
  if (before === null) return { changes, keep }
  for (const [reportId, after] of Object.entries(answer)) {
    const old = before[reportId]
    if (!old) {
      if (after.listed) changes.push({ kind: 'new_report', reportId, before: null, after })
      continue
    }
    if (old.listed && !after.listed)
      changes.push({ kind: 'unlisted', reportId, before: old, after })
    else if (!old.listed && after.listed)
      changes.push({ kind: 'relisted', reportId, before: old, after })
    if (old.fraudType !== after.fraudType || old.fraudReason !== after.fraudReason)
      changes.push({ kind: 'updated', reportId, before: old, after })
  }
  for (const [reportId, old] of Object.entries(before)) {
    if (reportId in answer) continue
    const gone = { ...old, listed: false }
    keep[reportId] = gone
    if (old.listed) changes.push({ kind: 'unlisted', reportId, before: old, after: gone })
  }
  return { changes, keep }
}
