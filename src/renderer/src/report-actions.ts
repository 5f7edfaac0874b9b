import type { OperationView } from '../../shared/contracts/outbox'
import { reportRecordContent } from '../../shared/domain/report-content'
import { api } from './api'
import { identifierFields } from './features/editor/editor-form'
import { reportTitle } from './report-title'
import { useEditorStore } from './features/editor/editor-store'
import { useNavStore } from './stores/nav-store'
import { useOutboxStore } from './features/outbox/outbox-store'
import { useSubmissionsStore } from './features/submissions/submissions-store'

/** Shows one of the organization's reports in Submissions, selected (from Search, the Outbox…). */
export function openInSubmissions(registryId: string): void {
  useSubmissionsStore.getState().select(registryId)
  useNavStore.getState().go('submissions')
}

/** Why an unlisted report is not updated; said with a way on: a new report from its content. */
export const UNLISTED_NO_UPDATE =
  'This report is unlisted: the registry takes no more changes to it. File a new report from it instead.'

/**
 * Opens a new report in the editor prefilled with one of the organization's reports (one the
 * registry no longer updates: unlisted), from the decoded copy so its identifiers are whole.
 * Returns why it cannot, or null once the editor shows it.
 */
export async function fileNewFrom(
  registryId: string,
  bankName: (slug: string) => string | undefined,
): Promise<string | null> {
  const full = await api().submissionGet({ id: registryId, decoded: true })
  if (!full.ok) return `This report cannot be copied now: ${full.error.message}`
  if (!full.value.record)
    return `This report cannot be copied now: ${full.value.message ?? 'the registry did not return it.'}`
  const content = reportRecordContent(full.value.record)
  const editor = useEditorStore.getState()
  editor.openAsNew(
    {
      fraudType: content.fraudType,
      fraudReason: content.fraudReason,
      identifiers: identifierFields(content.identifiers),
      showUploaderInfo: content.showUploaderInfo,
    },
    content.attachmentUrls,
  )
  useEditorStore.setState({
    notice: `A new report with the content of ${reportTitle(full.value.record, bankName)}, which is unlisted: change what is needed, then queue it.`,
  })
  useNavStore.getState().go('editor')
  return null
}

/**
 * Opens one of the organization's reports in the editor as an update, from the registry's decoded
 * copy (an update replaces the whole report, so the masked fetch would not do). Returns why it
 * cannot, or null once the editor shows it.
 */
export async function openUpdateOf(
  registryId: string,
  bankName: (slug: string) => string | undefined,
): Promise<string | null> {
  const full = await api().submissionGet({ id: registryId, decoded: true })
  if (!full.ok) return `This report cannot be edited now: ${full.error.message}`
  if (!full.value.record)
    return `This report cannot be edited now: ${full.value.message ?? 'the registry did not return it.'}`
  if (full.value.record.listingStatus === 'unlisted') return UNLISTED_NO_UPDATE
  useEditorStore.getState().openUpdate(full.value.record, reportTitle(full.value.record, bankName))
  useNavStore.getState().go('editor')
  return null
}

/**
 * An update the registry will never take (the report left the list; it says to file a new
 * report instead): its content becomes a new draft, kept at once, then the refused update is
 * discarded and the draft opened in the editor to be checked and queued. Returns why it could
 * not, or null.
 */
export async function fileAsNewReport(operation: OperationView): Promise<string | null> {
  const report = await api().draftGet({ localOrRegistryId: operation.reportId })
  if (!report.ok) return report.error.message
  if (!report.value) return 'The content of that update is not on this computer any more.'
  const { draft } = report.value
  const created = await api().draftCreate({
    fraudType: draft.fraudType,
    fraudReason: draft.fraudReason,
    identifiers: draft.identifiers,
    showUploaderInfo: draft.showUploaderInfo,
    attachmentUrls: draft.attachmentUrls,
  })
  if (!created.ok) return created.error.message
  // The new draft is kept before the refused update goes: nothing written is lost.
  const discarded = await api().outboxDiscard({ operationId: operation.id })
  const outbox = useOutboxStore.getState()
  await Promise.all([outbox.load(), outbox.loadHistory()])
  const editor = useEditorStore.getState()
  editor.openDraft(created.value)
  void editor.loadDrafts()
  const files = draft.attachmentIds.length
  useEditorStore.setState({
    notice:
      'The registry takes no more changes to that report, so your update is now a new report: check it and queue it.' +
      (files > 0
        ? ` ${files} file${files === 1 ? '' : 's'} added on this computer must be added again.`
        : '') +
      (discarded.ok
        ? ''
        : ` The refused update is still in the Outbox: ${discarded.error.message}`),
  })
  useNavStore.getState().go('editor')
  return null
}
