import { type Db, prepare } from '../store/store'
import { UNLISTED, idList } from '../cache/cache'

/*
 * Every identifier of a job matched at once against what this computer knows: the
 * organization's own submissions and every record earlier searches brought (cached_reports by
 * cached_identifiers), and the stored searches of the same values (cached_searches), as the
 * editor's offline search reads them (offline-search.ts), but for thousands of values in a few
 * statements instead of one each. Reports that left the list are left out, as the registry's
 * search leaves them out; a record found by identifier that a newer stored search of that value
 * no longer returned is dropped (not our own).
 */

const CHUNK = 500

const WANTED = `WITH wanted (ix, label, value) AS (
  SELECT key, json_extract(value, '$[0]'), json_extract(value, '$[1]') FROM json_each(@values))`

const BY_IDENTIFIER_SQL = `${WANTED}
  SELECT w.ix AS ix, c.kind AS kind, c.id AS id, c.own AS own, c.seen_at AS seenAt
  FROM wanted w CROSS JOIN cached_identifiers i ON i.label = w.label AND i.value = w.value
  JOIN cached_reports c ON c.row_id = i.report_row
  WHERE c.listing_status IS NOT '${UNLISTED}'`

const STORED_SQL = `${WANTED}
  SELECT w.ix AS ix, s.searched_at AS searchedAt, s.report_ids_json AS reportIds,
    s.public_report_ids_json AS publicReportIds
  FROM wanted w JOIN cached_searches s ON s.identifier = w.label AND s.value = w.value`

export interface CachedMatch {
  reportIds: string[]
  publicReportIds: string[]
  /** When what this rests on was learned: the stored search, else the newest record seen. */
  asOf: number | null
  /** A stored search of the value exists: a "no hit" is known, as of its time. */
  searched: boolean
}

/**
 * Each identifier's cached match. `formsOf` gives the values it is stored under, where that is
 * more than its own (an account without its bank: the number at each bank that fits); their
 * matches are merged, and the identifier counts as checked as of the oldest only when every
 * form was searched.
 */
export function matchCached(
  db: Db,
  identifiers: readonly { label: string; value: string }[],
  formsOf: (label: string, value: string) => string[] = (_label, value) => [value],
): CachedMatch[] {
  const forms = identifiers.map((i) => formsOf(i.label, i.value))
  const flat = identifiers.flatMap((i, n) =>
    (forms[n] ?? []).map((value) => ({ label: i.label, value })),
  )
  const each = matchEach(db, flat)
  let at = 0
  return forms.map((list) => {
    const parts = each.slice(at, (at += list.length))
    if (parts.length === 1) return parts[0] as CachedMatch
    const merged: CachedMatch = { reportIds: [], publicReportIds: [], asOf: null, searched: false }
    for (const part of parts) {
      for (const id of part.reportIds) if (!merged.reportIds.includes(id)) merged.reportIds.push(id)
      for (const id of part.publicReportIds)
        if (!merged.publicReportIds.includes(id)) merged.publicReportIds.push(id)
    }
    const hit = merged.reportIds.length + merged.publicReportIds.length > 0
    merged.searched = parts.length > 0 && parts.every((p) => p.searched)
    const times = parts.flatMap((p) => (p.asOf === null ? [] : [p.asOf]))
    if (merged.searched || (hit && times.length > 0))
      merged.asOf = merged.searched ? Math.min(...times) : Math.max(...times)
    return merged
  })
}

function matchEach(
  db: Db,
  identifiers: readonly { label: string; value: string }[],
): CachedMatch[] {
  const matches: CachedMatch[] = identifiers.map(() => ({
    reportIds: [],
    publicReportIds: [],
    asOf: null,
    searched: false,
  }))
  for (let from = 0; from < identifiers.length; from += CHUNK) {
    const chunk = identifiers.slice(from, from + CHUNK)
    const values = JSON.stringify(chunk.map((i) => [i.label, i.value]))
    const stored = new Map<
      number,
      { searchedAt: number; reportIds: string; publicReportIds: string }
    >()
    for (const row of prepare<
      [{ values: string }],
      { ix: number; searchedAt: number; reportIds: string; publicReportIds: string }
    >(db, STORED_SQL).all({ values }))
      stored.set(row.ix, row)
    for (const [ix, row] of stored) {
      const match = matches[from + ix] as CachedMatch
      match.searched = true
      match.asOf = row.searchedAt
      match.reportIds.push(...idList(row.reportIds))
      match.publicReportIds.push(...idList(row.publicReportIds))
    }
    for (const row of prepare<
      [{ values: string }],
      { ix: number; kind: string; id: string; own: number; seenAt: number }
    >(db, BY_IDENTIFIER_SQL).all({ values })) {
      const search = stored.get(row.ix)
      if (search && !row.own && row.seenAt <= search.searchedAt) continue
      const match = matches[from + row.ix] as CachedMatch
      const list = row.kind === 'report' ? match.reportIds : match.publicReportIds
      if (!list.includes(row.id)) list.push(row.id)
      if (!search) match.asOf = Math.max(match.asOf ?? 0, row.seenAt)
    }
  }
  return matches
}
