import { z } from 'zod'

/** The registry's fraud types (registry-api.md 2.2), in the order the spec lists them. */
export const FRAUD_TYPES = [
  'hacker',
  'identity_theft',
  'money_mule',
  'suspicious_pep',
  'sanctioned/ofac',
  'theft',
  'fraudulent_loan',
  'social_engineering',
  'other',
  'romance_fraud',
  'land_property_scams',
] as const

export type FraudType = (typeof FRAUD_TYPES)[number]

export const FRAUD_TYPE_LABELS: Record<FraudType, string> = {
  hacker: 'Hacker / account takeover',
  identity_theft: 'Identity theft',
  money_mule: 'Money mule',
  suspicious_pep: 'Suspicious PEP',
  'sanctioned/ofac': 'Sanctioned / OFAC',
  theft: 'Theft',
  fraudulent_loan: 'Fraudulent loan',
  social_engineering: 'Social engineering',
  other: 'Other',
  romance_fraud: 'Romance fraud',
  land_property_scams: 'Land / property scams',
}

export const fraudTypeSchema = z.enum(FRAUD_TYPES, {
  // Nothing chosen yet is not an unknown type: the editor's list and a spreadsheet's empty cell
  // both mean "choose one", and the registry's words for the types would not help there.
  error: (issue) =>
    issue.input === undefined || issue.input === null || issue.input === ''
      ? 'Choose the type of fraud.'
      : `Fraud type ${JSON.stringify(issue.input)} is not one the registry knows. Use one of: ${FRAUD_TYPES.join(', ')}.`,
})
