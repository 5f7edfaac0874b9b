import {
  displayIdentifierValue,
  IDENTIFIER_TYPE_LABELS,
  type IdentifierType,
} from '../../../../shared/domain/identifiers'
import { api } from '../../api'
import { EDITOR_NOTICE_ID, focusWhenShown } from '../../focus-when-shown'
import { useEditorStore } from '../editor/editor-store'
import { useNavStore } from '../../stores/nav-store'
import type { WatchAlert } from './watchlist-store'

export { caseFileReason, ESCALATION_REASONS } from '../../../../shared/watch-change-words'

/** The reason an alert added to a case writes in its log: the action, and the case's title. */
export const caseReason = (title: string): string => `Added to the case “${title}”`

/*
 * The ways on from a watchlist alert that escalate it (issue 29: open the report, start a draft,
 * add to a case file); the reasons each writes in the alert's log are shared with the CLI.
 */

/**
 * Open the report: the registry has no fetch of another organization's report by its id
 * (registry-api.md), so Search asks for the watched identifier afresh and shows the alert's
 * report selected, with the keyboard on it.
 */
export function openAlertReport(alert: Pick<WatchAlert, 'type' | 'value' | 'reportId'>): void {
  useNavStore.getState().searchFor({
    identifier: alert.type as IdentifierType,
    value: alert.value,
    reportId: alert.reportId,
  })
}

/**
 * Start a draft: a new report naming the watched identifier, kept at once (so leaving the
 * editor loses nothing) and opened in the editor, the keyboard on its notice. Returns why it
 * could not, or null.
 */
export async function startDraftFor(
  alert: Pick<WatchAlert, 'type' | 'value'>,
  bankName: (slug: string) => string | undefined,
): Promise<string | null> {
  const created = await api().draftCreate({
    identifiers: [{ label: alert.type, value: alert.value }],
  })
  if (!created.ok) return `No draft was started: ${created.error.message}`
  const editor = useEditorStore.getState()
  editor.openDraft(created.value)
  void editor.loadDrafts()
  const type = IDENTIFIER_TYPE_LABELS[alert.type as IdentifierType] ?? alert.type
  useEditorStore.setState({
    notice: `A new report naming ${type} ${displayIdentifierValue(alert.type, alert.value, bankName)}, started from a watchlist alert: choose the fraud type and say what happened.`,
  })
  useNavStore.getState().go('editor')
  focusWhenShown(EDITOR_NOTICE_ID)
  return null
}
