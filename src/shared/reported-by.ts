import type { PublicReport, ReportRecord } from './domain/responses'

/*
 * Who filed a report, in the words the window and the CLI both use. A public report (2.5) is
 * filed by a member of the public: its reportingEntity "self" means the victims themselves, and
 * its financialInstitution is the victim's bank, never the reporter (a public report is not
 * filed with an organization's API key).
 */

/** A public report (2.5): it carries the victim's bank and the date of the events, not a company. */
export const isPublicReport = (record: ReportRecord | PublicReport): record is PublicReport =>
  'reportingEntity' in record || 'financialInstitution' in record || 'eventDate' in record

/** The reporter of a public report, from its reportingEntity. */
export function publicReporterWords(entity: string | null | undefined): string {
  if (!entity || entity === 'self') return 'The victim, a member of the public'
  return `A member of the public (${entity.replace(/_/g, ' ')})`
}

/** An organization by its name; a public report by a member of the public; null when unknown. */
export function reportedBy(record: ReportRecord | PublicReport): string | null {
  if ('reportingCompany' in record && record.reportingCompany)
    return (record.reportingCompany as { businessName?: string | null }).businessName ?? null
  if (!isPublicReport(record)) return null
  return publicReporterWords(record.reportingEntity)
}
