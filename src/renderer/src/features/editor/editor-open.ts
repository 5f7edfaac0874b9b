import { api } from '../../api'
import { refusedSaid } from '../../components/network-refusal-words'
import { reportRecordContent } from '../../../../shared/domain/report-content'
import { emptyForm, identifierFields } from './editor-form'
import { autosaveWaiting, draftBeingCreated, type DraftKeeper } from './editor-draft-keeper'
import { isEmptyDraft, type EditorGet, type EditorSet, type EditorState } from './editor-state'

// What the editor opens: a new report, a draft, an outbox item to fix, a submitted report to
// update, the last draft after a restart; and the list of drafts, with one discarded.

type OpenActions = Pick<
  EditorState,
  | 'newDraft'
  | 'openDraft'
  | 'openOperation'
  | 'openUpdate'
  | 'restoreLast'
  | 'openAsNew'
  | 'loadDrafts'
  | 'discardDraft'
>

export function openActions(set: EditorSet, get: EditorGet, keeper: DraftKeeper): OpenActions {
  const { openWith } = keeper
  return {
    newDraft: () => openWith({ kind: 'draft', localId: null }, emptyForm(), []),

    openDraft: (report) =>
      openWith(
        { kind: 'draft', localId: report.localId },
        {
          fraudType: report.draft.fraudType,
          fraudReason: report.draft.fraudReason,
          identifiers: identifierFields(report.draft.identifiers),
          showUploaderInfo: report.draft.showUploaderInfo,
        },
        report.attachments,
        report.draft.attachmentUrls,
      ),

    openOperation: async (operation) => {
      const report = await api().draftGet({ localOrRegistryId: operation.reportId })
      const draft = report.ok && report.value ? report.value : null
      openWith(
        {
          kind: 'operation',
          operationId: operation.id,
          title: operation.reportTitle,
          message: operation.lastError
            ? refusedSaid({
                message: operation.lastError.message,
                refusal: operation.lastError.networkRefusal,
                kind: operation.lastError.kind,
              })
            : null,
          registryId: operation.registryId,
        },
        {
          fraudType: draft?.draft.fraudType ?? '',
          fraudReason: draft?.draft.fraudReason ?? '',
          identifiers: identifierFields(draft?.draft.identifiers ?? []),
          showUploaderInfo: draft?.draft.showUploaderInfo ?? false,
        },
        draft?.attachments ?? [],
        draft?.draft.attachmentUrls ?? [],
      )
    },

    // From the freshest copy the caller has (decoded from the registry, else the cache): an
    // update replaces the whole report, so what it does not show would be deleted.
    openUpdate: (record, title) => {
      const content = reportRecordContent(record)
      openWith(
        { kind: 'update', registryId: record.id, localId: null, title },
        {
          fraudType: content.fraudType,
          fraudReason: content.fraudReason,
          identifiers: identifierFields(content.identifiers),
          showUploaderInfo: content.showUploaderInfo,
        },
        [],
        content.attachmentUrls,
      )
    },

    restoreLast: async () => {
      await get().loadDrafts()
      const last = get().drafts[0]
      const target = get().target
      // Only into an untouched new report: never over something being typed or edited.
      if (
        last &&
        target.kind === 'draft' &&
        target.localId === null &&
        !draftBeingCreated() &&
        !autosaveWaiting()
      )
        get().openDraft(last)
    },

    openAsNew: (content, links) =>
      openWith(
        { kind: 'draft', localId: null },
        {
          fraudType: content.fraudType,
          fraudReason: content.fraudReason,
          identifiers: content.identifiers,
          showUploaderInfo: content.showUploaderInfo,
        },
        [],
        links,
      ),

    loadDrafts: async () => {
      const drafts = await api().draftList({ status: 'draft' })
      if (!drafts.ok) return
      // Empty drafts (left by an earlier version, or a window closed on a blank report) go.
      const target = get().target
      const current = target.kind === 'draft' ? target.localId : null
      const empty = drafts.value.filter(
        (d) => d.localId !== current && d.attachments.length === 0 && isEmptyDraft(d.draft),
      )
      for (const draft of empty) void api().draftDiscard({ localId: draft.localId })
      set({
        drafts: drafts.value
          .filter((d) => !empty.includes(d))
          .sort((a, b) => b.updatedAt - a.updatedAt),
      })
    },

    discardDraft: async (localId) => {
      const discarded = await api().draftDiscard({ localId })
      if (!discarded.ok) return
      const target = get().target
      if (target.kind === 'draft' && target.localId === localId) get().newDraft()
      await get().loadDrafts()
    },
  }
}
