/**
 * Offline search at the size a busy organization reaches: 100,000 cached registry reports.
 * Measures exact identifier lookup (target p99 < 2 ms) and full-text search over reasons
 * (target p99 < 30 ms) on a real SQLite file with every migration applied.
 *
 *   npm run bench:search [-- --reports 100000 --exact 2000 --fulltext 500 --keep]
 *
 * fillSearchCache is exported so other benchmarks (the outbox's) can run against a cache of
 * realistic size.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { performance } from 'node:perf_hooks'
import { searchOffline } from '../src/core/search/offline-search'
import { listOwnSubmissions } from '../src/core/submissions/own-submissions'
import { searchReasonsOffline } from '../src/core/search/reason-search'
import { upsertRegistryReports } from '../src/core/cache/reports-cache'
import type { IdentifierQuery } from '../src/core/cache/searches-cache'
import { openDatabase, type Db } from '../src/core/store/open-database'
import { writeTransaction } from '../src/core/store/write-transaction'
import { FRAUD_TYPES } from '../src/shared/domain/fraud-types'
import type { PublicReport, ReportRecord } from '../src/shared/domain/responses'

/** A small seeded generator (mulberry32), so every run fills the same database. */
function createRandom(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T
  const digits = (n: number) => Array.from({ length: n }, () => int(0, 9)).join('')
  return { next, int, pick, digits }
}
type Random = ReturnType<typeof createRandom>

const FIRST_NAMES = [
  'Adebayo',
  'Chinedu',
  'Ngozi',
  'Oluwaseun',
  'Aisha',
  'Emeka',
  'Funmilayo',
  'Ibrahim',
  'Kelechi',
  'Zainab',
  'Tunde',
  'Amaka',
  'Yusuf',
  'Blessing',
  'Ọlá',
  'Adébáyọ̀',
  'Chiamaka',
  'Musa',
  'Efe',
  'Halima',
]
const LAST_NAMES = [
  'Okafor',
  'Adeyemi',
  'Bello',
  'Eze',
  'Ogunleye',
  'Abubakar',
  'Nwosu',
  'Balogun',
  'Okonkwo',
  'Danjuma',
  'Ibekwe',
  'Lawal',
  'Ogbu',
  'Salami',
  'Uche',
]
const CITIES = [
  'Lagos',
  'Abuja',
  'Ibadan',
  'Kano',
  'Port Harcourt',
  'Enugu',
  'Benin City',
  'Kaduna',
  'Owerri',
  'Abeokuta',
  'Jos',
  'Ilorin',
  'Lekki',
  'Ikeja',
  'Onitsha',
]
const BANKS = [
  'access-bank',
  'gtbank',
  'first-bank',
  'uba',
  'zenith-bank',
  'fidelity-bank',
  'union-bank',
  'sterling-bank',
  'wema-bank',
  'fcmb',
  'ecobank',
  'stanbic-ibtc',
  'polaris-bank',
  'kuda',
  'opay',
  'palmpay',
  'moniepoint',
]
const BANK_NAMES = [
  'Access Bank',
  'GTBank',
  'First Bank',
  'UBA',
  'Zenith Bank',
  'Fidelity Bank',
  'Union Bank',
  'Sterling Bank',
  'Wema Bank',
  'FCMB',
  'Kuda',
  'OPay',
  'PalmPay',
  'Moniepoint',
]
const CHANNELS = [
  'mobile app',
  'USSD',
  'internet banking',
  'POS terminal',
  'ATM',
  'agent banking outlet',
  'WhatsApp',
  'Instagram',
  'phone call',
  'SMS link',
]
const DOMAINS = ['gmail.com', 'yahoo.com', 'outlook.com', 'proton.me', 'example.ng']

const SENTENCES: ((r: Random) => string)[] = [
  (r) =>
    `Customer ${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)} reported an unauthorized transfer of NGN ${r.int(5, 950)},${r.digits(3)} through the ${r.pick(CHANNELS)} on ${r.int(1, 28)}/${r.int(1, 12)}/2025.`,
  (r) =>
    `The funds were moved within minutes to an account at ${r.pick(BANK_NAMES)} and then split across ${r.int(2, 9)} mule accounts in ${r.pick(CITIES)}.`,
  (r) =>
    `A caller posing as ${r.pick(BANK_NAMES)} staff asked for the OTP and card PIN to "stop a blocked transfer", then emptied the account.`,
  (r) =>
    `SIM swap suspected: the victim's line went dead at ${r.int(1, 12)}:${r.digits(2)} and the ${r.pick(CHANNELS)} was re-registered on a new device shortly after.`,
  (r) =>
    `The subject opened the account with a forged utility bill and a BVN belonging to ${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)}, who denies any knowledge of it.`,
  (r) =>
    `Loan of NGN ${r.int(50, 900)},000 disbursed by a digital lender was withdrawn in cash at a POS agent in ${r.pick(CITIES)} the same day; no repayment was ever made.`,
  (r) =>
    `Romance scam: met the victim on ${r.pick(['Facebook', 'Instagram', 'a dating app', 'Telegram'])}, asked for money for customs fees and a medical emergency, then blocked her.`,
  (r) =>
    `Seller of a plot in ${r.pick(CITIES)} showed forged survey documents and collected a deposit of NGN ${r.int(1, 40)} million; the land belongs to a family trust.`,
  (r) =>
    `Account takeover: password reset from an unknown device in ${r.pick(CITIES)}, followed by ${r.int(2, 14)} transfers just under the daily limit.`,
  (r) =>
    `Investment scheme promising ${r.int(20, 60)}% monthly returns; early investors were paid from later deposits until withdrawals stopped in ${r.pick(['March', 'June', 'September', 'December'])}.`,
  () =>
    `Statements, CCTV stills and the chat history are attached; the branch has placed a post-no-debit on the beneficiary account pending investigation.`,
  (r) =>
    `The beneficiary's KYC shows an address in ${r.pick(CITIES)} that turned out to be a vacant lot; phone numbers on file are switched off.`,
  (r) =>
    `Cheque for NGN ${r.int(100, 999)},000 presented at the ${r.pick(CITIES)} branch carried a signature that does not match the mandate on file.`,
  () =>
    `Victim was told to install a "security update" that turned out to be a remote-access app; the fraudster then approved transfers from her phone.`,
]

/** Reason lengths skew short, as real ones do: most a few hundred characters, some near the 2,000 limit. */
function reasonText(r: Random): string {
  const roll = r.next()
  const target = roll < 0.55 ? r.int(50, 300) : roll < 0.9 ? r.int(300, 1000) : r.int(1000, 2000)
  let text = ''
  while (text.length < target) text += (text ? ' ' : '') + r.pick(SENTENCES)(r)
  if (text.length > 2000) text = text.slice(0, text.lastIndexOf(' ', 2000))
  return text
}

function identifier(r: Random): IdentifierQuery {
  const first = r.pick(FIRST_NAMES)
  const last = r.pick(LAST_NAMES)
  switch (
    r.pick([
      'account',
      'account',
      'account',
      'phone',
      'phone',
      'bvn',
      'nin',
      'email',
      'account_name',
      'social_handle',
    ] as const)
  ) {
    case 'account':
      return { identifier: 'account', value: `${r.digits(10)}_${r.pick(BANKS)}` }
    case 'phone':
      return {
        identifier: 'phone',
        value: `0${r.pick(['70', '80', '81', '90', '91'])}${r.digits(8)}`,
      }
    case 'bvn':
      return { identifier: 'bvn', value: `22${r.digits(9)}` }
    case 'nin':
      return { identifier: 'nin', value: r.digits(11) }
    case 'email':
      return {
        identifier: 'email',
        value: `${first}.${last}${r.int(1, 9999)}@${r.pick(DOMAINS)}`.toLowerCase(),
      }
    case 'account_name':
      return {
        identifier: 'account_name',
        value:
          `${first} ${last} ${r.pick(['Ventures', 'Enterprises', 'Global', 'Stores', ''])}`.trim(),
      }
    default:
      return {
        identifier: 'social_handle',
        value: `@${first.toLowerCase()}_${last.toLowerCase()}${r.int(1, 999)}`,
      }
  }
}

export interface FillOptions {
  /** How many registry reports to cache (default 100,000). */
  reports?: number
  seed?: number
  /** Share of them that are the organization's own submissions; the rest came from searches. */
  ownShare?: number
  /** Share of the non-own ones that are public reports. */
  publicShare?: number
  /** Epoch ms the records count as seen at. */
  seenAt?: number
}

export interface FilledCache {
  reports: number
  /** Every identifier written, as a search would ask for it. */
  identifiers: IdentifierQuery[]
  /** Words that occur in the reasons, for full-text queries. */
  vocabulary: string[]
  fillMs: number
}

/**
 * Fills the cache tables of `db` (opened with openDatabase) with realistic registry reports:
 * reasons of 50–2000 characters, 1–3 identifiers each (some shared between reports, as
 * a mule account is reported more than once), own submissions and stored search results.
 * Writes through the cache's own upsert, in transactions of 1,000.
 */
export function fillSearchCache(db: Db, options: FillOptions = {}): FilledCache {
  const total = options.reports ?? 100_000
  const r = createRandom(options.seed ?? 20260314)
  const ownShare = options.ownShare ?? 0.6
  const publicShare = options.publicShare ?? 0.25
  const seenAt = options.seenAt ?? Date.parse('2026-03-14T09:00:00.000Z')
  const identifiers: IdentifierQuery[] = []
  const started = performance.now()
  const baseTime = Date.parse('2023-01-01T00:00:00.000Z')
  const span = Date.parse('2026-03-01T00:00:00.000Z') - baseTime

  const BATCH = 1000
  for (let from = 0; from < total; from += BATCH) {
    const own: ReportRecord[] = []
    const others: ReportRecord[] = []
    const publics: PublicReport[] = []
    for (let i = from; i < Math.min(total, from + BATCH); i++) {
      const count = r.int(1, 3)
      const ids = Array.from({ length: count }, () =>
        identifiers.length > 0 && r.next() < 0.05 ? r.pick(identifiers) : identifier(r),
      )
      identifiers.push(...ids)
      // Newest first, as a first full refresh pages them, a few minutes of jitter.
      const at = baseTime + span * (1 - i / total) - Math.floor(r.next() * 600_000)
      const createdAt = new Date(at).toISOString()
      const common = {
        fraudType: r.pick(FRAUD_TYPES),
        fraudReason: reasonText(r),
        attachments: [],
        status: 'published',
        createdAt,
        updatedAt: createdAt,
        identifiers: ids.map((id, n) => ({
          id: `idf_${i}_${n}`,
          label: id.identifier,
          value: id.value,
        })),
      }
      const roll = r.next()
      if (roll < ownShare)
        own.push({
          ...common,
          id: `rep_${i}`,
          companyId: 'cmp_own',
          userId: 'usr_own',
          listingStatus: r.next() < 0.03 ? 'unlisted' : 'listed',
          showUploaderInfo: false,
          reportingCompany: { businessName: 'Lagoon Microfinance Bank (demo)', id: 'cmp_own' },
        })
      else if (roll < ownShare + (1 - ownShare) * publicShare)
        publics.push({
          ...common,
          id: `pub_${i}`,
          reportingEntity: 'self',
          financialInstitution: r.pick(BANK_NAMES),
        })
      else
        others.push({
          ...common,
          id: `rep_${i}`,
          companyId: `cmp_${r.int(1, 40)}`,
          listingStatus: 'listed',
          reportingCompany: { businessName: `Member institution ${r.int(1, 40)}`, id: 'cmp_x' },
        })
    }
    // Begun IMMEDIATE (writeTransaction): bench:load fills the folder of a running app core.
    writeTransaction(db, () => {
      upsertRegistryReports(db, 'report', own, { own: true, seenAt })
      upsertRegistryReports(db, 'report', others, { own: false, seenAt })
      upsertRegistryReports(db, 'public_report', publics, { own: false, seenAt })
    })
  }
  const vocabulary = [
    ...new Set(
      [
        ...FIRST_NAMES,
        ...LAST_NAMES,
        ...CITIES,
        ...BANK_NAMES,
        ...CHANNELS,
        ...SENTENCES.map((s) => s(r)),
      ]
        .join(' ')
        .match(/[\p{L}\p{N}]{3,}/gu) ?? [],
    ),
  ]
  return { reports: total, identifiers, vocabulary, fillMs: performance.now() - started }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}

function measure(count: number, run: (i: number) => void) {
  for (let i = 0; i < Math.min(50, count); i++) run(i) // warm the statement cache and pages
  const times: number[] = []
  for (let i = 0; i < count; i++) {
    const t0 = performance.now()
    run(i)
    times.push(performance.now() - t0)
  }
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1) ?? NaN }
}

/** How a person might type a stored value: the lookup normalizes it back. */
function asTyped(r: Random, query: IdentifierQuery): IdentifierQuery {
  if (query.identifier === 'phone' && r.next() < 0.5)
    return {
      ...query,
      value: `${query.value.slice(0, 4)} ${query.value.slice(4, 7)} ${query.value.slice(7)}`,
    }
  if (query.identifier === 'email' && r.next() < 0.5)
    return { ...query, value: query.value.toUpperCase() }
  return query
}

function fullTextQuery(r: Random, vocabulary: string[]): string {
  const word = () => r.pick(vocabulary)
  switch (r.int(0, 4)) {
    case 0:
      return word()
    case 1:
      return `${word()} ${word()}`
    case 2: {
      const w = word()
      return `${word()} ${w.slice(0, Math.max(2, Math.ceil(w.length / 2)))}` // typing the last word
    }
    case 3:
      return `"${r.pick(SENTENCES)(r).split(' ').slice(2, 5).join(' ')}"`
    default:
      return `${word()} ${word()} ${word()}`
  }
}

function argument(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`)
  const value = at >= 0 ? Number(process.argv[at + 1]) : NaN
  return Number.isFinite(value) && value > 0 ? value : fallback
}

const fmt = (ms: number) => `${ms.toFixed(3)} ms`

function main(): void {
  const reports = argument('reports', 100_000)
  const exactCount = argument('exact', 2000)
  const fullTextCount = argument('fulltext', 500)
  const dir = mkdtempSync(join(tmpdir(), 'casefile-bench-search-'))
  const path = join(dir, 'casefile.db')
  // Encrypted, as the app and the CLI keep every data folder.
  const db = openDatabase(path, randomBytes(32))
  try {
    console.log(
      `Filling ${reports.toLocaleString('en')} cached reports into ${path} (encrypted, AEGIS-256) …`,
    )
    const filled = fillSearchCache(db, { reports })
    db.pragma('wal_checkpoint(TRUNCATE)')
    const sizeMb = statSync(path).size / 1024 / 1024
    console.log(
      `fill: ${(filled.fillMs / 1000).toFixed(1)} s (${filled.identifiers.length.toLocaleString('en')} identifiers, ${sizeMb.toFixed(0)} MiB)`,
    )

    const r = createRandom(7)
    const exactQueries = Array.from({ length: exactCount }, () =>
      r.next() < 0.9
        ? asTyped(r, r.pick(filled.identifiers))
        : { identifier: 'account' as const, value: `${r.digits(10)}_${r.pick(BANKS)}` },
    )
    let exactHits = 0
    const exact = measure(exactCount, (i) => {
      const answer = searchOffline(db, exactQueries[i]!)
      exactHits += answer.reports.length + answer.publicReports.length
    })

    const textQueries = Array.from({ length: fullTextCount }, () =>
      fullTextQuery(r, filled.vocabulary),
    )
    let textHits = 0
    const fullText = measure(fullTextCount, (i) => {
      textHits += searchReasonsOffline(db, textQueries[i]!, { limit: 50 }).hits.length
    })

    const deep = measure(200, () => {
      listOwnSubmissions(db, { offset: r.int(0, Math.floor(reports * 0.6)), limit: 100 })
    })

    const verdict = (p99: number, target: number) =>
      p99 < target ? 'meets target' : 'MISSES target'
    console.log(`exact identifier lookup, ${exactCount} queries (${exactHits} records returned):`)
    console.log(
      `  p50 ${fmt(exact.p50)}  p99 ${fmt(exact.p99)}  max ${fmt(exact.max)}  target p99 < 2 ms: ${verdict(exact.p99, 2)}`,
    )
    console.log(
      `full-text over reasons, ${fullTextCount} queries, top 50 (${textHits} hits returned):`,
    )
    console.log(
      `  p50 ${fmt(fullText.p50)}  p99 ${fmt(fullText.p99)}  max ${fmt(fullText.max)}  target p99 < 30 ms: ${verdict(fullText.p99, 30)}`,
    )
    console.log(`own submissions list, 100 rows at a random offset (for reference):`)
    console.log(`  p50 ${fmt(deep.p50)}  p99 ${fmt(deep.p99)}  max ${fmt(deep.max)}`)
  } finally {
    db.close()
    if (!process.argv.includes('--keep')) rmSync(dir, { recursive: true, force: true })
    else console.log(`kept ${path}`)
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) main()
