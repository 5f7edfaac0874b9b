import { create } from 'zustand'
import type { ImportOutcomeView } from '../../../../shared/contracts/bulk-import'
import { api } from '../../api'
import { useOutboxStore } from '../outbox/outbox-store'

interface BulkState {
  fileName: string | null
  bytes: Uint8Array<ArrayBuffer> | null
  preview: ImportOutcomeView | null
  result: ImportOutcomeView | null
  busy: boolean
  error: string | null
  choose: (fileName: string, bytes: Uint8Array<ArrayBuffer>) => Promise<void>
  queue: (asBulk: boolean) => Promise<void>
  reset: () => void
}

const initial = {
  fileName: null,
  bytes: null,
  preview: null,
  result: null,
  busy: false,
  error: null,
}

/** One spreadsheet at a time: previewed (nothing queued), then its valid rows queued. */
export const useBulkStore = create<BulkState>((set, get) => ({
  ...initial,
  choose: async (fileName, bytes) => {
    set({ ...initial, fileName, bytes, busy: true })
    const preview = await api().bulkPreview({ fileName, bytes })
    if (preview.ok) set({ preview: preview.value, busy: false })
    else set({ error: preview.error.message, busy: false })
  },
  queue: async (asBulk) => {
    const { fileName, bytes } = get()
    if (!fileName || !bytes) return
    set({ busy: true, error: null })
    const result = await api().bulkQueue({ fileName, bytes, asBulk })
    if (result.ok) set({ result: result.value, busy: false })
    else set({ error: result.error.message, busy: false })
    void useOutboxStore.getState().load()
  },
  reset: () => set(initial),
}))
