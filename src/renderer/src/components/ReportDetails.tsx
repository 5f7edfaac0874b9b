import type { PublicReport, ReportRecord } from '../../../shared/domain/responses'
import { FRAUD_TYPE_LABELS, type FraudType } from '../../../shared/domain/fraud-types'
import {
  displayIdentifierValue,
  IDENTIFIER_TYPE_LABELS,
  type IdentifierType,
} from '../../../shared/domain/identifiers'
import { isPublicReport, reportedBy } from '../../../shared/reported-by'
import { useBankName } from '../stores/banks-store'
import { formatDate, formatTime } from '../format'
import { Time } from './Time'
import { AttachmentLinks } from './AttachmentLinks'
import { ExportCaseFile } from './ExportCaseFile'
import { AddToCase } from '../features/cases/AddToCase'
import { fraudTypeLabel, reportTitle } from '../report-title'
import { WatchReportButton } from '../features/watchlist/WatchButton'

/** "listed" → "Listed": the registry's listing status as a word. */
export const listingLabel = (status: string | null | undefined): string =>
  status ? `${status.charAt(0).toUpperCase()}${status.slice(1)}` : '—'

/** One report's fields as a definition list (own reports and public reports alike). */
export function ReportDetails({ record }: { record: ReportRecord | PublicReport }) {
  const bankName = useBankName()
  const type = record.fraudType
  const company = reportedBy(record)
  const publicReport = isPublicReport(record) ? record : null
  const left =
    !publicReport && 'exitedListAt' in record ? (record.exitedListAt as string | null) : null
  const leftWhy =
    !publicReport && 'exitListReason' in record ? (record.exitListReason as string | null) : null
  return (
    <>
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
        {publicReport?.financialInstitution && (
          <>
            <dt>Victim’s bank</dt>
            <dd>{publicReport.financialInstitution}</dd>
          </>
        )}
        {publicReport?.eventDate && (
          <>
            <dt>When it happened</dt>
            <dd>{formatDate(publicReport.eventDate)}</dd>
          </>
        )}
        {'listingStatus' in record && (
          <>
            <dt>Listing</dt>
            <dd>
              <span>{listingLabel(record.listingStatus as string | null | undefined)}</span>
              {left && <span className="muted"> since {formatTime(left)}</span>}
              {leftWhy && <span className="block muted">{leftWhy}</span>}
            </dd>
          </>
        )}
        {company && (
          <>
            <dt>Reported by</dt>
            <dd>{company}</dd>
          </>
        )}
        <dt>Filed</dt>
        <dd>
          <Time value={record.createdAt} past />
        </dd>
        {record.attachments?.length ? (
          <>
            <dt>Attachments</dt>
            <dd>
              <AttachmentLinks reportId={record.id} urls={record.attachments} />
            </dd>
          </>
        ) : null}
      </dl>
      <ExportCaseFile reportId={record.id} />
      <AddToCase
        source={{ kind: 'report', reportId: record.id }}
        what={`the ${fraudTypeLabel(type)} report`}
        context={reportTitle(record, bankName)}
        about={{
          fraudType: type ?? null,
          identifiers: (record.identifiers ?? []).map((i) => ({
            label: i.label ?? '',
            value: i.value,
          })),
          reportedBy: company ?? null,
        }}
      />
      {!publicReport && record.identifiers?.length ? (
        <WatchReportButton reportId={record.id} />
      ) : null}
    </>
  )
}
