import { FRAUD_TYPE_LABELS, type FraudType } from '../../shared/domain/fraud-types'
import { displayIdentifierValue } from '../../shared/domain/identifiers'

/** The fraud type as a person reads it ("Money mule"); the registry's own word if it is new to us. */
export const fraudTypeLabel = (type: string | null | undefined, fallback = 'Report'): string =>
  (type && FRAUD_TYPE_LABELS[type as FraudType]) || type || fallback

/**
 * What tells a report apart where a person reads it (headings, the editor, the outbox): its fraud
 * type and first identifier, "Money mule · 0123456789 · Access Bank", never its registry id.
 */
export function reportTitle(
  record: {
    fraudType?: string | null
    identifiers?: readonly { label?: string | null; value: string }[] | null
  },
  bankName: (slug: string) => string | undefined,
): string {
  const type = fraudTypeLabel(record.fraudType)
  const first = record.identifiers?.[0]
  return first ? `${type} · ${displayIdentifierValue(first.label, first.value, bankName)}` : type
}
