import type { PublicReport, ReportRecord } from '../../../shared/domain/responses'
import { FRAUD_TYPE_LABELS, type FraudType } from '../../../shared/domain/fraud-types'
import {
  displayIdentifierValue,
  IDENTIFIER_TYPE_LABELS,
  type IdentifierType,
} from '../../../shared/domain/identifiers'
import { useBankName } from '../stores/banks-store'
import { Time } from './Time'

/** "listed" → "Listed": the registry's listing status as a word. */
export const listingLabel = (status: string | null | undefined): string =>
  status ? `${status.charAt(0).toUpperCase()}${status.slice(1)}` : '—'

/** One report's fields as a definition list (own reports and public reports alike). */
export function ReportDetails({ record }: { record: ReportRecord | PublicReport }) {
  const bankName = useBankName()
  const type = record.fraudType
  const company =
    'reportingCompany' in record && record.reportingCompany
      ? (record.reportingCompany as { businessName?: string | null }).businessName
      : 'reportingEntity' in record
        ? (record.reportingEntity as string | null | undefined)
        : null
  return (
    <dl className="details">
      <dt>Fraud type</dt>
      <dd>{(type && FRAUD_TYPE_LABELS[type as FraudType]) || type || '—'}</dd>
      <dt>Reason</dt>
      <dd className="reason">{record.fraudReason ?? '—'}</dd>
      <dt>Identifiers</dt>
      <dd>
        {record.identifiers?.length ? (
          <ul className="plain">
            {record.identifiers.map((identifier, index) => (
              <li key={identifier.id ?? index}>
                <span className="muted">
                  {IDENTIFIER_TYPE_LABELS[identifier.label as IdentifierType] ??
                    identifier.label ??
                    'Identifier'}
                  :
                </span>{' '}
                <span className="identifier-value">
                  {displayIdentifierValue(identifier.label, identifier.value, bankName)}
                </span>
              </li>
            ))}
          </ul>
        ) : (
          '—'
        )}
      </dd>
      {'listingStatus' in record && (
        <>
          <dt>Listing</dt>
          <dd>{listingLabel(record.listingStatus as string | null | undefined)}</dd>
        </>
      )}
      {company && (
        <>
          <dt>Reported by</dt>
          <dd>{company === 'self' ? 'Your organization' : company}</dd>
        </>
      )}
      <dt>Filed</dt>
      <dd>
        <Time value={record.createdAt} />
      </dd>
      {record.attachments?.length ? (
        <>
          <dt>Attachments</dt>
          <dd>
            {record.attachments.length} file{record.attachments.length === 1 ? '' : 's'}
          </dd>
        </>
      ) : null}
    </dl>
  )
}
