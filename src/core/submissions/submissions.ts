import type { CoreContext } from '../core-context'
import { getCachedReport } from '../cache/reports-cache'
import {
  countOwnSubmissions,
  listOwnSubmissions,
  type OwnSubmissionsQuery,
} from './own-submissions'
import {
  refreshSubmissions as refresh,
  type SubmissionsRefreshOptions,
} from './refresh-submissions'

/** The organization's submissions: the saved copy, brought up to date from the registry. */

export function listSubmissions(core: CoreContext, query: OwnSubmissionsQuery) {
  return { rows: listOwnSubmissions(core.db, query), total: countOwnSubmissions(core.db, query) }
}

export function refreshSubmissions(
  core: CoreContext,
  options: Omit<SubmissionsRefreshOptions, 'now'> = {},
) {
  return refresh(core.db, core.client, { now: core.clock.now(), ...options })
}

/** The saved copy of a report (the organization's or one a search found), if any. */
export function cachedReport(core: CoreContext, id: string) {
  return getCachedReport(core.db, id)
}
