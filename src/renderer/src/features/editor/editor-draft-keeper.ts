import type { AttachmentView } from '../../../../shared/contracts/attachments'
import { api } from '../../api'
import { draftOf, type EditorForm } from './editor-form'
import {
  cleanState,
  isEmptyDraft,
  type EditorGet,
  type EditorSet,
  type EditorTarget,
} from './editor-state'

// How the editor keeps what is typed: the draft made on the first change (once, however fast
// the typing), the autosave a moment after the last keystroke, and what is opened in its place.

export const AUTOSAVE_DELAY_MS = 400
let autosaveTimer: ReturnType<typeof setTimeout> | null = null
let creating: Promise<string | null> | null = null

/** An autosave is waiting for the typing to pause. */
export const autosaveWaiting = (): boolean => Boolean(autosaveTimer)
/** The draft is being made (its first change is on its way). */
export const draftBeingCreated = (): boolean => Boolean(creating)

/** The editor's own helpers over its store: the parts of the store call these. */
export function draftKeeper(set: EditorSet, get: EditorGet) {
  const cancelAutosave = () => {
    if (autosaveTimer) clearTimeout(autosaveTimer)
    autosaveTimer = null
  }

  /** The draft's id, creating the draft on the first change (once, however fast the typing). */
  const ensureDraft = async (): Promise<string | null> => {
    const target = get().target
    if (target.kind !== 'draft') return null
    if (target.localId) return target.localId
    creating ??= (async () => {
      const created = await api().draftCreate(draftOf(get().form))
      creating = null
      if (!created.ok) {
        set({ saveState: 'error', saveError: created.error.message })
        return null
      }
      set({
        target: { kind: 'draft', localId: created.value.localId },
        saveState: 'saved',
        savedAt: created.value.updatedAt,
      })
      void get().loadDrafts()
      return created.value.localId
    })()
    return creating
  }

  const scheduleAutosave = () => {
    if (get().target.kind !== 'draft') return
    cancelAutosave()
    set({ saveState: 'saving' })
    autosaveTimer = setTimeout(() => void get().saveNow(), AUTOSAVE_DELAY_MS)
  }

  /** The local record of the report being updated, where files added for the update wait. */
  const updateRecord = async (target: Extract<EditorTarget, { kind: 'update' }>) => {
    if (target.localId) return target.localId
    const record = await api().reportEditTarget({ registryId: target.registryId })
    if (!record.ok || !record.value) return null
    const current = get().target
    if (current.kind === 'update' && current.registryId === target.registryId)
      set({ target: { ...current, localId: record.value.localId } })
    return record.value.localId
  }

  /** Whether what the editor holds now is worth keeping as a draft. */
  const holdsNothing = () =>
    isEmptyDraft({
      fraudType: get().form.fraudType,
      fraudReason: get().form.fraudReason,
      identifiers: draftOf(get().form).identifiers ?? [],
      attachmentIds: get().attachments.map((a) => a.id),
      attachmentUrls: get().links,
    })

  const openWith = (
    target: EditorTarget,
    form: EditorForm,
    attachments: AttachmentView[],
    links: string[] = [],
  ) => {
    cancelAutosave()
    // A draft left with nothing in it is not kept: it would only pile up as "Untitled draft".
    const left = get().target
    if (left.kind === 'draft' && left.localId && holdsNothing()) {
      const localId = left.localId
      set({ drafts: get().drafts.filter((d) => d.localId !== localId) })
      void api().draftDiscard({ localId })
    }
    set({ target, form, attachments, links, ...cleanState })
  }

  return { cancelAutosave, ensureDraft, scheduleAutosave, updateRecord, holdsNothing, openWith }
}

export type DraftKeeper = ReturnType<typeof draftKeeper>
