import type { ReportRecord } from '../../shared/domain/responses'
import type { RegistryClient } from '../registry/registry'
import type { ReconcileWindow } from './reconcile-window'

const PAGE_SIZE = 100

type Client = Pick<RegistryClient, 'listSubmissions'>

/** What reading the list covered, for the words of a row that was not found. */
export interface ListReading {
  pages: number
  /** Whether it read back to reports created before the window (the sending), in order. */
  reachedWindowStart: boolean
  /** Whether it read every page of the list. */
  readAll: boolean
}

export const createdAtOf = (record: { createdAt?: string | null }) =>
  record.createdAt ? Date.parse(record.createdAt) : Number.NaN

/**
 * Reads the organization's submissions until `done` says every report sought was found, or
 * until every report created in the window has been seen, whatever order the registry lists
 * them in (the spec gives none): newest first, it stops at the first page that reaches before
 * the window; oldest first, it reads from the last page back; in any other order, every page.
 * No page cap: a bulk file's rows may lie behind thousands created since by the files sent
 * beside it, and a cap that stops short of them calls rows the registry holds missing.
 */
export async function readSubmissions(
  client: Client,
  window: () => ReconcileWindow,
  signal: AbortSignal | undefined,
  visit: (record: ReportRecord) => Promise<void>,
  done: () => boolean = () => false,
): Promise<ListReading> {
  const read = (page: number) => client.listSubmissions({ page, limit: PAGE_SIZE }, { signal })
  const reading: ListReading = { pages: 1, reachedWindowStart: false, readAll: false }
  const first = await read(1)
  const { since } = window()
  for (const record of first.data) await visit(record)
  const limit = first.meta.limit > 0 ? first.meta.limit : PAGE_SIZE
  const pages = Math.ceil(first.meta.total / limit)
  if (first.data.length === 0 || pages <= 1) return { ...reading, readAll: true }

  const times = first.data.map(createdAtOf).filter((t) => !Number.isNaN(t))
  const descending = times.every((t, i) => i === 0 || t <= (times[i - 1] as number))
  const ascending = !descending && times.every((t, i) => i === 0 || t >= (times[i - 1] as number))
  // Oldest first: the newest are on the last pages, so they are read first, each backwards.
  const order = Array.from({ length: pages - 1 }, (_, i) => (ascending ? pages - i : i + 2))
  let ordered = descending || ascending
  if (descending && times.some((t) => t < since)) return { ...reading, reachedWindowStart: true }
  let edge = ascending ? Number.POSITIVE_INFINITY : (times.at(-1) ?? Number.POSITIVE_INFINITY)
  for (const page of order) {
    if (done()) return reading
    const { data } = await read(page)
    reading.pages++
    const records = ascending ? [...data].reverse() : data
    let reachedOlder = false
    for (const record of records) {
      await visit(record)
      const created = createdAtOf(record)
      if (Number.isNaN(created)) continue
      // Newer than what came before it: the list is not in the order it seemed to be.
      if (created > edge) ordered = false
      edge = created
      if (created < since) reachedOlder = true
    }
    if (ordered && reachedOlder) return { ...reading, reachedWindowStart: true }
    if (data.length === 0) return { ...reading, readAll: true }
  }
  return { ...reading, readAll: true }
}
