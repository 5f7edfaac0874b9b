import { addAttachment, type DraftInput, createDraft, saveDraft } from '../drafts/drafts'
import type { CoreContext } from '../core-context'
import { inOneTransaction, queueReport, queueUpdate } from './outbox'
import type { QueueResult } from './queue-checks'

/*
 * A report filed whole, with its attachments, in one transaction (the CLI's `casefile submit`
 * and `casefile update` of a report file): refused by the report's rules, an attachment
 * refused (AttachmentRefusedError: not a regular file, too large, not a type the registry
 * takes) or a full disk, nothing of it is kept: no half-made draft, no copy of a file.
 */

/** A report as written in a file: its fields, and the paths of the files on this computer to attach. */
export interface ReportToFile {
  /** `attachmentUrls` undefined: the file lists no attachments (an update keeps the current ones). */
  draft: Omit<DraftInput, 'attachmentIds'>
  attachmentPaths: readonly string[]
}

/** A queueing the registry's rules refused: thrown to roll its transaction back. */
class NotQueued extends Error {
  constructor(readonly result: QueueResult) {
    super('not queued')
  }
}

function whole(core: CoreContext, queue: () => QueueResult): QueueResult {
  try {
    return inOneTransaction(core, () => {
      const result = queue()
      if (!result.ok) throw new NotQueued(result)
      return result
    })
  } catch (error) {
    if (error instanceof NotQueued) return error.result
    throw error
  }
}

/** Copies the files into the report's data and gives the draft that refers to them. */
function withAttachments(core: CoreContext, localId: string, report: ReportToFile): DraftInput {
  const ids = report.attachmentPaths.map((path) => addAttachment(core, localId, { path }).id)
  // A file without `attachments` lists none: an update then keeps the current ones.
  return {
    ...report.draft,
    attachmentIds: report.draft.attachmentUrls === undefined ? undefined : ids,
  }
}

/** Drafts the report, copies its attachments and queues it, all or nothing. */
export function fileReport(core: CoreContext, report: ReportToFile): QueueResult {
  return whole(core, () => {
    const draft = createDraft(core, report.draft)
    saveDraft(core, draft.localId, withAttachments(core, draft.localId, report))
    return queueReport(core, draft.localId)
  })
}

/**
 * Queues an update of a report (`localId`: drafts' localRecordOf) from a file, its attachments
 * copied, all or nothing: `content` lays the file's fields over the report's current ones.
 */
export function fileUpdate(
  core: CoreContext,
  localId: string,
  report: ReportToFile,
  content: (change: DraftInput) => DraftInput,
): QueueResult {
  return whole(core, () =>
    queueUpdate(core, localId, content(withAttachments(core, localId, report))),
  )
}
