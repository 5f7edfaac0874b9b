import { api } from '../../api'
import { MAX_ATTACHMENTS } from '../../../../shared/domain/report-input'
import { draftOf, identifierIndexOf } from './editor-form'
import { autosaveWaiting, draftBeingCreated, type DraftKeeper } from './editor-draft-keeper'
import type { EditorGet, EditorSet, EditorState } from './editor-state'

// What the person does in the editor: a field changed or left, an identifier changed, a file
// added or removed, a link left out; and the save each change leads to.

type EditActions = Pick<
  EditorState,
  | 'change'
  | 'touch'
  | 'changeIdentifier'
  | 'addAttachment'
  | 'removeAttachment'
  | 'removeLink'
  | 'saveNow'
>

export function editActions(set: EditorSet, get: EditorGet, keeper: DraftKeeper): EditActions {
  const { cancelAutosave, ensureDraft, scheduleAutosave, updateRecord, holdsNothing } = keeper
  return {
    change: (patch) => {
      // What the registry or main said about a field is stale once that field changes.
      const changed = Object.keys(patch)
      const issues = get().issues.filter(
        (issue) =>
          !changed.some((field) => issue.path === field || issue.path.startsWith(`${field}.`)),
      )
      set({ form: { ...get().form, ...patch }, issues, notice: null, queuedOps: null })
      scheduleAutosave()
    },

    touch: (path) => {
      if (!get().touched[path]) set({ touched: { ...get().touched, [path]: true } })
    },

    changeIdentifier: (key, patch) => {
      const index = get().form.identifiers.findIndex((field) => field.key === key)
      const identifiers = get().form.identifiers.map((field) =>
        field.key === key ? { ...field, ...patch } : field,
      )
      set({
        form: { ...get().form, identifiers },
        notice: null,
        queuedOps: null,
        issues: get().issues.filter(
          (issue) => issue.path !== 'identifiers' && identifierIndexOf(issue.path) !== index,
        ),
      })
      scheduleAutosave()
    },

    addAttachment: async (fileName, bytes) => {
      const target = get().target
      if (target.kind === 'operation')
        return 'Files cannot be added while correcting a refused item: send it first, then edit the report.'
      if (get().attachments.length + get().links.length >= MAX_ATTACHMENTS)
        return `${fileName} was not added: a report takes at most ${MAX_ATTACHMENTS} attachments. Remove one first.`
      const localId = target.kind === 'draft' ? await ensureDraft() : await updateRecord(target)
      if (!localId) return 'This report cannot take files now: open it again from Submissions.'
      const added = await api().attachmentAdd({ localId, fileName, bytes })
      if (!added.ok) return added.error.message
      if (!added.value.ok) return added.value.message
      set({ attachments: [...get().attachments, added.value.attachment] })
      await get().saveNow()
      return null
    },

    removeAttachment: async (id) => {
      const removed = await api().attachmentRemove({ attachmentId: id })
      if (removed.ok) {
        set({ attachments: get().attachments.filter((a) => a.id !== id) })
        await get().saveNow()
      }
    },

    removeLink: (index) =>
      set({ links: get().links.filter((_, i) => i !== index), notice: null, queuedOps: null }),

    saveNow: async () => {
      cancelAutosave()
      const target = get().target
      if (target.kind !== 'draft') return
      // A new report becomes a draft once something is in it, not at its first blank row.
      if (!target.localId && !draftBeingCreated() && holdsNothing())
        return set({ saveState: 'idle' })
      set({ saveState: 'saving' })
      const localId = target.localId ?? (await ensureDraft())
      if (!localId) return
      const saved = await api().draftSave({
        localId,
        draft: {
          ...draftOf(get().form),
          attachmentIds: get().attachments.map((a) => a.id),
          attachmentUrls: get().links,
        },
      })
      // Typing went on while this was on its way: the next autosave will carry it.
      if (autosaveWaiting()) return
      if (saved.ok) {
        // The Drafts list shows what was just saved (its reason, its time), not what it had at load.
        const others = get().drafts.filter((d) => d.localId !== saved.value.localId)
        set({
          saveState: 'saved',
          savedAt: saved.value.updatedAt,
          saveError: null,
          drafts: [saved.value, ...others],
        })
      } else set({ saveState: 'error', saveError: saved.error.message })
    },
  }
}
