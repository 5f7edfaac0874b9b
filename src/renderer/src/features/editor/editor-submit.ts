import { api } from '../../api'
import { useOutboxStore } from '../outbox/outbox-store'
import { useOperationWatch } from '../../stores/operation-watch'
import { draftOf, emptyForm } from './editor-form'
import type { DraftKeeper } from './editor-draft-keeper'
import type { EditorGet, EditorSet, EditorState } from './editor-state'

// Sending what the editor holds: a draft queued, a refused item saved and requeued, or a
// submitted report's change queued as an update; then a new report, and what was queued said.

export function submitAction(
  set: EditorSet,
  get: EditorGet,
  keeper: DraftKeeper,
): Pick<EditorState, 'submit'> {
  const { openWith } = keeper
  return {
    submit: async () => {
      set({ busy: true, attempted: true, notice: null, queuedOps: null })
      try {
        const target = get().target
        // Every attachment the person left in place goes with the change: an update or a
        // requeued item replaces the whole report on the registry.
        const draft = {
          ...draftOf(get().form),
          attachmentIds: get().attachments.map((a) => a.id),
          attachmentUrls: get().links,
        }
        let result
        if (target.kind === 'draft') {
          await get().saveNow()
          const localId =
            get().target.kind === 'draft'
              ? (get().target as { localId: string | null }).localId
              : null
          if (!localId) return false
          result = await api().reportQueue({ localId })
        } else if (target.kind === 'operation') {
          result = await api().outboxEdit({ operationId: target.operationId, draft })
        } else {
          result = await api().reportUpdate({ localOrRegistryId: target.registryId, draft })
        }
        if (!result.ok) {
          set({ issues: result.error.issues ?? [], notice: result.error.message })
          return false
        }
        if (!result.value.ok) {
          set({ issues: result.value.issues, notice: result.value.message })
          return false
        }
        const done =
          target.kind === 'draft'
            ? 'Queued. It will be sent when the registry can be reached; follow it in the Outbox.'
            : target.kind === 'operation'
              ? 'Saved and requeued. Follow it in the Outbox.'
              : 'The change is queued as an update. Follow it in the Outbox.'
        // The status bar counts what was just queued before the notice says it is: "0 pending"
        // beside "queued" would be the count from before.
        useOperationWatch.getState().note(result.value.operations)
        await useOutboxStore.getState().load()
        openWith({ kind: 'draft', localId: null }, emptyForm(), [])
        set({ notice: done, queuedOps: result.value.operations.map((op) => op.id) })
        void get().loadDrafts()
        return true
      } finally {
        set({ busy: false })
      }
    },
  }
}
