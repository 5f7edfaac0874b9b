import { mkdtempSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  createRegistryClient,
  type RegistryClient,
} from '../../../src/core/registry/registry-client'
import { openDatabase, type Db } from '../../../src/core/store/open-database'
import type { ReportInput } from '../../../src/shared/domain/report-input'
import type { PublicReport, ReportRecord } from '../../../src/shared/domain/responses'
import { startSandbox, type RunningSandbox } from '../../../src/sandbox'

/** A fresh Casefile database in its own temp folder, every migration applied. */
export function tempDatabase(): Db {
  return openDatabase(join(mkdtempSync(join(tmpdir(), 'casefile-cache-')), 'casefile.db'))
}

export const REASON =
  'Customer reported an unauthorized transfer after sharing an OTP with a caller who posed as bank staff.'

let sequence = 0

/** A 2.4 record as the submissions list or search returns it. */
export function reportRecord(overrides: Partial<ReportRecord> = {}): ReportRecord {
  sequence += 1
  return {
    id: `rep_${sequence}`,
    companyId: 'cmp_own',
    userId: 'usr_01',
    listingStatus: 'listed',
    exitedListAt: null,
    exitListReason: null,
    fraudType: 'hacker',
    fraudReason: REASON,
    showUploaderInfo: false,
    attachments: [],
    status: 'published',
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    identifiers: [{ id: `idf_${sequence}`, label: 'phone', value: '08031234567' }],
    reportingCompany: { businessName: 'Lagoon Microfinance Bank (demo)', id: 'cmp_own' },
    ...overrides,
  }
}

/** A 2.5 public report as search returns it. */
export function publicReport(overrides: Partial<PublicReport> = {}): PublicReport {
  sequence += 1
  return {
    id: `pub_${sequence}`,
    userId: null,
    fraudReason: REASON,
    fraudType: 'social_engineering',
    attachments: [],
    financialInstitution: 'Access Bank',
    eventDate: '2026-02-01T10:00:00.000Z',
    companyId: null,
    notificationSent: false,
    status: 'published',
    reportingEntity: 'self',
    createdAt: '2026-02-02T10:00:00.000Z',
    updatedAt: '2026-02-02T10:00:00.000Z',
    identifiers: [{ id: `idf_${sequence}`, label: 'email', value: 'mule@example.com' }],
    ...overrides,
  }
}

/** A sandbox registry whose clock the test moves. */
export interface TestRegistry {
  sandbox: RunningSandbox
  client: RegistryClient
  clock: { now: number }
  stop: () => Promise<void>
}

export async function startTestRegistry(start = Date.parse('2026-03-01T09:00:00.000Z')) {
  const clock = { now: start }
  const sandbox = await startSandbox({
    port: 0,
    dataDir: mkdtempSync(join(tmpdir(), 'casefile-cache-sbx-')),
    now: () => new Date(clock.now),
  })
  const key = sandbox.demoKeys[0]?.key
  const client = createRegistryClient(
    { baseUrl: sandbox.baseUrl, uploadUrl: sandbox.uploadUrl },
    { getApiKey: () => key, timeoutMs: 5_000 },
  )
  return { sandbox, client, clock, stop: () => sandbox.stop() } satisfies TestRegistry
}

/** A valid create body; `n` makes its reason and phone number unique. */
export function reportInput(n: number, overrides: Partial<ReportInput> = {}): ReportInput {
  return {
    fraudType: 'money_mule',
    fraudReason: `Report ${n}: funds from a hijacked account were moved through this account within minutes.`,
    identifiers: [{ label: 'phone', value: `0803${String(n).padStart(7, '0')}` }],
    attachments: [],
    showUploaderInfo: false,
    ...overrides,
  }
}

/** Creates `count` reports, a few at a time, each a second after the one before. */
export async function createReports(registry: TestRegistry, from: number, count: number) {
  const created: string[] = []
  for (let i = 0; i < count; i++) {
    registry.clock.now += 1000
    created.push((await registry.client.createReport(reportInput(from + i))).id)
  }
  return created
}

/** An address where nothing listens: connections are refused at once. */
export async function closedPortUrl(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (!address || typeof address === 'string') throw new Error('The test server has no port.')
  return `http://127.0.0.1:${address.port}`
}
