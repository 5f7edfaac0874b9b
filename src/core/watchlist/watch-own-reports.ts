import { FRAUD_TYPE_LABELS, type FraudType } from '../../shared/domain/fraud-types'
import type { CoreContext } from '../core-context'
import { getCachedReport } from '../cache/cache'
import * as Drafts from '../drafts/drafts'
import { prepare, writeTransaction } from '../store/store'
import { addNormalized, type WatchItemView } from './watchlist'
import { reportIdentifiers } from './watch-sources'
import { readSetting, writeSetting } from './watch-store'

/*
 * "Watch our own reports' identifiers" (off by default): every identifier of each report this
 * organization has sent to the registry is watched, so the investigator who reported a mule
 * account learns when another bank reports it too. Each report is taken once (watch_own_reports,
 * migration 0009): an item the user removes is not added back by the same report, and a report
 * already taken is never read again.
 *
 * Our reports are the ones this folder sent (reports submitted, with their registry id) and the
 * ones Submissions saved from the registry (cached_reports.own, sent from any computer of the
 * organization), one report by its registry id. A draft or a report still in the outbox is not
 * sent yet; an unlisted report is one the organization took back, so it is not taken either.
 */

const KEY = 'own_reports'

export function ownReportsOn(core: CoreContext): boolean {
  return readSetting(core.db, KEY) === 'on'
}

export function setOwnReports(core: CoreContext, on: boolean): void {
  writeSetting(core.db, KEY, on ? 'on' : 'off')
}

/**
 * Our sent reports not yet taken: one query, each side read through an index (reports by
 * status, cached_reports' own index), each id looked up in watch_own_reports by its key.
 */
function reportsNotYetTaken(core: CoreContext): string[] {
  return prepare<[], { id: string }>(
    core.db,
    `SELECT own.id FROM (
       SELECT registry_id AS id FROM reports WHERE status = 'submitted' AND registry_id IS NOT NULL
       UNION
       SELECT id FROM cached_reports
         WHERE own = 1 AND kind = 'report' AND listing_status IS NOT 'unlisted'
     ) AS own
     WHERE NOT EXISTS (SELECT 1 FROM watch_own_reports w WHERE w.report_id = own.id)
       -- Unlisted by this folder, or (as Submissions last saw it) from another computer.
       AND NOT EXISTS (
         SELECT 1 FROM reports r
         WHERE r.registry_id = own.id AND r.status IN ('unlisted', 'discarded')
       )
       AND NOT EXISTS (
         SELECT 1 FROM cached_reports c
         WHERE c.kind = 'report' AND c.id = own.id AND c.listing_status = 'unlisted'
       )
     ORDER BY own.id`,
  )
    .all()
    .map((row) => row.id)
}

/** "From our report 6650a1… (Money mule)": the report as Submissions names it, by its id. */
function noteOf(core: CoreContext, reportId: string): string {
  const fraudType =
    Drafts.findReport(core, reportId)?.draft.fraudType ||
    getCachedReport(core.db, reportId)?.record.fraudType
  const label = fraudType ? (FRAUD_TYPE_LABELS[fraudType as FraudType] ?? fraudType) : null
  return label ? `From our report ${reportId} (${label})` : `From our report ${reportId}`
}

/**
 * Adds the identifiers of our sent reports not yet taken (all of them the first time: the
 * backfill), when the setting is on; their first checks spread over the period when there are
 * several. Cheap when there is nothing new: the one query above, finding nothing.
 */
export function pickUpOwnReports(
  core: CoreContext,
  options: { random?: () => number } = {},
): { reports: number; added: WatchItemView[] } {
  if (!ownReportsOn(core)) return { reports: 0, added: [] }
  const ids = reportsNotYetTaken(core)
  if (ids.length === 0) return { reports: 0, added: [] }
  const now = core.clock.now()
  return writeTransaction(core.db, () => {
    const values = ids.flatMap((id) => {
      const note = noteOf(core, id)
      // Masked or unreadable identifiers are left out (reportIdentifiers); the report is taken.
      return (reportIdentifiers(core, id) ?? []).map((v) => ({ ...v, note }))
    })
    // One identifier in two of our reports: watched once, with the first report's note (a Map
    // built from them all would keep the last one's).
    const distinct = new Map<string, (typeof values)[number]>()
    for (const value of values) {
      const key = `${value.type}\u0000${value.value}`
      if (!distinct.has(key)) distinct.set(key, value)
    }
    const { added } = addNormalized(core, [...distinct.values()], { random: options.random })
    const take = prepare<[string, number]>(
      core.db,
      'INSERT OR IGNORE INTO watch_own_reports (report_id, added_at) VALUES (?, ?)',
    )
    for (const id of ids) take.run(id, now)
    return { reports: ids.length, added }
  })
}
