import { identifierSpellings, type IdentifierType } from '../../shared/domain/identifiers'
import type { SearchResult } from '../../shared/domain/responses'
import type { CoreContext } from '../core-context'
import { pacedSearch } from './paced-search'
import { isRegistryError } from '../registry-error'

/*
 * One identifier searched where it is checked in the background (the watchlist, screening). The
 * registry matches values exactly and keeps each as the organization that filed it wrote it
 * (search-plan.ts), so a phone is asked in each spelling the identifier rules accept (0803…,
 * +234803…, 234803…, 803…, +2340803…, 2340803…, 00234803…), as the desk's search asks: a report another bank filed under +234… is not missed. The
 * spellings are asked one after another (one request at a time, the caller's pace counting
 * each), and their answers merged, each report once. So are an email's as typed and in lower
 * case, and a free-text value's NFC and NFD forms (identifierSpellings).
 */

/** An identifier in the editor's one form: its type and value, and as typed where kept. */
export interface StoredIdentifier {
  type: string
  value: string
  /** As typed, where it adds a spelling (typedSpelling: an email with capitals). */
  written?: string | readonly string[] | null
}

/**
 * The values an identifier is searched under, its stored form first, each once: every
 * spelling of the stored form and of each typed one (identifierSpellings, the one source).
 */
export function searchSpellingsOf(item: StoredIdentifier): string[] {
  const type = item.type as IdentifierType
  const written =
    item.written == null ? [] : typeof item.written === 'string' ? [item.written] : item.written
  return [
    ...new Set([
      item.value,
      ...[item.value, ...written].flatMap((v) => identifierSpellings(type, v)),
    ]),
  ]
}

export type SpellingsAnswer = { ok: true; result: SearchResult } | { ok: false; error: unknown }

export async function searchSpellings(
  core: CoreContext,
  item: StoredIdentifier,
  signal?: AbortSignal,
): Promise<SpellingsAnswer> {
  const identifier = item.type as IdentifierType
  const reports = new Map<string, SearchResult['reports'][number]>()
  const publicReports = new Map<string, SearchResult['publicReports'][number]>()
  for (const [index, value] of searchSpellingsOf(item).entries()) {
    let result: SearchResult
    try {
      // A turn of the folder's pace (search-pace.ts), so a screening at 'auto' leaves room;
      // the watchlist's own budget keeps it well below that pace, so it does not wait for it.
      result = await pacedSearch(
        core,
        signal,
        () => core.client.searchReports({ identifier, value }, { signal }),
        { wait: false },
      )
    } catch (error) {
      // Another spelling than the stored form, refused by the registry: passed over, as the
      // desk passes it over. Anything else ends the search (it is asked again whole).
      if (index > 0 && isRegistryError(error) && error.kind === 'validation') continue
      return { ok: false, error }
    }
    for (const report of result.reports) if (!reports.has(report.id)) reports.set(report.id, report)
    for (const report of result.publicReports)
      if (!publicReports.has(report.id)) publicReports.set(report.id, report)
  }
  return {
    ok: true,
    result: { reports: [...reports.values()], publicReports: [...publicReports.values()] },
  }
}
