import type { ReportInput } from './domain/report-input'

/**
 * The sandbox registry's demo: its organizations (fictional names, so a demo never looks like it
 * speaks for a real institution; the app's Sandbox profile files as the first) and a few demo
 * reports the window can load, with the values to search them by.
 */
export const DEMO_ORGANIZATION_NAMES = [
  'Lagoon Microfinance Bank (demo)',
  'Savannah Payments (demo)',
] as const

export const DEMO_SEARCH_VALUES = [
  {
    identifier: 'account',
    value: '0123456789_access-bank',
    label: 'Account 0123456789 at Access Bank',
  },
  { identifier: 'phone', value: '08031234567', label: 'Phone 08031234567' },
  { identifier: 'email', value: 'mule.demo@example.com', label: 'Email mule.demo@example.com' },
] as const

export const DEMO_REPORTS: readonly ReportInput[] = [
  {
    fraudType: 'money_mule',
    fraudReason:
      'Demo: the account received funds from several phishing victims in one afternoon and moved them on within minutes.',
    identifiers: [
      { label: 'account', value: '0123456789_access-bank' },
      { label: 'phone', value: '08031234567' },
    ],
    attachments: [],
    showUploaderInfo: true,
  },
  {
    fraudType: 'romance_fraud',
    fraudReason:
      'Demo: a contact met on a dating site asked for repeated transfers for a medical emergency that did not exist.',
    identifiers: [
      { label: 'email', value: 'mule.demo@example.com' },
      { label: 'phone', value: '08031234567' },
    ],
    attachments: [],
    showUploaderInfo: true,
  },
  {
    fraudType: 'identity_theft',
    fraudReason:
      'Demo: an account was opened with a stolen identity and used to receive loan disbursements that were never repaid.',
    identifiers: [{ label: 'email', value: 'mule.demo@example.com' }],
    attachments: [],
    showUploaderInfo: false,
  },
]
