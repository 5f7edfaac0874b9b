import { create } from 'zustand'
import { emptyForm } from './editor-form'
import { draftKeeper } from './editor-draft-keeper'
import { editActions } from './editor-edit'
import { openActions } from './editor-open'
import { cleanState, type EditorState } from './editor-state'
import { submitAction } from './editor-submit'

/**
 * The report editor's store, put together from its parts: what it opens (editor-open.ts), what
 * the person changes and its autosave (editor-edit.ts, over editor-draft-keeper.ts), and what it
 * sends (editor-submit.ts). The state and its actions are described in editor-state.ts.
 */
export const useEditorStore = create<EditorState>((set, get) => {
  const keeper = draftKeeper(set, get)
  return {
    target: { kind: 'draft', localId: null },
    form: emptyForm(),
    attachments: [],
    links: [],
    ...cleanState,
    busy: false,
    drafts: [],
    ...openActions(set, get, keeper),
    ...editActions(set, get, keeper),
    ...submitAction(set, get, keeper),
  }
})
