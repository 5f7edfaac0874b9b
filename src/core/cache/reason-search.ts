import type { Db } from '../store/open-database'
import { prepare } from '../store/prepare'
import { toFtsQuery } from './fts-query'
import { submissionsRefreshedAt } from './offline-search'
import {
  CACHED_REPORT_COLUMNS,
  UNLISTED,
  toCachedReport,
  type CachedReport,
  type CachedReportRow,
} from './reports-cache'

/** A piece of a hit's reason: the words that matched are `match: true`. */
export interface SnippetPart {
  text: string
  match: boolean
}

export type ReasonSearchHit = CachedReport & {
  /** A short window of the reason around the matches. */
  snippet: SnippetPart[]
}

export interface ReasonSearchAnswer {
  source: 'offline'
  /** Best match first; each hit says when it was last seen from the registry (`seenAt`). */
  hits: ReasonSearchHit[]
  asOf: { submissions?: string }
}

export const DEFAULT_REASON_LIMIT = 50
export const MAX_REASON_LIMIT = 500

// Control characters no reason shows, so they can mark the matches inside the snippet text.
const OPEN = '\u0002'
const CLOSE = '\u0003'
const SNIPPET_TOKENS = 24

function snippetParts(text: string): SnippetPart[] {
  const parts: SnippetPart[] = []
  for (const [index, piece] of text.split(OPEN).entries()) {
    const [matched, rest] = index === 0 ? [undefined, piece] : splitOnce(piece, CLOSE)
    if (matched) parts.push({ text: matched, match: true })
    if (rest) parts.push({ text: rest, match: false })
  }
  return parts
}

function splitOnce(text: string, separator: string): [string, string] {
  const at = text.indexOf(separator)
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + separator.length)]
}

/**
 * Full-text search over the reasons of every cached report (own submissions and stored search
 * results), ranked by FTS5's bm25. Whatever the text, it is searched as words (see
 * toFtsQuery), never run as FTS syntax; text with no words finds nothing.
 */
export function searchReasonsOffline(
  db: Db,
  text: string,
  options: { limit?: number } = {},
): ReasonSearchAnswer {
  const asOf: ReasonSearchAnswer['asOf'] = {}
  const submissions = submissionsRefreshedAt(db)
  if (submissions) asOf.submissions = submissions
  const match = toFtsQuery(text)
  const limit = Math.min(
    Math.max(1, Math.floor(options.limit ?? DEFAULT_REASON_LIMIT)),
    MAX_REASON_LIMIT,
  )
  if (!match) return { source: 'offline', hits: [], asOf }
  const rows = prepare<[string, number], CachedReportRow & { snippet: string }>(
    db,
    `SELECT ${CACHED_REPORT_COLUMNS},
       snippet(cached_reports_fts, 0, '${OPEN}', '${CLOSE}', '…', ${SNIPPET_TOKENS}) AS snippet
     FROM cached_reports_fts JOIN cached_reports r ON r.row_id = cached_reports_fts.rowid
     WHERE cached_reports_fts MATCH ? AND r.listing_status IS NOT '${UNLISTED}'
     ORDER BY cached_reports_fts.rank LIMIT ?`,
  ).all(match, limit)
  const hits = rows.map((row) => ({ ...toCachedReport(row), snippet: snippetParts(row.snippet) }))
  return { source: 'offline', hits, asOf }
}
