import type { IdentifierType } from '../shared/domain/identifiers'
import { prepare, type SandboxDb } from './sandbox-db'

interface SeedPublicReport {
  id: string
  fraudType: string
  fraudReason: string
  financialInstitution: string
  eventDate: string
  victim: Record<string, unknown>
  identifiers: { label: IdentifierType; value: string }[]
}

/**
 * Reports filed by members of the public (registry-api.md 2.5), seeded so that search shows
 * both result lists. The identifiers are the ones the sandbox README suggests for demos.
 * All names and numbers are made up.
 */
export const SEED_PUBLIC_REPORTS: readonly SeedPublicReport[] = [
  {
    id: 'pub-0001',
    fraudType: 'social_engineering',
    fraudReason:
      'Caller claiming to be from the bank asked for my OTP to "stop a blocked transfer", then emptied the account into this account within minutes.',
    financialInstitution: 'Access Bank',
    eventDate: '2025-11-03T14:20:00.000Z',
    victim: { name: 'Withheld', state: 'Lagos' },
    identifiers: [
      { label: 'account', value: '0123456789_access-bank' },
      { label: 'phone', value: '08031234567' },
    ],
  },
  {
    id: 'pub-0002',
    fraudType: 'land_property_scams',
    fraudReason:
      'Paid a deposit for a plot in Lekki to a seller who showed forged survey documents; the land belongs to a family trust and the seller stopped answering.',
    financialInstitution: 'Guaranty Trust Bank',
    eventDate: '2025-09-18T09:00:00.000Z',
    victim: { name: 'Withheld', state: 'Lagos' },
    identifiers: [
      { label: 'account', value: '0234567891_gtbank' },
      { label: 'account_name', value: 'Adebayo Olawale Properties' },
    ],
  },
  {
    id: 'pub-0003',
    fraudType: 'romance_fraud',
    fraudReason:
      'Met on a dating app; after two months asked for money for a medical emergency and customs fees, then blocked me once the transfers were made.',
    financialInstitution: 'OPay',
    eventDate: '2026-01-10T20:45:00.000Z',
    victim: { name: 'Withheld', state: 'Abuja' },
    identifiers: [
      { label: 'social_handle', value: '@kind.heart.oliver' },
      { label: 'email', value: 'oliver.kindheart@example.com' },
      { label: 'account', value: '8123456789_opay' },
    ],
  },
  {
    id: 'pub-0004',
    fraudType: 'fraudulent_loan',
    fraudReason:
      'A loan app took a processing fee up front and never paid the loan out; the same app then sent threatening messages to my contacts.',
    financialInstitution: 'Moniepoint Microfinance Bank',
    eventDate: '2025-12-02T08:15:00.000Z',
    victim: { name: 'Withheld', state: 'Oyo' },
    identifiers: [
      { label: 'phone', value: '09098765432' },
      { label: 'account', value: '6123456789_moniepoint' },
    ],
  },
  {
    id: 'pub-0005',
    fraudType: 'identity_theft',
    fraudReason:
      'Someone opened a wallet and took a loan in my name using a copy of my NIN slip that I had sent to a fake recruiter on WhatsApp.',
    financialInstitution: 'PalmPay',
    eventDate: '2026-02-21T11:30:00.000Z',
    victim: { name: 'Withheld', state: 'Kano' },
    identifiers: [
      { label: 'nin', value: '12345678901' },
      { label: 'phone', value: '+2348051234567' },
    ],
  },
]

const SEEDED_AT = '2026-03-01T00:00:00.000Z'

export function seedPublicReports(db: SandboxDb): void {
  const count = prepare<[], { n: number }>(db, 'SELECT count(*) AS n FROM public_reports').get()
  if (count && count.n > 0) return
  const insertReport = prepare(
    db,
    `INSERT INTO public_reports (id, user_id, company_id, fraud_type, fraud_reason, attachments_json,
       financial_institution, event_date, notification_sent, status, victim_json, guest_info_json,
       reporting_entity, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, '[]', ?, ?, 0, 'published', ?, '{}', 'self', ?, ?)`,
  )
  const insertIdentifier = prepare(
    db,
    `INSERT INTO public_report_identifiers (id, public_report_id, position, label, value)
     VALUES (?, ?, ?, ?, ?)`,
  )
  db.transaction(() => {
    for (const report of SEED_PUBLIC_REPORTS) {
      insertReport.run(
        report.id,
        `guest-${report.id}`,
        'public',
        report.fraudType,
        report.fraudReason,
        report.financialInstitution,
        report.eventDate,
        JSON.stringify(report.victim),
        SEEDED_AT,
        SEEDED_AT,
      )
      report.identifiers.forEach((identifier, position) =>
        insertIdentifier.run(
          `${report.id}-idf-${position + 1}`,
          report.id,
          position,
          identifier.label,
          identifier.value,
        ),
      )
    }
  })()
}

interface PublicReportRow {
  id: string
  user_id: string
  company_id: string
  fraud_type: string
  fraud_reason: string
  attachments_json: string
  financial_institution: string
  event_date: string
  notification_sent: number
  status: string
  victim_json: string
  guest_info_json: string
  reporting_entity: string
  created_at: string
  updated_at: string
}

/** Public reports carrying exactly this identifier, as registry-api.md 2.5 shapes them. */
export function searchPublicReports(db: SandboxDb, label: string, value: string) {
  const rows = prepare<[string, string], PublicReportRow>(
    db,
    `SELECT * FROM public_reports WHERE id IN
       (SELECT public_report_id FROM public_report_identifiers WHERE label = ? AND value = ?)
     ORDER BY seq DESC`,
  ).all(label, value)
  const identifiers = prepare<[string], { id: string; label: string; value: string }>(
    db,
    'SELECT id, label, value FROM public_report_identifiers WHERE public_report_id = ? ORDER BY position',
  )
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    fraudReason: row.fraud_reason,
    fraudType: row.fraud_type,
    attachments: JSON.parse(row.attachments_json) as string[],
    financialInstitution: row.financial_institution,
    eventDate: row.event_date,
    companyId: row.company_id,
    notificationSent: row.notification_sent === 1,
    status: row.status,
    victim: JSON.parse(row.victim_json) as unknown,
    guestInfo: JSON.parse(row.guest_info_json) as unknown,
    reportingEntity: row.reporting_entity,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    identifiers: identifiers.all(row.id),
  }))
}
