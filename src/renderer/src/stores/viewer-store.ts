import { create } from 'zustand'
import type { AttachmentRef } from '../../../shared/contracts/attachments'
import type { ViewableType } from '../../../shared/viewable-types'
import { api } from '../api'
import { refusedSaid } from '../components/network-refusal-words'

/** What the viewer shows: the file being fetched, its bytes, or why it cannot be shown. */
export type ViewerState =
  | { phase: 'closed' }
  | { phase: 'loading'; ref: AttachmentRef; fileName: string }
  | {
      phase: 'shown'
      ref: AttachmentRef
      fileName: string
      type: ViewableType
      typeLabel: string
      size: number
      bytes: Uint8Array<ArrayBuffer>
    }
  | { phase: 'refused'; ref: AttachmentRef; fileName: string; message: string; canSave: boolean }

interface ViewerStore {
  state: ViewerState
  open: (ref: AttachmentRef, fileName: string) => Promise<void>
  close: () => void
  /** A copy where the person chooses, in main's own save dialog: what happened, in words (null: closed). */
  save: (ref: AttachmentRef, fileName: string) => Promise<string | null>
}

let round = 0

export const useViewerStore = create<ViewerStore>((set, get) => ({
  state: { phase: 'closed' },
  open: async (ref, fileName) => {
    const mine = ++round
    set({ state: { phase: 'loading', ref, fileName } })
    const answer = await api().attachmentOpen(ref)
    if (mine !== round || get().state.phase === 'closed') return
    if (!answer.ok)
      set({
        state: { phase: 'refused', ref, fileName, message: answer.error.message, canSave: false },
      })
    else if (!answer.value.ok)
      set({
        state: {
          phase: 'refused',
          ref,
          fileName,
          message: refusedSaid(answer.value),
          canSave: answer.value.canSave,
        },
      })
    else
      set({
        state: {
          phase: 'shown',
          ref,
          fileName: answer.value.fileName,
          type: answer.value.type,
          typeLabel: answer.value.typeLabel,
          size: answer.value.size,
          bytes: new Uint8Array(answer.value.bytes),
        },
      })
  },
  close: () => {
    round++
    set({ state: { phase: 'closed' } })
  },
  save: async (ref, fileName) => {
    const answer = await api().saveAttachment(ref)
    if (!answer.ok) return `${fileName} was not saved: ${answer.error.message}`
    if (answer.value.saved) return `A copy of ${fileName} was saved as ${answer.value.fileName}.`
    return answer.value.message
      ? `${fileName} was not saved: ${refusedSaid({ ...answer.value, message: answer.value.message })}`
      : null
  },
}))
