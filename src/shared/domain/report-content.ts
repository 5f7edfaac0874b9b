import type { ReportRecord } from './responses'

/** What an update of a report starts from: every field of the registry's copy that an update sends. */
export interface ReportContent {
  fraudType: string
  fraudReason: string
  identifiers: { label: string; value: string }[]
  showUploaderInfo: boolean
  attachmentUrls: string[]
}

/**
 * The content of a registry copy of a report (decoded, cached or just fetched), for an update to
 * change: the window's editor and the CLI's `update` both start here. An update replaces the
 * whole report, so nothing the copy holds may be dropped on the way.
 */
export function reportRecordContent(record: ReportRecord): ReportContent {
  return {
    fraudType: record.fraudType ?? '',
    fraudReason: record.fraudReason ?? '',
    identifiers: (record.identifiers ?? []).map(({ label, value }) => ({
      label: label ?? '',
      value,
    })),
    showUploaderInfo: record.showUploaderInfo === true || record.showUploaderInfo === 'true',
    attachmentUrls: (record.attachments ?? []).filter((a): a is string => typeof a === 'string'),
  }
}
