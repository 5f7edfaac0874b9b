import { create } from 'zustand'
import {
  DEFAULT_SCREENING_RATE,
  type ScreeningColumnType,
  type ScreeningEstimate,
  type ScreeningJobView,
  type ScreeningMapping,
  type ScreeningPreview,
  type ScreeningShowView,
} from '../../../../shared/contracts/screening'
import type { IdentifierType } from '../../../../shared/domain/identifiers'
import { api } from '../../api'

/** What is to be screened: a spreadsheet (previewed, its columns mapped) or a pasted list. */
export type ScreeningInput =
  | { kind: 'file'; fileName: string; bytes: Uint8Array<ArrayBuffer>; preview: ScreeningPreview }
  | { kind: 'list'; text: string; type: IdentifierType | null }

/** How many hits a job's page holds in the window (the export has every one). */
export const HITS_SHOWN = 5000
/** While a job runs it is asked every second: for a smaller page, so a long list stays light. */
export const LIVE_HITS = 200

/** How many hits the window holds of a job in this state. */
export const hitsShown = (job: ScreeningJobView): number =>
  job.state === 'open' ? LIVE_HITS : HITS_SHOWN

interface ScreeningState {
  input: ScreeningInput | null
  mapping: ScreeningMapping
  /** The bank (slug) of every account whose row names none: a file of one bank; '' for none. */
  bank: string
  busy: boolean
  error: string | null
  /** The job open on the screen, as the core last showed it. */
  job: ScreeningShowView | null
  jobs: ScreeningJobView[]
  choose: (fileName: string, bytes: Uint8Array<ArrayBuffer>) => Promise<void>
  paste: (text: string, type: IdentifierType | null) => void
  setColumn: (column: number, type: ScreeningColumnType) => void
  /** Reads the file again with its column names on this row (title rows above it). */
  setHeaderRow: (row: number) => Promise<void>
  setBank: (slug: string) => void
  start: (rate: number | 'auto', offline: boolean, fresherThanDays?: number) => Promise<void>
  /** What a start with these choices would search and how long it takes (shown before Start). */
  estimate: ScreeningEstimate | null
  makeEstimate: (rate: number | 'auto', fresherThanDays?: number) => Promise<void>
  clearEstimate: () => void
  refresh: () => Promise<void>
  loadJobs: () => Promise<void>
  open: (job: number) => Promise<void>
  act: (action: 'pause' | 'resume' | 'cancel', rate?: number) => Promise<void>
  rescreen: (olderThanDays: number) => Promise<void>
  reset: () => void
}

/** What the core is asked to start (or to estimate) from the window's choices; null with no list. */
function startRequest(
  state: Pick<ScreeningState, 'input' | 'mapping' | 'bank'>,
  rate: number | 'auto',
  offline: boolean,
  fresherThanDays: number | undefined,
) {
  const { input, mapping, bank } = state
  if (!input) return null
  const choices = {
    ...(bank ? { bank } : {}),
    rate,
    offline,
    ...(fresherThanDays === undefined ? {} : { fresherThanDays }),
  }
  return input.kind === 'file'
    ? {
        source: { kind: 'file' as const, fileName: input.fileName, bytes: input.bytes },
        // Every column said, so a column left as "nothing to check" is not suggested again.
        mapping: input.preview.columns.map((c) => ({
          column: c.index,
          type: columnType(mapping, c.index),
        })),
        headerRow: input.preview.headerRow,
        ...choices,
      }
    : {
        source: {
          kind: 'list' as const,
          text: input.text,
          ...(input.type ? { type: input.type } : {}),
        },
        ...choices,
      }
}

/** Every column's type: the mapping's, else "ignore". */
export function columnType(mapping: ScreeningMapping, column: number): ScreeningColumnType {
  return mapping.find((m) => m.column === column)?.type ?? 'ignore'
}

/** Seconds left at the job's rate, from the identifiers not yet searched; null when none wait. */
export function secondsLeft(job: ScreeningJobView): number | null {
  const left = job.totals.identifiers - job.totals.searched
  if (left <= 0 || job.state === 'done' || job.state === 'cancelled') return null
  // At 'auto' the pace is not known here: the time left at the polite default, the most it takes.
  return Math.ceil(
    left / (job.pace === 'fixed' && job.rate > 0 ? job.rate : DEFAULT_SCREENING_RATE),
  )
}

/** "about 2 minutes", "about 40 seconds", "under a second". */
export function durationWords(seconds: number): string {
  if (seconds < 1) return 'under a second'
  if (seconds < 90) return `about ${seconds} second${seconds === 1 ? '' : 's'}`
  const minutes = Math.round(seconds / 60)
  if (minutes < 90) return `about ${minutes} minutes`
  const hours = Math.round(minutes / 60)
  return `about ${hours} hour${hours === 1 ? '' : 's'}`
}

const initialInput = {
  input: null,
  mapping: [],
  bank: '',
  busy: false,
  error: null,
  estimate: null,
}

/**
 * The Screening screen's state: a list chosen and mapped, then a job started in the core and
 * shown by polling screeningShow (the core pushes nothing about it).
 */
export const useScreeningStore = create<ScreeningState>((set, get) => ({
  ...initialInput,
  job: null,
  jobs: [],
  choose: async (fileName, bytes) => {
    set({ ...initialInput, busy: true, job: null })
    const preview = await api().screeningPreview({ fileName, bytes })
    if (preview.ok)
      set({
        input: { kind: 'file', fileName, bytes, preview: preview.value },
        mapping: preview.value.mapping,
        busy: false,
      })
    else set({ error: `${fileName} could not be read: ${preview.error.message}`, busy: false })
  },
  setHeaderRow: async (headerRow) => {
    const { input } = get()
    if (input?.kind !== 'file') return
    set({ busy: true, error: null })
    const preview = await api().screeningPreview({
      fileName: input.fileName,
      bytes: input.bytes,
      headerRow,
    })
    if (preview.ok)
      set({
        input: { ...input, preview: preview.value },
        mapping: preview.value.mapping,
        busy: false,
      })
    else set({ error: preview.error.message, busy: false })
  },
  setBank: (bank) => set({ bank, estimate: null }),
  paste: (text, type) => set({ ...initialInput, job: null, input: { kind: 'list', text, type } }),
  setColumn: (column, type) =>
    set((s) => ({
      mapping: [...s.mapping.filter((m) => m.column !== column), { column, type }].sort(
        (a, b) => a.column - b.column,
      ),
    })),
  start: async (rate, offline, fresherThanDays) => {
    const request = startRequest(get(), rate, offline, fresherThanDays)
    if (!request) return
    set({ busy: true, error: null })
    const answer = await api().screeningStart(request)
    if (answer.ok) {
      set({ job: answer.value, busy: false, input: null, estimate: null })
      void get().loadJobs()
    } else set({ error: answer.error.message, busy: false })
  },
  estimate: null,
  clearEstimate: () => set({ estimate: null }),
  makeEstimate: async (rate, fresherThanDays) => {
    const request = startRequest(get(), rate, false, fresherThanDays)
    if (!request) return
    set({ busy: true, error: null, estimate: null })
    const answer = await api().screeningEstimate(request)
    if (answer.ok) set({ estimate: answer.value, busy: false })
    else set({ error: answer.error.message, busy: false })
  },
  refresh: async () => {
    const job = get().job
    if (!job) return
    let answer = await api().screeningShow({ job: job.job, limit: hitsShown(job) })
    // Just finished (or paused): asked once more for the whole page of hits.
    if (answer.ok && hitsShown(answer.value) > hitsShown(job))
      answer = await api().screeningShow({ job: job.job, limit: hitsShown(answer.value) })
    // Another job opened meanwhile: this answer is not for it.
    if (answer.ok && get().job?.job === job.job) set({ job: answer.value })
  },
  loadJobs: async () => {
    const answer = await api().screeningList()
    if (answer.ok) set({ jobs: answer.value })
  },
  open: async (job) => {
    set({ busy: true, error: null })
    const answer = await api().screeningShow({ job, limit: HITS_SHOWN })
    if (answer.ok) set({ job: answer.value, busy: false, input: null })
    else set({ error: answer.error.message, busy: false })
  },
  act: async (action, rate) => {
    const job = get().job
    if (!job) return
    const answer =
      action === 'pause'
        ? await api().screeningPause({ job: job.job })
        : action === 'resume'
          ? await api().screeningResume({ job: job.job, ...(rate ? { rate } : {}) })
          : await api().screeningCancel({ job: job.job })
    if (!answer.ok) set({ error: answer.error.message })
    await get().refresh()
    void get().loadJobs()
  },
  rescreen: async (olderThanDays) => {
    const job = get().job
    if (!job) return
    const answer = await api().screeningRescreen({ job: job.job, olderThanDays })
    if (!answer.ok) set({ error: answer.error.message })
    await get().refresh()
  },
  reset: () => set({ ...initialInput, job: null }),
}))
