import { BULK_HEADERS } from '../src/shared/bulk-template'
import { FRAUD_TYPES } from '../src/shared/domain'

/** The banks the benches' rows name (and cache, where a bank list is needed). */
export const BENCH_BANKS = [
  { name: 'Access Bank', slug: 'access-bank', code: '044' },
  { name: 'Guaranty Trust Bank', slug: 'gtbank', code: '058' },
  { name: 'First Bank of Nigeria', slug: 'first-bank', code: '011' },
  { name: 'Zenith Bank', slug: 'zenith-bank', code: '057' },
]

/**
 * The header, then `rows` distinct, valid reports of the bulk template (every tenth with a
 * link attachment); `offset` keeps the reports of two runs apart; banks by name or by slug.
 */
export function* benchReportRows(
  rows: number,
  options: { offset?: number; bankBy?: 'name' | 'slug' } = {},
): Generator<string[]> {
  const offset = options.offset ?? 0
  yield [...BULK_HEADERS]
  const at = (header: string) => BULK_HEADERS.indexOf(header)
  for (let n = 0; n < rows; n++) {
    const i = offset + n
    const row = BULK_HEADERS.map(() => '')
    row[at('fraud_type')] = FRAUD_TYPES[i % FRAUD_TYPES.length] ?? 'other'
    row[at('fraud_reason')] =
      `Case ${i}: the subject opened an account with forged documents, received transfers from ${i % 97} victims of a fake investment scheme and moved the funds within hours.`
    row[at('show_uploader_info')] = i % 2 === 0 ? 'true' : 'false'
    row[at('account_number_1')] = String(1_000_000_000 + i)
    const bank = BENCH_BANKS[i % BENCH_BANKS.length]
    // By slug, a row reads the same whether or not the data folder has a bank list cached.
    row[at('bank_1')] = (options.bankBy === 'slug' ? bank?.slug : bank?.name) ?? ''
    row[at('bvn')] = String(22_000_000_000 + i)
    row[at('phone')] = `080${String(i).padStart(8, '0')}`
    row[at('email')] = `suspect${i}@example.com`
    if (i % 10 === 0) row[at('attachment_1')] = `https://files.example.com/evidence-${i}.pdf`
    yield row
  }
}
