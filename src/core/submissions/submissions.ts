import type { CoreContext } from '../core-context'
import { getCachedReport } from '../cache/cache'
import {
  countOwnSubmissions,
  listOwnSubmissions,
  type OwnSubmissionsQuery,
} from './own-submissions'
import type { SubmissionsRefreshOptions } from './refresh-submissions'
import { REFRESH_FLIGHT, refreshSubmissionsOnce } from './refresh-flight'

/** The organization's submissions: the saved copy, brought up to date from the registry. */

export function listSubmissions(core: CoreContext, query: OwnSubmissionsQuery) {
  return { rows: listOwnSubmissions(core.db, query), total: countOwnSubmissions(core.db, query) }
}

/**
 * One refresh at a time per folder: a request while one runs joins it (every opening of
 * Submissions asks for one), and another process on the folder waits for it (refresh-flight.ts).
 */
export function refreshSubmissions(
  core: CoreContext,
  options: Omit<SubmissionsRefreshOptions, 'now'> = {},
) {
  return refreshSubmissionsOnce(
    core.db,
    core.client,
    { now: core.clock.now(), ...options },
    () => core.clock.now(),
    core.kept.of(REFRESH_FLIGHT, () => ({ current: null })),
  )
}

/** The saved copy of a report (the organization's or one a search found), if any. */
export function cachedReport(core: CoreContext, id: string) {
  return getCachedReport(core.db, id)
}

// What the rest of the app uses of this folder's other files.
export type { OwnSubmissionsFilter } from './own-submissions'
export { submissionsHandlers } from './submissions-handlers'
