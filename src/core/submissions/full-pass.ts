import type { Db } from '../store/store'
import {
  CACHE_STATE_KEYS,
  deleteCacheState,
  perOrganization,
  readCacheState,
  writeCacheState,
} from '../cache/cache'

/**
 * A full re-page of the organization's submissions under way, kept in the store after each
 * page so that one interrupted (the app closed, the network gone, the registry failing at page
 * 140 of 240) resumes where it stopped. The list only grows at one end, so reading again from
 * `offset` can repeat a few reports but never skips one that was there when the pass began.
 */
export interface FullPass {
  /** When the pass began (this computer's clock): reports not seen since are missing from it. */
  startedAt: number
  /** How many of the list's records the pass has read, from the start of the list. */
  offset: number
  /** The newest updatedAt the pass has seen (epoch ms), the refresh's cursor once it ends. */
  newest: number | null
}

const keyOf = (organization: string) =>
  perOrganization(CACHE_STATE_KEYS.submissionsFullPass, organization)

function isFullPass(value: unknown): value is FullPass {
  if (typeof value !== 'object' || value === null) return false
  const pass = value as Record<string, unknown>
  return (
    Number.isSafeInteger(pass.startedAt) &&
    Number.isSafeInteger(pass.offset) &&
    (pass.offset as number) >= 0 &&
    (pass.newest === null || Number.isFinite(pass.newest))
  )
}

/** The organization's pass under way, or null (none, or a stored value this code cannot read). */
export function readFullPass(db: Db, organization: string): FullPass | null {
  const text = readCacheState(db, keyOf(organization))
  if (text === undefined) return null
  try {
    const value: unknown = JSON.parse(text)
    return isFullPass(value) ? value : null
  } catch {
    return null
  }
}

export function writeFullPass(db: Db, organization: string, pass: FullPass): void {
  writeCacheState(db, keyOf(organization), JSON.stringify(pass))
}

export function endFullPass(db: Db, organization: string): void {
  deleteCacheState(db, keyOf(organization))
}
