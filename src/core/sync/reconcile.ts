import { reportIdentityKey } from '../../shared/domain/fingerprint'
import { IDENTIFIER_TYPES } from '../../shared/domain/identifiers'
import type { ReportInput } from '../../shared/domain/report-input'
import type { ReportRecord } from '../../shared/domain/responses'
import { type RegistryClient } from '../registry/registry'
import { isRegistryError } from '../registry-error'
import type { ReconcileWindow } from './reconcile-window'
import { createdAtOf, readSubmissions, type ListReading } from './reconcile-list'
import type { ClaimedIds } from './resolve-attachments'

export type ReconcileOutcome =
  | { outcome: 'found'; id: string }
  | { outcome: 'not_found' }
  | { outcome: 'ambiguous'; ids: string[] }

type Client = Pick<RegistryClient, 'listSubmissions' | 'decodeSubmission' | 'searchReports'>

interface Options {
  /** Asked once the registry has answered (its clock is then known). */
  window: () => ReconcileWindow
  claimedIds: ClaimedIds
  signal?: AbortSignal
  /** Inputs not to search for by identifier (rows the registry said it refused). */
  noSearch?: ReadonlySet<number>
}

/** Where the reports were looked for: the list as far as it was read, and which were searched. */
export interface LookedAt extends ListReading {
  /** The start of the window, in the registry's time (epoch ms). */
  since: number
  /** The inputs looked up by an identifier, with the one used. */
  searched: Map<number, { label: string; value: string }>
}

type Comparable = Pick<ReportRecord, 'fraudType' | 'fraudReason' | 'identifiers' | 'attachments'>

const looksMasked = (record: ReportRecord) =>
  (record.identifiers ?? []).some((identifier) => identifier.value.includes('*'))

const baseKeyOf = (record: Comparable) =>
  reportIdentityKey({
    fraudType: record.fraudType ?? '',
    fraudReason: record.fraudReason ?? '',
    identifiers: (record.identifiers ?? []).map((i) => ({ label: i.label ?? '', value: i.value })),
  })

/** The files are part of what a report is: two laptops may file the same words with other evidence. */
const attachmentsKeyOf = (attachments: readonly string[]) => JSON.stringify([...attachments].sort())

const typeAndReason = (record: { fraudType?: string | null; fraudReason?: string | null }) =>
  `${(record.fraudType ?? '').trim()}\u0000${(record.fraudReason ?? '').trim().replace(/\s+/g, ' ')}`

/** The inputs sought, and the registry's reports found for each of them. */
class Matches {
  private readonly byFullKey = new Map<string, number[]>()
  private readonly byBaseKey = new Map<string, string[]>()
  readonly typesAndReasons: Set<string>
  /** Per full key: ids created in the window, and ids created after it. */
  readonly inWindow = new Map<string, string[]>()
  readonly later = new Map<string, string[]>()
  private readonly seen = new Set<string>()
  private windowRead: ReconcileWindow | null = null
  /**
   * Each input's full key, made once: whether all are found is asked after every page of the
   * list, and a key normalizes every identifier (a 500-row file read over 50 pages was 25,000
   * keys made again, 170 ms of the core's loop at a time under load).
   */
  private readonly keys = new Map<ReportInput, string>()

  constructor(
    readonly inputs: readonly ReportInput[],
    private readonly options: Options,
  ) {
    inputs.forEach((input, index) => {
      const base = baseKeyOf(input)
      const full = `${base}\u0000${attachmentsKeyOf(input.attachments)}`
      this.keys.set(input, full)
      this.byFullKey.set(full, [...(this.byFullKey.get(full) ?? []), index])
      if (!this.byBaseKey.get(base)?.includes(full))
        this.byBaseKey.set(base, [...(this.byBaseKey.get(base) ?? []), full])
    })
    this.typesAndReasons = new Set(inputs.map(typeAndReason))
  }

  fullKeyOf(input: ReportInput): string {
    return this.keys.get(input) ?? `${baseKeyOf(input)}\u0000${attachmentsKeyOf(input.attachments)}`
  }

  /**
   * Whether a record is worth a closer look: not already ours, of a type and reason sought. The
   * store is asked last (claimedIds: a query a record), for the few records of a sought type and
   * reason: asked first, for every record of every page read, it held the core's loop 400 ms at
   * a time and took 6 % of its time reconciling 40 bulk files under bench:load.
   */
  worthChecking(record: ReportRecord): boolean {
    return (
      !this.seen.has(record.id) &&
      this.typesAndReasons.has(typeAndReason(record)) &&
      !this.options.claimedIds.has(record.id)
    )
  }

  /** Records one of the organization's reports (its identifiers in full). */
  add(record: ReportRecord): void {
    if (this.seen.has(record.id)) return
    this.seen.add(record.id)
    const base = baseKeyOf(record)
    // A registry that leaves attachments out of a record is taken at its word on the rest.
    const keys =
      record.attachments == null
        ? (this.byBaseKey.get(base) ?? [])
        : [`${base}\u0000${attachmentsKeyOf(record.attachments)}`]
    const created = createdAtOf(record)
    const { since, until } = this.window()
    if (!Number.isNaN(created) && created < since) return
    const into = !Number.isNaN(created) && created > until ? this.later : this.inWindow
    for (const key of keys)
      if (this.byFullKey.has(key)) into.set(key, [...(into.get(key) ?? []), record.id])
  }

  window(): ReconcileWindow {
    return (this.windowRead ??= this.options.window())
  }

  foundAny(input: ReportInput): boolean {
    const key = this.fullKeyOf(input)
    return (this.inWindow.get(key)?.length ?? 0) + (this.later.get(key)?.length ?? 0) > 0
  }

  outcomes(): ReconcileOutcome[] {
    return this.inputs.map((input, index): ReconcileOutcome => {
      const key = this.fullKeyOf(input)
      const ours = this.inWindow.get(key) ?? []
      const others = this.later.get(key) ?? []
      const group = this.byFullKey.get(key) ?? [index]
      if (ours.length === 0 && others.length === 0) return { outcome: 'not_found' }
      // One match per report of that identity sent together: each takes one, in order. A
      // match filed after our last attempt is another folder's: never adopted, a person decides.
      if (others.length === 0 && ours.length === group.length)
        return { outcome: 'found', id: ours[group.indexOf(index)] as string }
      return { outcome: 'ambiguous', ids: [...ours, ...others] }
    })
  }
}

/** The identifier to search a report by: the first of a type the search knows. */
function searchKeyOf(input: ReportInput) {
  const identifier = input.identifiers.find((i) =>
    (IDENTIFIER_TYPES as readonly string[]).includes(i.label),
  )
  return identifier
    ? { identifier: identifier.label as (typeof IDENTIFIER_TYPES)[number], value: identifier.value }
    : null
}

/** One of the organization's own reports in full, or null when it is another organization's. */
async function ownReport(
  client: Client,
  id: string,
  signal?: AbortSignal,
): Promise<ReportRecord | null> {
  try {
    return await client.decodeSubmission(id, { signal })
  } catch (error) {
    if (isRegistryError(error) && error.kind === 'not_found') return null
    throw error
  }
}

/**
 * Finds, for each of several reports, the organization's submission that is that report: the
 * same fraud type, reason, identifier set and attachments, created in the window, not claimed
 * by another local report. Reads the submissions once for all of them, until every one is
 * found or the list reaches before the window (any order, any paging: reconcile-list.ts),
 * then looks up by identifier (the registry indexes them, and a search does not page) each
 * report the list did not show, which a list that moves while it is read can skip. Says what
 * it looked at, for the words of a report it did not find.
 */
export async function lookForCreatedReports(
  client: Client,
  inputs: readonly ReportInput[],
  options: Options,
): Promise<{ outcomes: ReconcileOutcome[]; looked: LookedAt }> {
  const matches = new Matches(inputs, options)
  const { signal } = options
  const reading = await readSubmissions(
    client,
    () => matches.window(),
    signal,
    async (record) => {
      if (!matches.worthChecking(record)) return
      matches.add(
        looksMasked(record) ? await client.decodeSubmission(record.id, { signal }) : record,
      )
    },
    () => inputs.every((input) => matches.foundAny(input)),
  )
  const looked: LookedAt = { ...reading, since: matches.window().since, searched: new Map() }
  const searched = new Set<string>()
  for (const [index, input] of inputs.entries()) {
    if (matches.foundAny(input) || options.noSearch?.has(index)) continue
    const key = searchKeyOf(input)
    if (!key) continue
    looked.searched.set(index, { label: key.identifier, value: key.value })
    if (searched.has(`${key.identifier}:${key.value}`)) continue
    searched.add(`${key.identifier}:${key.value}`)
    let reports: ReportRecord[]
    try {
      reports = (await client.searchReports(key, { signal })).reports ?? []
    } catch (error) {
      // A value the search refuses is not a reason to send the report twice: the list stands.
      if (isRegistryError(error) && (error.kind === 'validation' || error.kind === 'not_found'))
        continue
      throw error
    }
    for (const record of reports) {
      if (!matches.worthChecking(record)) continue
      // A search shows every organization's reports: only our own can be this one.
      const own = await ownReport(client, record.id, signal)
      if (own) matches.add({ ...record, ...own, id: record.id })
    }
  }
  return { outcomes: matches.outcomes(), looked }
}

/** lookForCreatedReports, the outcomes alone. */
export async function findCreatedReports(
  client: Client,
  inputs: readonly ReportInput[],
  options: Options,
): Promise<ReconcileOutcome[]> {
  return (await lookForCreatedReports(client, inputs, options)).outcomes
}

/**
 * A create whose answer was lost (timeout, dropped connection, crash while sending) may or may
 * not exist on the registry, and the API has no idempotency key. Before sending it again, look
 * for it among the organization's reports created in the window. One match: adopt it. None:
 * safe to send again. Several, or one filed after our last attempt: a person must decide.
 */
export async function reconcileLostCreate(
  client: Client,
  input: ReportInput,
  options: Options,
): Promise<ReconcileOutcome> {
  const [outcome] = await findCreatedReports(client, [input], options)
  return outcome ?? { outcome: 'not_found' }
}
