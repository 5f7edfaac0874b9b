import { IDENTIFIER_TYPES, type IdentifierType } from '../../shared/domain/identifiers'
import type { SearchResult } from '../../shared/domain/responses'
import type { CoreContext } from '../core-context'
import { pacedSearch, searchSpellingsOf, type StoredIdentifier } from '../search/search'
import { getCachedReport } from '../cache/cache'
import { isRegistryError } from '../registry-error'
import { snapshotOf, type SeenReport } from './watch-compare'

/*
 * A report the registry stopped answering with for a watched identifier: unlisted, or the
 * identifier taken off a report that stays listed (an update replaces a report's identifiers
 * whole). The search answers only listed reports, so the two look the same from the watched
 * identifier. They are told apart by asking for the report under another of its identifiers,
 * as the last check's answer kept them (the saved copy): found there listed, the report stays
 * listed and only the identifier was taken off. One search more per vanished report (two at
 * most, when the first identifier tried is refused); none when it has no other identifier.
 */

/** How many of a report's other identifiers are tried before it is taken as unlisted. */
const TRIES = 2

export type VanishedAnswer =
  | { ok: true; stillListed: Map<string, SeenReport>; answers: SearchAnswer[] }
  | { ok: false; error: unknown }

export interface SearchAnswer {
  query: { identifier: IdentifierType; value: string }
  result: SearchResult
}

/** The report's identifiers as the saved copy has them, the watched one (in any spelling) left out. */
function otherIdentifiers(core: CoreContext, reportId: string, item: StoredIdentifier) {
  const cached = getCachedReport(core.db, reportId)
  if (!cached) return []
  const watched = new Set(searchSpellingsOf(item))
  const others: { label: IdentifierType; value: string }[] = []
  for (const { label, value } of cached.record.identifiers ?? []) {
    if (typeof value !== 'string' || value.trim() === '') continue
    if (!(IDENTIFIER_TYPES as readonly string[]).includes(label ?? '')) continue
    if (label === item.type && watched.has(value)) continue
    others.push({ label: label as IdentifierType, value })
  }
  return others
}

/** Which of `reportIds` the registry still lists under another of their identifiers. */
export async function findStillListed(
  core: CoreContext,
  item: StoredIdentifier,
  reportIds: readonly string[],
  signal?: AbortSignal,
): Promise<VanishedAnswer> {
  const stillListed = new Map<string, SeenReport>()
  const answers: SearchAnswer[] = []
  for (const reportId of reportIds) {
    if (stillListed.has(reportId)) continue
    for (const other of otherIdentifiers(core, reportId, item).slice(0, TRIES)) {
      const query = { identifier: other.label, value: other.value }
      let result: SearchResult
      try {
        result = await pacedSearch(
          core,
          signal,
          () => core.client.searchReports(query, { signal }),
          { wait: false },
        )
      } catch (error) {
        // A value the registry will not search (it was filed before a rule changed): the next.
        if (isRegistryError(error) && error.kind === 'validation') continue
        return { ok: false, error }
      }
      answers.push({ query, result })
      // One answer may settle other vanished reports too (they share the identifier).
      for (const [id, seen] of Object.entries(snapshotOf(result)))
        if (seen.listed && reportIds.includes(id)) stillListed.set(id, seen)
      break
    }
  }
  return { ok: true, stillListed, answers }
}
