import { FRAUD_TYPE_LABELS, type FraudType } from '../../shared/domain/fraud-types'
import { displayIdentifierValue } from '../../shared/domain/identifiers'
import type { OperationView } from '../../shared/contracts/outbox'
import { bankName } from '../banks/banks'
import type { CoreContext } from '../core-context'
import { type LocalReport, findReport } from '../drafts/drafts'
import type { Operation } from './operations'
import { chainOperations } from './outbox-repository'

interface TitleContent {
  fraudType: string
  identifiers: readonly { label: string; value: string }[]
}

type BankNames = (slug: string) => string | undefined

function titleOf(content: TitleContent | null, names: BankNames): string {
  if (!content) return 'Report'
  const type = FRAUD_TYPE_LABELS[content.fraudType as FraudType] ?? (content.fraudType || 'Report')
  const first = content.identifiers[0]
  return first ? `${type} · ${displayIdentifierValue(first.label, first.value, names)}` : type
}

/** The bank list's names, each slug asked once: a list of 7,000 operations names a few banks. */
function bankNames(core: CoreContext): BankNames {
  const known = new Map<string, string | undefined>()
  return (slug) => {
    if (!known.has(slug)) known.set(slug, bankName(core, slug))
    return known.get(slug)
  }
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
export function toOperationView(
  core: CoreContext,
  op: Operation,
  names: BankNames = bankNames(core),
): OperationView {
  const report = findReport(core, op.chainId)
  const note = op.kind === 'unlist_report' ? (op.payload as { note?: unknown } | null)?.note : null
  return {
    id: op.id,
    reportId: op.chainId,
    registryId: report?.registryId ?? null,
    reportTitle:
      op.kind === 'bulk_upload'
        ? `Bulk upload · ${(op.payload as { rows?: unknown[] } | null)?.rows?.length ?? 0} reports`
        : titleOf(contentAt(core, op, report), names),
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
          ...(op.lastError.networkRefusal ? { networkRefusal: op.lastError.networkRefusal } : {}),
        }
      : null,
    updatedAt: op.updatedAt,
  }
}

/** Operations as the window shows them, the bank list's names read once for all of them. */
export function toOperationViews(core: CoreContext, ops: readonly Operation[]): OperationView[] {
  const names = bankNames(core)
  return ops.map((op) => toOperationView(core, op, names))
}
