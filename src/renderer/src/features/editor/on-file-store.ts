import { create } from 'zustand'
import type { OnFileAnswerView } from '../../../../shared/contracts/search'
import type { IdentifierType } from '../../../../shared/domain/identifiers'
import { api } from '../../api'

export interface OnFileQuery {
  identifier: IdentifierType
  value: string
}

interface OnFileEntry {
  cache: OnFileAnswerView | null
  /** The registry's answer (or the cache's, when it could not be reached), once asked. */
  online: OnFileAnswerView | null
  asking: boolean
}

interface OnFileState {
  entries: Record<string, OnFileEntry>
  /** The identifiers the editor holds now: answered from the cache at once, then from the registry. */
  look: (queries: readonly OnFileQuery[]) => void
  /** Forgets the registry's answers (a report was queued: the next look asks again). */
  forgetOnline: () => void
  /**
   * Keeps the answers in step with the outbox: once a report is queued or sent (or updated,
   * or unlisted), the registry's earlier answer no longer holds, so the identifiers shown are
   * looked up again, from the saved copy at once (which holds what was just sent) and then
   * from the registry. Returns the unsubscribe.
   */
  listen: () => () => void
}

export const onFileKey = (query: OnFileQuery): string => `${query.identifier}:${query.value}`

/** How long typing must pause before the registry is asked (one search per identifier). */
export const ONLINE_DELAY_MS = 700
let onlineTimer: ReturnType<typeof setTimeout> | null = null
let staleTimer: ReturnType<typeof setTimeout> | null = null
let generation = 0
/** The identifiers last looked up: looked up again when the outbox makes their answers stale. */
let lastQueries: readonly OnFileQuery[] = []
/** Operations that change what is on file for a report's identifiers (not a file's upload). */
const CHANGES_ON_FILE = new Set(['create_report', 'update_report', 'unlist_report', 'bulk_upload'])

export const useOnFileStore = create<OnFileState>((set, get) => {
  const patch = (key: string, change: Partial<OnFileEntry>) =>
    set({
      entries: {
        ...get().entries,
        [key]: { cache: null, online: null, asking: false, ...get().entries[key], ...change },
      },
    })

  return {
    entries: {},
    look: (queries) => {
      lastQueries = queries
      const round = ++generation
      if (onlineTimer) clearTimeout(onlineTimer)
      if (queries.length === 0) return
      // The cache at once, for every identifier (offline too).
      void api()
        .onFile({ identifiers: queries.map((q) => ({ ...q })) })
        .then((result) => {
          if (!result.ok) return
          for (const answer of result.value.results) patch(onFileKey(answer), { cache: answer })
        })
      // The registry once typing pauses, only for identifiers it has not answered yet.
      onlineTimer = setTimeout(() => {
        if (round !== generation) return
        for (const query of queries) {
          const key = onFileKey(query)
          const entry = get().entries[key]
          if (entry?.online?.source === 'online' || entry?.asking) continue
          patch(key, { asking: true })
          void api()
            .onFile({ identifiers: [{ ...query }], online: true })
            .then((result) => {
              const answer = result.ok ? result.value.results[0] : undefined
              patch(key, { asking: false, ...(answer ? { online: answer } : {}) })
            })
        }
      }, ONLINE_DELAY_MS)
    },
    forgetOnline: () => {
      const entries = Object.fromEntries(
        Object.entries(get().entries).map(([key, entry]) => [key, { ...entry, online: null }]),
      )
      set({ entries })
    },
    listen: () => {
      const stale = () => {
        // A drained queue is one burst of events: looked up again once.
        if (staleTimer) clearTimeout(staleTimer)
        staleTimer = setTimeout(() => {
          get().forgetOnline()
          get().look(lastQueries)
        }, 150)
      }
      const offs = [
        api().onOperationChanged((operation) => {
          if (
            CHANGES_ON_FILE.has(operation.kind) &&
            (operation.state === 'queued' || operation.state === 'done')
          )
            stale()
        }),
        // Another profile: another folder, another registry.
        api().onProfileChanged(() => {
          set({ entries: {} })
          stale()
        }),
      ]
      return () => offs.forEach((off) => off())
    },
  }
})

/** The best answer there is for an identifier: the registry's once it answered, else the cache's. */
export function bestAnswer(entry: OnFileEntry | undefined): OnFileAnswerView | null {
  if (!entry) return null
  if (entry.online?.source === 'online') return entry.online
  return entry.online ?? entry.cache
}
