import type { LocalReportView } from '../../shared/contracts/drafts'
import { listAttachments } from './attachments'
import type { CoreContext } from '../core-context'
import type { LocalReport } from './draft'

/** A local report as the window shows it, with its attachments. */
export function reportView(core: CoreContext, report: LocalReport): LocalReportView {
  return {
    ...report,
    status: report.status,
    attachments: listAttachments(core, report.localId).map((a) => ({
      id: a.id,
      fileName: a.fileName,
      mimeType: a.mimeType,
      size: a.size,
      uploaded: a.url !== null,
    })),
  }
}
