/**
 * Screening a whole list (issue 28), measured.
 *
 *   npm run bench:screen [-- --identifiers 10000 --reports 100000 --online 600 --keep]
 *
 * 1. Reading + normalization + offline matching: a CSV of 10,000 identifiers (half of them
 *    on reports in the cache) against 100,000 cached reports, in an encrypted folder (target < 1 s).
 * 2. Online against the sandbox registry with 150 ms added to every search, at an unbounded
 *    rate (target ≥ 50 identifiers/s), and at the default rate over a short sample.
 * 3. Searches per distinct identifier (every identifier is in the list twice; target 1.0).
 * 4. Requests sent inside a 429's Retry-After (target 0), counted at a proxy.
 * 5. The full spellings: a list of phones, emails typed with capitals and accounts, each on two
 *    rows written two ways (0803… and +234 803…), with a 429 now and then: requests per
 *    distinct identifier (a phone asks seven spellings, an email two), registry searches a
 *    second, and how many spellings were asked more than once (target 0).
 * 6. `--rate auto` against a registry that lets N searches a second through and answers 429
 *    with `Retry-After: 1` above it (the sandbox's `rate_limit` rule with `perSecond`): N = 20
 *    with 10,000 identifiers (target: at least 16 searches/s over the run) and N = 5 with 1,000
 *    (target: settles at or below 5), both with 0 requests inside a Retry-After; the mean rate,
 *    the 429s answered and the time. The organization's ceiling is set to 50 for it.
 *    `-- --only auto` runs this phase alone; `--auto-identifiers`, `--auto-small` change the sizes.
 * Figures only: nothing here is asserted.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { openCore, type Core } from '../src/core/open-core'
import { replaceBanks } from '../src/core/banks/banks-cache'
import { refreshBanks } from '../src/core/banks/banks'
import * as Screening from '../src/core/screening/screening'
import { runJob } from '../src/core/screening/screening-runner'
import { exchangeLog } from '../src/core/log/log'
import { DEFAULT_SCREENING_RATE } from '../src/shared/contracts/screening'
import { searchPaceOf, setMaxSearchRate } from '../src/core/search/search-pace'
import type { IdentifierQuery } from '../src/core/cache/searches-cache'
import { startSandbox } from '../src/sandbox'
import { startCountingProxy } from '../test/support/counting-proxy'
import { fillSearchCache } from './offline-search-bench'

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(`--${name}`)
  const value = at >= 0 ? Number(process.argv[at + 1]) : NaN
  return Number.isFinite(value) ? value : fallback
}
const IDENTIFIERS = arg('identifiers', 10_000)
const REPORTS = arg('reports', 100_000)
const ONLINE = arg('online', 600)
const COLUMNS = [
  'account_number',
  'bank',
  'bvn',
  'nin',
  'phone',
  'email',
  'account_name',
  'social_handle',
]

/** A CSV in the screening template's columns, one identifier a row. */
function listFile(dir: string, name: string, identifiers: readonly IdentifierQuery[]): string {
  const lines = [COLUMNS.join(',')]
  for (const { identifier, value } of identifiers) {
    const cells = COLUMNS.map(() => '')
    if (identifier === 'account') {
      const [number = '', slug = ''] = value.split('_')
      cells[0] = number
      cells[1] = slug
    } else cells[COLUMNS.indexOf(identifier)] = `"${value.replace(/"/g, '""')}"`
    lines.push(cells.join(','))
  }
  const path = join(dir, name)
  writeFileSync(path, `${lines.join('\n')}\n`)
  return path
}

const fresh = (n: number, tag: string): IdentifierQuery[] =>
  Array.from({ length: n }, (_, i) => ({ identifier: 'email', value: `${tag}${i}@bench.example` }))

async function offlinePhase(dir: string): Promise<void> {
  const core = openCore({
    dataDir: join(dir, 'offline'),
    folderKey: randomBytes(32),
    connection: { baseUrl: 'http://127.0.0.1:9', uploadUrl: 'http://127.0.0.1:9' },
    getApiKey: () => undefined,
  })
  try {
    const filled = fillSearchCache(core.db, { reports: REPORTS })
    const slugs = new Set(
      filled.identifiers
        .filter((i) => i.identifier === 'account')
        .map((i) => i.value.split('_')[1] ?? ''),
    )
    replaceBanks(
      core.db,
      [...slugs].map((slug) => ({ id: slug, name: slug, slug, code: null })),
      Date.now(),
    )
    const known = [
      ...new Map(filled.identifiers.map((i) => [`${i.identifier}:${i.value}`, i])).values(),
    ]
    const list = [
      ...known.slice(0, IDENTIFIERS / 2),
      ...fresh(IDENTIFIERS - IDENTIFIERS / 2, 'offline'),
    ]
    const path = listFile(dir, 'offline.csv', list)
    const started = performance.now()
    const job = await Screening.startScreening(
      core,
      { kind: 'table', fileName: 'offline.csv', table: { path } },
      { offline: true },
    )
    const ms = performance.now() - started
    const { totals } = Screening.jobView(core, job)
    console.log(
      `1. read + normalize + offline match: ${list.length} identifiers against ${filled.reports} cached reports in ${ms.toFixed(0)} ms (target < 1000 ms); ${totals.identifiers} distinct, ${totals.hits} rows hit, ${Screening.showJob(core, job).problems.length} problems`,
    )
  } finally {
    await core.close()
  }
}

async function onlinePhase(dir: string): Promise<void> {
  const sandbox = await startSandbox({ port: 0, dataDir: join(dir, 'sandbox') })
  const proxy = await startCountingProxy(sandbox)
  const core: Core = openCore({
    dataDir: join(dir, 'online'),
    folderKey: randomBytes(32),
    connection: { baseUrl: proxy.baseUrl, uploadUrl: proxy.uploadUrl },
    getApiKey: () => sandbox.demoKeys[0]?.key,
  })
  try {
    await refreshBanks(core)
    sandbox.setFaults([{ kind: 'latency', ms: 150, route: 'search' }])
    // Every identifier twice in the list: searched once each.
    const ids = fresh(ONLINE, 'online')
    const path = listFile(dir, 'online.csv', [...ids, ...ids])
    const job = await Screening.startScreening(core, {
      kind: 'table',
      fileName: 'online.csv',
      table: { path },
    })
    const before = proxy.searches.length
    let started = performance.now()
    await runJob(core, job, { rate: Infinity })
    let seconds = (performance.now() - started) / 1000
    const sent = proxy.searches.length - before
    console.log(
      `2. online, 150 ms added, unbounded rate: ${ONLINE} identifiers in ${seconds.toFixed(2)} s = ${(ONLINE / seconds).toFixed(1)} identifiers/s (target ≥ 50)`,
    )
    console.log(
      `3. searches per distinct identifier: ${sent} / ${ONLINE} = ${(sent / ONLINE).toFixed(3)} (target 1.0; the list held each twice)`,
    )

    const sample = fresh(12, 'rate')
    const rateJob = await Screening.startScreening(core, {
      kind: 'table',
      fileName: 'rate.csv',
      table: { path: listFile(dir, 'rate.csv', sample) },
    })
    started = performance.now()
    await runJob(core, rateJob, { rate: DEFAULT_SCREENING_RATE })
    seconds = (performance.now() - started) / 1000
    console.log(
      `   at the default rate (${DEFAULT_SCREENING_RATE}/s): ${sample.length} identifiers in ${seconds.toFixed(2)} s = ${(sample.length / seconds).toFixed(2)} identifiers/s`,
    )

    sandbox.setFaults([
      { kind: 'latency', ms: 150, route: 'search' },
      { kind: 'rate_limit', route: 'search', count: 1, retryAfterSeconds: 2 },
    ])
    const quietJob = await Screening.startScreening(core, {
      kind: 'table',
      fileName: 'quiet.csv',
      table: { path: listFile(dir, 'quiet.csv', fresh(200, 'quiet')) },
    })
    await runJob(core, quietJob, { rate: Infinity })
    // Counted where the client sends: a request leaves after the 429's answer came back, and
    // before its Retry-After ends. (Those the burst had already sent are on their way: allowed.)
    core.flushLog()
    const log = exchangeLog(core, { limit: 1000 })
    const refused = log.find((entry) => entry.status === 429)
    const quietFrom = refused ? Date.parse(refused.at) + refused.durationMs : 0
    const sentInside = log.filter((entry) => {
      const at = Date.parse(entry.at)
      return entry.status != null && at > quietFrom && at < quietFrom + 2000
    }).length
    const held = log.filter(
      (entry) => entry.status == null && entry.outcome === 'rate_limited',
    ).length
    console.log(
      `4. requests sent inside the Retry-After (2 s after the 429 came back): ${sentInside} (target 0); calls held back by the client: ${held}; the job finished ${Screening.jobView(core, quietJob).state}`,
    )
  } finally {
    await core.close()
    await proxy.stop()
    await sandbox.stop()
  }
}

/** Phones, emails with capitals and accounts, each twice, written two ways. */
function mixedFile(dir: string, n: number): { path: string; identifiers: number } {
  const lines = ['Customer,Phone,Email,Account No,Bank']
  for (let i = 0; i < n; i++) {
    const local = `0803${String(1_000_000 + i).slice(-7)}`
    const email = `Cust.${i}@Bench.Example`
    const account = String(i).padStart(9, '0')
    // The check digit of account i at Access Bank (044): the bank column fits it.
    const weights = [3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3, 3, 7, 3]
    const digits = `000044${account}`
    const sum = [...digits].reduce((total, d, k) => total + Number(d) * (weights[k] ?? 0), 0)
    const nuban = `${account}${(10 - (sum % 10)) % 10}`
    lines.push(`Row ${i},${local},${email},${nuban},Access Bank`)
    lines.push(`Row ${i} again,+234 ${local.slice(1)},${email.toLowerCase()},${nuban},044`)
  }
  const path = join(dir, 'mixed.csv')
  writeFileSync(path, `${lines.join('\n')}\n`)
  return { path, identifiers: n * 3 }
}

async function spellingsPhase(dir: string): Promise<void> {
  const sandbox = await startSandbox({ port: 0, dataDir: join(dir, 'sandbox-mixed') })
  const proxy = await startCountingProxy(sandbox)
  const core: Core = openCore({
    dataDir: join(dir, 'mixed'),
    folderKey: randomBytes(32),
    connection: { baseUrl: proxy.baseUrl, uploadUrl: proxy.uploadUrl },
    getApiKey: () => sandbox.demoKeys[0]?.key,
  })
  try {
    await refreshBanks(core)
    // 150 ms a search, and a 429 (Retry-After 1 s) on one search in fifty.
    sandbox.setFaults([
      { kind: 'latency', ms: 150, route: 'search' },
      { kind: 'rate_limit', route: 'search', rate: 0.02, retryAfterSeconds: 1 },
    ])
    const { path, identifiers } = mixedFile(dir, Math.round(ONLINE / 3))
    const job = await Screening.startScreening(core, {
      kind: 'table',
      fileName: 'mixed.csv',
      table: { path },
    })
    const before = proxy.searches.length
    const started = performance.now()
    await runJob(core, job, { rate: Infinity })
    const seconds = (performance.now() - started) / 1000
    const sent = proxy.searches.slice(before)
    const answered = sent.filter((s) => s.status === 200)
    const asked = new Map<string, number>()
    for (const s of answered) asked.set(s.value, (asked.get(s.value) ?? 0) + 1)
    const twice = [...asked.values()].filter((n) => n > 1).length
    const { totals } = Screening.jobView(core, job)
    console.log(
      `5. full spellings, 150 ms added, a 429 on 2 % of searches: ${identifiers} distinct identifiers (phones, emails typed with capitals, accounts; ${totals.rows} rows) in ${seconds.toFixed(2)} s: ${sent.length} requests (${answered.length} answered) = ${(sent.length / identifiers).toFixed(2)} requests per identifier (${(answered.length / identifiers).toFixed(2)} answered), ${(answered.length / seconds).toFixed(1)} answered searches/s, ${(identifiers / seconds).toFixed(1)} identifiers/s; spellings answered more than once: ${twice} (target 0); job ${Screening.jobView(core, job).state}`,
    )
  } finally {
    await core.close()
    await proxy.stop()
    await sandbox.stop()
  }
}

/** Requests the client sent after a 429 came back and before its Retry-After ended. */
function sentInsideRetryAfter(core: Core): { refused: number; inside: number } {
  core.flushLog()
  const log = exchangeLog(core, { limit: 1_000_000 }).filter((e) => e.endpoint.includes('search'))
  const quiets = log
    .filter((e) => e.status === 429)
    .map((e) => Date.parse(e.at) + e.durationMs)
    .sort((a, b) => a - b)
  let inside = 0
  for (const entry of log) {
    if (entry.status == null) continue
    const at = Date.parse(entry.at)
    if (quiets.some((from) => at > from && at < from + 1000)) inside++
  }
  return { refused: quiets.length, inside }
}

async function autoPhase(dir: string, perSecond: number, count: number): Promise<void> {
  const sandbox = await startSandbox({ port: 0, dataDir: join(dir, `sandbox-auto-${perSecond}`) })
  const core: Core = openCore({
    dataDir: join(dir, `auto-${perSecond}`),
    folderKey: randomBytes(32),
    connection: { baseUrl: sandbox.baseUrl, uploadUrl: sandbox.uploadUrl },
    getApiKey: () => sandbox.demoKeys[0]?.key,
  })
  try {
    await refreshBanks(core)
    setMaxSearchRate(core, 50)
    sandbox.setFaults([
      { kind: 'latency', ms: 20, route: 'search' },
      { kind: 'rate_limit', route: 'search', perSecond, retryAfterSeconds: 1 },
    ])
    const path = listFile(dir, `auto-${perSecond}.csv`, fresh(count, `auto${perSecond}-`))
    const job = await Screening.startScreening(
      core,
      { kind: 'table', fileName: 'auto.csv', table: { path } },
      { rate: 'auto' },
    )
    const answeredAt: number[] = []
    const started = performance.now()
    let searched = 0
    await runJob(core, job, {
      rate: 'auto',
      onProgress: (event) => {
        if (event.searched > searched) answeredAt.push(performance.now())
        searched = event.searched
      },
    })
    const seconds = (performance.now() - started) / 1000
    const { refused, inside } = sentInsideRetryAfter(core)
    const tail = answeredAt.filter((t) => t >= started + (seconds * 1000) / 2)
    const tailRate = tail.length / (seconds / 2)
    console.log(
      `6. --rate auto, registry allows ${perSecond}/s (429, Retry-After: 1 above it): ${searched} searches in ${seconds.toFixed(1)} s = mean ${(searched / seconds).toFixed(2)} searches/s (second half ${tailRate.toFixed(2)}/s; pace at the end ${searchPaceOf(core).current().rate.toFixed(2)}/s); 429s answered: ${refused}; requests inside a Retry-After: ${inside} (target 0); job ${Screening.jobView(core, job).state}`,
    )
  } finally {
    await core.close()
    await sandbox.stop()
  }
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'casefile-screen-bench-'))
  const only = process.argv.includes('--only')
    ? process.argv[process.argv.indexOf('--only') + 1]
    : null
  try {
    if (only === 'auto') {
      await autoPhase(dir, 20, arg('auto-identifiers', 10_000))
      await autoPhase(dir, 5, arg('auto-small', 1_000))
      return
    }
    await offlinePhase(dir)
    await onlinePhase(dir)
    await spellingsPhase(dir)
    await autoPhase(dir, 20, arg('auto-identifiers', 10_000))
    await autoPhase(dir, 5, arg('auto-small', 1_000))
  } finally {
    if (!process.argv.includes('--keep')) rmSync(dir, { recursive: true, force: true })
  }
}

void main()
