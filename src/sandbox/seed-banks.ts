import { prepare, type SandboxDb } from './sandbox-db'

export interface SeedBank {
  name: string
  /** CBN / NIBSS institution code. */
  code: string
  slug: string
}

/**
 * Nigerian commercial, merchant and non-interest banks and the larger fintechs / MFBs, with
 * their real names and CBN (NIBSS) codes, so demos and tests build account identifiers
 * (`<account_number>_<slug>`) that look like the real thing. Slugs are ours: short, stable,
 * lower-case with dashes, as the shared identifier rules require.
 */
export const SEED_BANKS: readonly SeedBank[] = [
  { name: 'Access Bank', code: '044', slug: 'access-bank' },
  { name: 'Citibank Nigeria', code: '023', slug: 'citibank' },
  { name: 'Ecobank Nigeria', code: '050', slug: 'ecobank' },
  { name: 'Fidelity Bank', code: '070', slug: 'fidelity-bank' },
  { name: 'First Bank of Nigeria', code: '011', slug: 'first-bank' },
  { name: 'First City Monument Bank', code: '214', slug: 'fcmb' },
  { name: 'Globus Bank', code: '00103', slug: 'globus-bank' },
  { name: 'Guaranty Trust Bank', code: '058', slug: 'gtbank' },
  { name: 'Heritage Bank', code: '030', slug: 'heritage-bank' },
  { name: 'Jaiz Bank', code: '301', slug: 'jaiz-bank' },
  { name: 'Keystone Bank', code: '082', slug: 'keystone-bank' },
  { name: 'Lotus Bank', code: '303', slug: 'lotus-bank' },
  { name: 'Optimus Bank', code: '107', slug: 'optimus-bank' },
  { name: 'Polaris Bank', code: '076', slug: 'polaris-bank' },
  { name: 'PremiumTrust Bank', code: '105', slug: 'premiumtrust-bank' },
  { name: 'Providus Bank', code: '101', slug: 'providus-bank' },
  { name: 'Stanbic IBTC Bank', code: '221', slug: 'stanbic-ibtc' },
  { name: 'Standard Chartered Bank', code: '068', slug: 'standard-chartered' },
  { name: 'Sterling Bank', code: '232', slug: 'sterling-bank' },
  { name: 'SunTrust Bank', code: '100', slug: 'suntrust-bank' },
  { name: 'TAJ Bank', code: '302', slug: 'taj-bank' },
  { name: 'Titan Trust Bank', code: '102', slug: 'titan-trust-bank' },
  { name: 'Union Bank of Nigeria', code: '032', slug: 'union-bank' },
  { name: 'United Bank for Africa', code: '033', slug: 'uba' },
  { name: 'Unity Bank', code: '215', slug: 'unity-bank' },
  { name: 'Wema Bank', code: '035', slug: 'wema-bank' },
  { name: 'Zenith Bank', code: '057', slug: 'zenith-bank' },
  { name: 'Coronation Merchant Bank', code: '559', slug: 'coronation-merchant-bank' },
  { name: 'FSDH Merchant Bank', code: '501', slug: 'fsdh-merchant-bank' },
  { name: 'Rand Merchant Bank', code: '502', slug: 'rand-merchant-bank' },
  { name: 'Kuda Microfinance Bank', code: '50211', slug: 'kuda' },
  { name: 'OPay', code: '999992', slug: 'opay' },
  { name: 'PalmPay', code: '999991', slug: 'palmpay' },
  { name: 'Moniepoint Microfinance Bank', code: '50515', slug: 'moniepoint' },
  { name: 'VFD Microfinance Bank', code: '566', slug: 'vfd' },
  { name: 'Carbon', code: '565', slug: 'carbon' },
  { name: 'Paga', code: '100002', slug: 'paga' },
  { name: 'FairMoney Microfinance Bank', code: '51318', slug: 'fairmoney' },
]

/** Ids are derived from the code so they stay the same across restarts and data dirs. */
export function bankId(bank: SeedBank): string {
  return `bank_${bank.code}`
}

/** Upserts the list at every start, so a data dir picks up corrections to the list. */
export function seedBanks(db: SandboxDb): void {
  const upsert = prepare(
    db,
    `INSERT INTO banks (id, position, name, slug, code) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (id) DO UPDATE SET position = excluded.position, name = excluded.name,
       slug = excluded.slug, code = excluded.code`,
  )
  db.transaction(() => {
    SEED_BANKS.forEach((bank, position) =>
      upsert.run(bankId(bank), position, bank.name, bank.slug, bank.code),
    )
  })()
}

export interface BankRow {
  id: string
  name: string
  slug: string
  code: string
}

export function listBanks(db: SandboxDb): BankRow[] {
  return prepare<[], BankRow>(
    db,
    'SELECT id, name, slug, code FROM banks ORDER BY position, name',
  ).all()
}
