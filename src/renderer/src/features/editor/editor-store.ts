import { create } from 'zustand'
import type { AttachmentView } from '../../../../shared/contracts/attachments'
import type { LocalReportView } from '../../../../shared/contracts/drafts'
import type { OperationView } from '../../../../shared/contracts/outbox'
import type { ReportRecord } from '../../../../shared/domain/responses'
import { reportRecordContent } from '../../../../shared/domain/report-content'
import { api } from '../../api'
import { useOutboxStore } from '../outbox/outbox-store'
import { useOperationWatch } from '../../stores/operation-watch'
import { MAX_ATTACHMENTS } from '../../../../shared/domain/report-input'
import {
  draftOf,
  emptyForm,
  identifierFields,
  identifierIndexOf,
  type EditorForm,
  type FieldIssue,
  type IdentifierField,
} from './editor-form'

/** What the editor is editing, which decides where its changes go. */
export type EditorTarget =
  /** A local draft: autosaved with draftSave, sent with reportQueue. */
  | { kind: 'draft'; localId: string | null }
  /** An outbox item that needs attention: saved through outboxEdit. */
  | {
      kind: 'operation'
      operationId: number
      title: string
      message: string | null
      /** The report's registry id once it has one: the registry's message may name it. */
      registryId: string | null
    }
  /**
   * A submitted report: the change is queued as an update (reportUpdate). Its local record
   * (where files added for the update wait to upload) is found when the first file is added.
   */
  | { kind: 'update'; registryId: string; localId: string | null; title: string }

export type SaveState = 'idle' | 'saving' | 'saved' | 'error'

interface EditorState {
  target: EditorTarget
  form: EditorForm
  /** Files on this computer, added to the report here (uploaded when it is sent). */
  attachments: AttachmentView[]
  /** Attachments already on the registry (their links): kept by an update unless removed. */
  links: string[]
  saveState: SaveState
  savedAt: number | null
  saveError: string | null
  /** Problems the registry's rules (or main) found; shown per field. */
  issues: FieldIssue[]
  /** Set once the person tried to queue: from then on every problem is shown, not only touched ones. */
  attempted: boolean
  /** Fields the person has left (blurred) at least once: their problems show from then on. */
  touched: Record<string, boolean>
  notice: string | null
  /** The operations the last queue made, so what is said after "Queued" follows them. */
  queuedOps: number[] | null
  busy: boolean
  drafts: LocalReportView[]

  newDraft: () => void
  openDraft: (report: LocalReportView) => void
  openOperation: (operation: OperationView) => Promise<void>
  openUpdate: (record: ReportRecord, title: string) => void
  /** A new draft with this content (a report the registry will not update, filed again). */
  openAsNew: (
    content: Pick<EditorForm, 'fraudType' | 'fraudReason' | 'identifiers' | 'showUploaderInfo'>,
    links: string[],
  ) => void
  /** Opens the most recent draft, so nothing typed before a crash or reload is lost. */
  restoreLast: () => Promise<void>
  loadDrafts: () => Promise<void>
  change: (patch: Partial<EditorForm>) => void
  /** The person left a field: judge it from now on. */
  touch: (path: string) => void
  changeIdentifier: (key: string, patch: Partial<IdentifierField>) => void
  addAttachment: (fileName: string, bytes: Uint8Array<ArrayBuffer>) => Promise<string | null>
  removeAttachment: (id: string) => Promise<void>
  /** Drops the attachment already on the registry at this place in the list (the update leaves it out). */
  removeLink: (index: number) => void
  saveNow: () => Promise<void>
  submit: () => Promise<boolean>
  discardDraft: (localId: string) => Promise<void>
}

export const AUTOSAVE_DELAY_MS = 400
let autosaveTimer: ReturnType<typeof setTimeout> | null = null
let creating: Promise<string | null> | null = null

const cleanState = {
  saveState: 'idle' as SaveState,
  savedAt: null,
  saveError: null,
  issues: [],
  attempted: false,
  touched: {},
  notice: null,
  queuedOps: null,
}

/** Nothing typed, chosen or attached: not worth keeping as a draft ("Untitled draft" piling up). */
export function isEmptyDraft(draft: {
  fraudType: string
  fraudReason: string
  identifiers: readonly { value: string }[]
  attachmentIds?: readonly string[]
  attachmentUrls?: readonly string[]
}): boolean {
  return (
    draft.fraudType === '' &&
    draft.fraudReason.trim() === '' &&
    draft.identifiers.every((identifier) => identifier.value.trim() === '') &&
    (draft.attachmentIds?.length ?? 0) === 0 &&
    (draft.attachmentUrls?.length ?? 0) === 0
  )
}

export const useEditorStore = create<EditorState>((set, get) => {
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

  return {
    target: { kind: 'draft', localId: null },
    form: emptyForm(),
    attachments: [],
    links: [],
    ...cleanState,
    busy: false,
    drafts: [],

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
          message: operation.lastError?.message ?? null,
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
      if (last && target.kind === 'draft' && target.localId === null && !creating && !autosaveTimer)
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
      if (!target.localId && !creating && holdsNothing()) return set({ saveState: 'idle' })
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
      if (autosaveTimer) return
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

    discardDraft: async (localId) => {
      const discarded = await api().draftDiscard({ localId })
      if (!discarded.ok) return
      const target = get().target
      if (target.kind === 'draft' && target.localId === localId) get().newDraft()
      await get().loadDrafts()
    },
  }
})
