import { FRAUD_TYPE_LABELS, type FraudType } from '../../shared/domain/fraud-types'
import { displayIdentifierValue } from '../../shared/domain/identifiers'
import type { OperationView } from '../../shared/contract-work'
import { bankName } from '../banks/banks'
import type { CoreContext } from '../core-context'
import type { LocalReport } from '../drafts/draft'
import { findReport } from '../drafts/drafts'
import type { Operation } from './operations'
import { chainOperations } from './outbox-repository'

interface TitleContent {
  fraudType: string
  identifiers: readonly { label: string; value: string }[]
}

function titleOf(core: CoreContext, content: TitleContent | null): string {
  if (!content) return 'Report'
  const type = FRAUD_TYPE_LABELS[content.fraudType as FraudType] ?? (content.fraudType || 'Report')
  const first = content.identifiers[0]
  return first
    ? `${type} · ${displayIdentifierValue(first.label, first.value, (slug) => bankName(core, slug))}`
    : type
}

/** The report content a create or an update carries (what it sends, or sent). */
function sentContent(op: Operation): TitleContent | null {
  if (op.kind !== 'create_report' && op.kind !== 'update_report') return null
  const input = (op.payload as { input?: Partial<TitleContent> } | null)?.input
  return input?.fraudType !== undefined
    ? { fraudType: input.fraudType, identifiers: input.identifiers ?? [] }
    : null
}

/**
 * What an operation is about, as it was when it was queued: a create or an update by its own
 * content; an upload by the create or update it goes with; an unlisting by the last content
 * sent or queued before it. Not the report's draft as it is now: an update queued later (and
 * discarded) would rename a create sent long before.
 */
function contentAt(
  core: CoreContext,
  op: Operation,
  report: LocalReport | null,
): TitleContent | null {
  const own = sentContent(op)
  if (own) return own
  const chain = chainOperations(core.db, op.chainId).filter((o) => o.state !== 'cancelled')
  const carried =
    op.kind === 'upload_attachment'
      ? chain.find((o) => o.seq > op.seq && sentContent(o))
      : chain.filter((o) => o.seq < op.seq && sentContent(o)).at(-1)
  return (carried && sentContent(carried)) ?? report?.draft ?? null
}

/** An outbox operation as the window shows it, with a line that tells its report apart. */
export function toOperationView(core: CoreContext, op: Operation): OperationView {
  const report = findReport(core, op.chainId)
  const note = op.kind === 'unlist_report' ? (op.payload as { note?: unknown } | null)?.note : null
  return {
    id: op.id,
    reportId: op.chainId,
    registryId: report?.registryId ?? null,
    reportTitle:
      op.kind === 'bulk_upload'
        ? `Bulk upload · ${(op.payload as { rows?: unknown[] } | null)?.rows?.length ?? 0} reports`
        : titleOf(core, contentAt(core, op, report)),
    ...(typeof note === 'string' && note ? { note } : {}),
    kind: op.kind,
    state: op.state,
    attempts: op.attempts,
    nextAttemptAt: op.nextAttemptAt,
    outcomeUnknown: op.outcomeUnknown,
    lastError: op.lastError
      ? {
          kind: op.lastError.kind,
          message: op.lastError.message,
          ...(op.lastError.status !== undefined ? { status: op.lastError.status } : {}),
        }
      : null,
    updatedAt: op.updatedAt,
  }
}
