import type { LookedAt } from './reconcile'

const pagesWord = (n: number) => (n === 1 ? '1 page' : `${n.toLocaleString('en-GB')} pages`)

/** A registry time as a person reads it: "2026-03-01 09:00 UTC". */
const registryTime = (ms: number) =>
  `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`

/**
 * Why a bulk row the registry did not refuse is still waiting: what was looked at (the list,
 * how far back; the search, by which identifier) and found no report of it. A row ends here
 * only when both missed it.
 */
export function acceptedButNotFound(looked: LookedAt, index: number): string {
  const list = looked.reachedWindowStart
    ? `your organization's submissions were read back to before this file was sent (${pagesWord(looked.pages)}, to ${registryTime(looked.since)} on the registry's clock)`
    : `all ${pagesWord(looked.pages)} of your organization's submissions were read`
  const key = looked.searched.get(index)
  const search = key
    ? `a search by its ${key.label.replace(/_/g, ' ')} ${key.value} did not find it either`
    : 'it has no identifier the registry can be searched by'
  return `The registry accepted this row, but its report was not found: ${list}, and ${search}. Check Submissions: if the report is there, discard this item; a retry checks the registry again before sending anything.`
}
