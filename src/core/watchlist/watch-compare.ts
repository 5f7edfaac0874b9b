import type { SearchResult } from '../../shared/domain/responses'

/*
 * What changed for one watched identifier between two checks: each report the registry answers
 * with, compared with what the last check kept. A report never seen before is new (unless it
 * comes already unlisted); a listed one that the registry stops answering with, or answers with
 * as unlisted, was unlisted; one unlisted (or gone) that is answered listed again was relisted;
 * its fraud type or reason changed: updated. A report that stops being answered but is still
 * listed under its other identifiers (watch-vanished.ts) had the watched identifier taken off
 * (identifier_removed), and answered again, put back (identifier_added).
 * The first check keeps what is on file, and raises a new report for each one filed after the
 * item was added (`filedSinceAdded`): a report filed between the add and the first check is not
 * absorbed silently.
 */

export type WatchAlertKind =
  'new_report' | 'unlisted' | 'relisted' | 'updated' | 'identifier_removed' | 'identifier_added'

export interface SeenReport {
  listed: boolean
  fraudType: string | null
  fraudReason: string | null
  /**
   * false: the report stays listed but no longer carries the watched identifier. Absent (every
   * snapshot kept before this was known): it carries it.
   */
  carried?: boolean
}

export type Snapshot = Record<string, SeenReport>

export interface Change {
  kind: WatchAlertKind
  reportId: string
  before: SeenReport | null
  after: SeenReport
  /** A new report raised by the first check: filed after the item was added, before that check. */
  beforeFirstCheck?: true
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

const carries = (report: SeenReport) => report.carried !== false

/**
 * The changes from `before` (null: never checked) to `answer`, and the snapshot to keep: a
 * report the registry no longer answers with is kept as not listed, so its return is a relist;
 * one kept as no longer carrying the identifier stays so, silently, until it is answered again.
 */
export function compareSnapshots(
  before: Snapshot | null,
  answer: Snapshot,
  options: { filedSinceAdded?: ReadonlySet<string> } = {},
): { changes: Change[]; keep: Snapshot } {
  const keep: Snapshot = { ...answer }
  const changes: Change[] = []
  if (before === null) {
    for (const [reportId, after] of Object.entries(answer))
      if (after.listed && options.filedSinceAdded?.has(reportId))
        changes.push({ kind: 'new_report', reportId, before: null, after, beforeFirstCheck: true })
    return { changes, keep }
  }
  for (const [reportId, after] of Object.entries(answer)) {
    const old = before[reportId]
    if (!old) {
      if (after.listed) changes.push({ kind: 'new_report', reportId, before: null, after })
      continue
    }
    if (old.listed && !carries(old) && after.listed)
      changes.push({ kind: 'identifier_added', reportId, before: old, after })
    else if (old.listed && !after.listed)
      changes.push({ kind: 'unlisted', reportId, before: old, after })
    else if (!old.listed && after.listed)
      changes.push({ kind: 'relisted', reportId, before: old, after })
    if (old.fraudType !== after.fraudType || old.fraudReason !== after.fraudReason)
      changes.push({ kind: 'updated', reportId, before: old, after })
  }
  for (const [reportId, old] of Object.entries(before)) {
    if (reportId in answer) continue
    if (!carries(old)) {
      keep[reportId] = old
      continue
    }
    const gone = { ...old, listed: false }
    keep[reportId] = gone
    if (old.listed) changes.push({ kind: 'unlisted', reportId, before: old, after: gone })
  }
  return { changes, keep }
}

/** The reports the registry stopped answering with while they were listed (unlisted, or the identifier taken off). */
export function vanishedReports(changes: readonly Change[], answer: Snapshot): string[] {
  return changes
    .filter((change) => change.kind === 'unlisted' && !(change.reportId in answer))
    .map((change) => change.reportId)
}

/**
 * The vanished reports found still listed elsewhere: each one's unlisting becomes the
 * identifier taken off, and it is kept as listed without the identifier.
 */
export function markTakenOff(
  changes: Change[],
  keep: Snapshot,
  stillListed: ReadonlyMap<string, SeenReport>,
): void {
  for (const change of changes) {
    const found = stillListed.get(change.reportId)
    if (change.kind !== 'unlisted' || !found) continue
    const after: SeenReport = { ...found, listed: true, carried: false }
    change.kind = 'identifier_removed'
    change.after = after
    keep[change.reportId] = after
    const before = change.before
    if (
      before &&
      (before.fraudType !== after.fraudType || before.fraudReason !== after.fraudReason)
    )
      changes.push({ kind: 'updated', reportId: change.reportId, before, after })
  }
}
