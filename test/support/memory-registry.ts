import type { ReportInput } from '../../src/shared/domain/report-input'
import type { CreatedReport, ReportRecord } from '../../src/shared/domain/responses'
import type { ClockSample } from '../../src/core/registry/registry-clock'
import { RegistryError } from '../../src/core/registry-error'
import type { SyncClient } from '../../src/core/sync/sync-engine'

/*
 * The registry as the sync engine sees it, in memory: a double of the engine's SyncClient for
 * fast, certain engine tests beside the ones over real HTTP against the sandbox. Each call
 * answers at once, unless a fault was scripted for its route; every call is recorded.
 */

export type MemoryRoute =
  'create' | 'update' | 'unlist' | 'submissions' | 'decode' | 'search' | 'upload' | 'bulk'

export type MemoryFault =
  /** The registry does the work, and its answer is lost on the way (a timeout after sending). */
  | { kind: 'lost_answer' }
  /** No answer in time, and the registry did nothing: the outcome is as unknown as above. */
  | { kind: 'timeout' }
  /** A 5xx (500 by default: the registry may have done the work; a 503 says it did not). */
  | { kind: 'server'; status?: number; retryAfterMs?: number }
  /** A 429 with its Retry-After. */
  | { kind: 'rate_limited'; retryAfterMs: number }
  /** The connection was refused: nothing left this computer. */
  | { kind: 'offline' }

/** One call the engine made: the route, the report it named, and the body it sent. */
export interface MemoryCall {
  route: MemoryRoute
  id?: string
  input?: ReportInput
  /** What the registry did: answered, or the fault that met the call. */
  fault?: MemoryFault['kind']
}

interface Stored {
  record: ReportRecord
  /** Filed by this organization (the key's): listed and decoded; another's is only found by search. */
  own: boolean
}

const ENDPOINTS: Record<MemoryRoute, string> = {
  create: 'POST /api/v1/external/reports',
  update: 'PUT /api/v1/external/reports/{id}',
  unlist: 'PATCH /api/v1/external/reports/{id}/unlist',
  submissions: 'GET /api/v1/external/reports/submissions',
  decode: 'GET /api/v1/external/reports/submissions/{id}/decode',
  search: 'POST /api/v1/external/reports/search',
  upload: 'POST {upload_url}',
  bulk: 'POST /api/v1/external/reports/bulk',
}

function errorOf(route: MemoryRoute, fault: MemoryFault): RegistryError {
  const endpoint = ENDPOINTS[route]
  switch (fault.kind) {
    case 'lost_answer':
    case 'timeout':
      return new RegistryError({
        kind: 'timeout',
        message: 'The registry did not answer in time.',
        endpoint,
        outcomeUnknown: true,
      })
    case 'server': {
      const status = fault.status ?? 500
      return new RegistryError({
        kind: 'server',
        message: `The registry failed (HTTP ${status}).`,
        endpoint,
        status,
        retryAfterMs: fault.retryAfterMs,
        outcomeUnknown: status !== 503,
      })
    }
    case 'rate_limited':
      return new RegistryError({
        kind: 'rate_limited',
        message: 'The registry asked to slow down (HTTP 429).',
        endpoint,
        status: 429,
        retryAfterMs: fault.retryAfterMs,
        outcomeUnknown: false,
      })
    case 'offline':
      return new RegistryError({
        kind: 'offline',
        message: 'The registry cannot be reached (ECONNREFUSED).',
        endpoint,
        outcomeUnknown: false,
      })
  }
}

export class MemoryRegistry {
  /** Every call, in order. */
  readonly calls: MemoryCall[] = []
  private readonly stored = new Map<string, Stored>()
  private readonly scripted = new Map<MemoryRoute, MemoryFault[]>()
  private nextId = 1

  constructor(
    private readonly options: {
      /** The registry's clock: it stamps createdAt (epoch ms). */
      now?: () => number
      /** Told of each answer's Date header, as the real client tells the folder's clock. */
      onServerClock?: (sample: ClockSample) => void
      /** This computer's clock, for those samples. */
      laptop?: { now(): number }
    } = {},
  ) {}

  private now(): number {
    return this.options.now?.() ?? Date.now()
  }

  /** The next calls to `route` meet these faults, one each, in order. */
  fail(route: MemoryRoute, ...faults: MemoryFault[]): this {
    this.scripted.set(route, [...(this.scripted.get(route) ?? []), ...faults])
    return this
  }

  /** Files a report as another laptop of this organization (or another organization) would. */
  file(input: ReportInput, options: { createdAt?: number; own?: boolean } = {}): string {
    return this.store(input, options.createdAt ?? this.now(), options.own ?? true).id
  }

  /** The calls made to `route`. */
  callsTo(route: MemoryRoute): MemoryCall[] {
    return this.calls.filter((call) => call.route === route)
  }

  /** The organization's reports with this reason, as the registry holds them. */
  reportsWithReason(reason: string): ReportRecord[] {
    return [...this.stored.values()]
      .filter((s) => s.own && s.record.fraudReason === reason)
      .map((s) => s.record)
  }

  private store(input: ReportInput, createdAt: number, own: boolean): ReportRecord {
    const at = new Date(createdAt).toISOString()
    const record: ReportRecord = {
      id: `mem-${this.nextId++}`,
      fraudType: input.fraudType,
      fraudReason: input.fraudReason,
      identifiers: input.identifiers.map((i) => ({ label: i.label, value: i.value })),
      attachments: [...input.attachments],
      listingStatus: 'listed',
      createdAt: at,
      updatedAt: at,
    }
    this.stored.set(record.id, { record, own })
    return record
  }

  /** One call: recorded, then its scripted fault or `work`'s answer. */
  private async call<T>(call: MemoryCall, work: () => T): Promise<T> {
    this.calls.push(call)
    const fault = this.scripted.get(call.route)?.shift()
    call.fault = fault?.kind
    if (fault?.kind === 'lost_answer') work()
    if (fault) throw errorOf(call.route, fault)
    const answer = work()
    const laptop = this.options.laptop?.now() ?? Date.now()
    // A Date header says whole seconds.
    const serverDate = Math.floor(this.now() / 1000) * 1000
    this.options.onServerClock?.({ serverDate, sentAt: laptop, receivedAt: laptop })
    return answer
  }

  private own(id: string, route: MemoryRoute): Stored {
    const found = this.stored.get(id)
    if (!found?.own)
      throw new RegistryError({
        kind: 'not_found',
        message: `No report ${id}.`,
        endpoint: ENDPOINTS[route],
        status: 404,
        outcomeUnknown: false,
      })
    return found
  }

  /** The double, as the engine's client. */
  readonly client: SyncClient = {
    createReport: (input) =>
      this.call({ route: 'create', input }, () => {
        const record = this.store(input, this.now(), true)
        return { ...record, attachments: undefined } as CreatedReport
      }),
    updateReport: (id, input) =>
      this.call({ route: 'update', id, input }, () => {
        const found = this.own(id, 'update')
        const { attachments, ...rest } = input
        found.record = { ...found.record, ...rest, attachments: [...attachments] }
        return { ...found.record, attachments: undefined } as CreatedReport
      }),
    unlistReport: (id) =>
      this.call({ route: 'unlist', id }, () => {
        this.own(id, 'unlist').record.listingStatus = 'unlisted'
      }),
    listSubmissions: (query = {}) =>
      this.call({ route: 'submissions' }, () => {
        const limit = query.limit ?? 20
        const page = query.page ?? 1
        // Newest first, as the sandbox lists them.
        const all = [...this.stored.values()]
          .filter((s) => s.own)
          .map((s) => s.record)
          .sort((a, b) => Date.parse(b.createdAt ?? '') - Date.parse(a.createdAt ?? ''))
        return {
          data: all.slice((page - 1) * limit, page * limit),
          meta: { total: all.length, page, limit },
        }
      }),
    decodeSubmission: (id) =>
      this.call({ route: 'decode', id }, () => this.own(id, 'decode').record),
    searchReports: (input) =>
      this.call({ route: 'search' }, () => ({
        reports: [...this.stored.values()]
          .map((s) => s.record)
          .filter((r) =>
            (r.identifiers ?? []).some(
              (i) => i.label === input.identifier && i.value === input.value,
            ),
          ),
        publicReports: [],
      })),
    uploadFile: (file) =>
      this.call({ route: 'upload' }, () => {
        const id = `file-${this.nextId++}`
        return { id, url: `https://files.example.org/${id}/${file.fileName}` }
      }),
    bulkUpload: () =>
      this.call({ route: 'bulk' }, () => {
        throw new Error('The memory registry takes no bulk uploads; use the sandbox.')
      }),
  }
}
