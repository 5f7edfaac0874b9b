import type { AttachmentView } from '../../../../shared/contracts/attachments'
import type { LocalReportView } from '../../../../shared/contracts/drafts'
import type { OperationView } from '../../../../shared/contracts/outbox'
import type { ReportRecord } from '../../../../shared/domain/responses'
import type { StoreApi } from 'zustand'
import type { EditorForm, FieldIssue, IdentifierField } from './editor-form'

// The editor store's state and actions, as its parts (editor-store.ts puts them together) see it.

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

export interface EditorState {
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

export type EditorSet = StoreApi<EditorState>['setState']
export type EditorGet = () => EditorState

export const cleanState = {
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
