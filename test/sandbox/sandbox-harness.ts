import type { ReportInputDraft } from '../../src/shared/domain/report-input'
import type { RunningSandbox } from '../../src/sandbox'

export const REASON =
  'Customer account taken over after a SIM swap; funds were moved out to mule accounts within minutes.'

/** A valid create/update body; override any field. */
export function reportBody(overrides: Partial<ReportInputDraft> = {}): ReportInputDraft {
  return {
    fraudType: 'hacker',
    fraudReason: REASON,
    identifiers: [{ label: 'account', value: '0123456789_access-bank' }],
    attachments: [],
    showUploaderInfo: false,
    ...overrides,
  }
}

export { tempDataDir, useSandbox, type Harness } from '../support/use-sandbox'

export interface CallOptions {
  method?: string
  key?: string | null
  json?: unknown
  /** Raw body text (sent as application/json unless contentType says otherwise). */
  raw?: string
  contentType?: string
  body?: FormData
  signal?: AbortSignal
}

export interface CallResult {
  status: number
  headers: Headers
  body: { success: boolean; message: string; data: unknown } & Record<string, unknown>
}

/** One HTTP call to the sandbox with Node's fetch; the body parsed as JSON. */
export async function call(url: string, options: CallOptions = {}): Promise<CallResult> {
  const headers: Record<string, string> = {}
  if (options.key) headers['x-api-key'] = options.key
  let body: string | FormData | undefined
  if (options.json !== undefined) {
    body = JSON.stringify(options.json)
    headers['content-type'] = 'application/json'
  } else if (options.raw !== undefined) {
    body = options.raw
    headers['content-type'] = options.contentType ?? 'application/json'
  } else if (options.body) body = options.body
  const response = await fetch(url, {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    signal: options.signal,
  })
  const text = await response.text()
  let parsed: CallResult['body']
  try {
    parsed = JSON.parse(text) as CallResult['body']
  } catch {
    throw new Error(`${url} answered ${response.status} with a body that is not JSON: ${text}`)
  }
  return { status: response.status, headers: response.headers, body: parsed }
}

export const paths = {
  create: '/api/v1/external/reports',
  update: (id: string) => `/api/v1/external/reports/${encodeURIComponent(id)}`,
  unlist: (id: string) => `/api/v1/external/reports/${encodeURIComponent(id)}/unlist`,
  search: '/api/v1/external/reports/search',
  submissions: '/api/v1/external/reports/submissions',
  submission: (id: string) => `/api/v1/external/reports/submissions/${encodeURIComponent(id)}`,
  decode: (id: string) => `/api/v1/external/reports/submissions/${encodeURIComponent(id)}/decode`,
  bulk: '/api/v1/external/reports/bulk',
  banks: '/api/v1/meta-data/banks',
  upload: '/api/v1/upload',
  faults: '/__sandbox/faults',
}

/** Files a report as the given key and returns its id (fails the test on refusal). */
export async function createReport(
  sandbox: RunningSandbox,
  key: string,
  overrides: Partial<ReportInputDraft> = {},
): Promise<string> {
  const result = await call(sandbox.baseUrl + paths.create, { key, json: reportBody(overrides) })
  if (result.status !== 201)
    throw new Error(`create answered ${result.status}: ${result.body.message}`)
  return (result.body.data as { id: string }).id
}

/** How many reports the whole registry holds, from the admin route. */
export async function reportCount(sandbox: RunningSandbox): Promise<number> {
  const state = await call(sandbox.baseUrl + paths.faults)
  return (state.body.data as { reportCount: number }).reportCount
}

/** A distinct, valid 10-digit account on a known bank for test n. */
export function account(n: number, bank = 'gtbank'): { label: 'account'; value: string } {
  return { label: 'account', value: `${String(n).padStart(10, '0')}_${bank}` }
}
