import { joinAccountValue, type IdentifierType } from '../../shared/domain/identifiers'
import { banksFittingNuban } from '../../shared/domain/nuban'
import type { SearchResult } from '../../shared/domain/responses'
import type { CoreContext } from '../core-context'
import { type Db, prepare, writeTransaction, withoutDiskSync } from '../store/store'
import { listBanks } from '../banks/banks'
import { upsertRegistryReports, idList, storeSearchIds, type IdentifierQuery } from '../cache/cache'
import { isRegistryError } from '../registry-error'
import { pacedSearch, searchSpellingsOf } from '../search/search'
import { isBankGuessed } from './screening-outcome'
import { typedSpellingsOf, type IdentifierRow } from './screening-store'

/*
 * Each spelling a job searches, asked once a job. An identifier is searched in every spelling
 * the desk's search asks (searchSpellingsOf: a phone's seven, an email as typed and in lower
 * case, a free-text value in NFC and NFD) or, for an account whose bank was not given, at every
 * bank whose CBN code fits its check digit. Each answer is committed the moment it comes
 * (screening_spellings, migration 0014) with its records in the cache, so a spelling another
 * identifier of the job shares, or one answered before a 429, a lost connection or a kill cut
 * the identifier short, is taken from there and never asked again; two identifiers in flight
 * at once that share a spelling wait for the one request.
 */

/** The values of one stored search: the identifier's stored form, or one bank of a guessed account. */
export interface SpellingGroup {
  query: IdentifierQuery
  values: string[]
}

export interface SpellingAnswer {
  reportIds: string[]
  publicReportIds: string[]
  answeredAt: number
}

/** What an identifier is searched under; a string when it cannot be searched (no bank fits). */
export function spellingGroupsOf(
  db: Db,
  identifier: Pick<IdentifierRow, 'id' | 'label' | 'value'>,
): SpellingGroup[] | string {
  const label = identifier.label as IdentifierType
  if (isBankGuessed(label, identifier.value)) {
    const fitting = banksFittingNuban(identifier.value, listBanks(db))
    if (fitting.length === 0)
      return `No bank in the bank list has a CBN code that fits account number ${identifier.value}: give its bank.`
    return fitting.map((bank) => {
      const value = joinAccountValue({ accountNumber: identifier.value, bankSlug: bank.slug })
      return { query: { identifier: 'account', value }, values: [value] }
    })
  }
  const written = typedSpellingsOf(db, identifier)
  return [
    {
      query: { identifier: label, value: identifier.value },
      values: searchSpellingsOf({ type: label, value: identifier.value, written }),
    },
  ]
}

function storedAnswer(
  db: Db,
  jobId: number,
  label: string,
  value: string,
  freshFrom: number | null = null,
): SpellingAnswer | undefined {
  type Row = { answeredAt: number; reportIds: string; publicReportIds: string }
  const columns = `answered_at AS answeredAt, report_ids_json AS reportIds,
       public_report_ids_json AS publicReportIds`
  // This job's answer, else (a job that reuses answers) the newest one of an earlier job that
  // is young enough: the index on (label, value, answered_at) finds it (migration 0016).
  const row =
    prepare<[number, string, string], Row>(
      db,
      `SELECT ${columns} FROM screening_spellings WHERE job_id = ? AND label = ? AND value = ?`,
    ).get(jobId, label, value) ??
    (freshFrom === null
      ? undefined
      : prepare<[string, string, number], Row>(
          db,
          `SELECT ${columns} FROM screening_spellings WHERE label = ? AND value = ?
             AND answered_at >= ? ORDER BY answered_at DESC LIMIT 1`,
        ).get(label, value, freshFrom))
  return row
    ? {
        reportIds: idList(row.reportIds),
        publicReportIds: idList(row.publicReportIds),
        answeredAt: row.answeredAt,
      }
    : undefined
}

function keepAnswer(
  db: Db,
  jobId: number,
  label: string,
  value: string,
  answer: SpellingAnswer,
  refused: boolean,
): void {
  prepare(
    db,
    `INSERT OR REPLACE INTO screening_spellings
       (job_id, label, value, answered_at, report_ids_json, public_report_ids_json, refused)
     VALUES (?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    jobId,
    label,
    value,
    answer.answeredAt,
    JSON.stringify(answer.reportIds),
    JSON.stringify(answer.publicReportIds),
    refused ? 1 : 0,
  )
}

/** Spellings answered before `before` are asked again (a re-screen of older answers). */
export function forgetSpellingsBefore(db: Db, jobId: number, before: number): void {
  prepare(db, 'DELETE FROM screening_spellings WHERE job_id = ? AND answered_at < ?').run(
    jobId,
    before,
  )
}

/** The spellings of an identifier the job has not answered yet: what its search will send. */
export function unansweredSpellings(
  db: Db,
  jobId: number,
  identifier: IdentifierRow,
  groups: readonly SpellingGroup[] | string,
  freshFrom: number | null = null,
): number {
  if (typeof groups === 'string') return 0
  return groups
    .flatMap((group) => group.values)
    .filter((value) => !storedAnswer(db, jobId, identifier.label, value, freshFrom)).length
}

/** How a job searches: on the folder's pace or its own, and from when an earlier answer is reused. */
export interface SpellingsOptions {
  /** Take each request's turn from the folder's pace (search-pace.ts): a job at `--rate auto`. */
  paced?: boolean
  /** Answers of earlier jobs given at or after this time are reused; null: none is. */
  freshFrom?: number | null
}

/** An identifier's answer: its spellings' reports, and as of when (the oldest spelling's answer). */
export interface IdentifierAnswer {
  reportIds: string[]
  publicReportIds: string[]
  asOf: number
}

/**
 * Where a spelling's answer would come from: this job's own answer, an earlier job's young
 * enough to reuse, or a request still to send.
 */
export function spellingSource(
  db: Db,
  jobId: number,
  label: string,
  value: string,
  freshFrom: number | null,
): 'answered' | 'reused' | 'search' {
  const own = storedAnswer(db, jobId, label, value)
  if (own) return 'answered'
  return freshFrom !== null && storedAnswer(db, jobId, label, value, freshFrom)
    ? 'reused'
    : 'search'
}

/** A job's searches by spelling: one request a spelling, whichever identifier asks first. */
export class JobSpellings {
  private readonly asking = new Map<string, Promise<SpellingAnswer>>()

  constructor(
    private readonly core: CoreContext,
    private readonly jobId: number,
    private readonly options: SpellingsOptions = {},
  ) {}

  /** Every spelling's answer, merged; throws what ended it (the identifier is asked again). */
  async search(
    identifier: IdentifierRow,
    groups: readonly SpellingGroup[],
    signal: AbortSignal,
  ): Promise<IdentifierAnswer> {
    const reports = new Set<string>()
    const publics = new Set<string>()
    let oldest = Number.POSITIVE_INFINITY
    let first = true
    for (const group of groups) {
      const groupReports = new Set<string>()
      const groupPublics = new Set<string>()
      let asOf = Number.POSITIVE_INFINITY
      for (const value of group.values) {
        const answer = await this.answerOf(identifier.label, value, first, signal)
        first = false
        for (const id of answer.reportIds) groupReports.add(id)
        for (const id of answer.publicReportIds) groupPublics.add(id)
        asOf = Math.min(asOf, answer.answeredAt)
      }
      // The stored search of the stored form (or of the bank guessed), as of its oldest answer:
      // what the registry said, so without a disk sync, as its answers are (keepAnswer). Alone
      // (its own commit, synced), it was a quarter of the core's time screening alone and 10 %
      // of it under bench:load.
      const db = this.core.db
      withoutDiskSync(db, () =>
        writeTransaction(db, () =>
          storeSearchIds(
            db,
            group.query,
            { reportIds: [...groupReports], publicReportIds: [...groupPublics] },
            Number.isFinite(asOf) ? asOf : this.core.clock.now(),
          ),
        ),
      )
      for (const id of groupReports) reports.add(id)
      for (const id of groupPublics) publics.add(id)
      oldest = Math.min(oldest, asOf)
    }
    return {
      reportIds: [...reports],
      publicReportIds: [...publics],
      asOf: Number.isFinite(oldest) ? oldest : this.core.clock.now(),
    }
  }

  private answerOf(
    label: string,
    value: string,
    storedForm: boolean,
    signal: AbortSignal,
  ): Promise<SpellingAnswer> {
    const stored = storedAnswer(
      this.core.db,
      this.jobId,
      label,
      value,
      this.options.freshFrom ?? null,
    )
    if (stored) return Promise.resolve(stored)
    const key = `${label}\u0000${value}`
    const pending = this.asking.get(key)
    if (pending) return pending
    const asked = this.ask(label, value, storedForm, signal).finally(() => this.asking.delete(key))
    this.asking.set(key, asked)
    return asked
  }

  private async ask(
    label: string,
    value: string,
    storedForm: boolean,
    signal: AbortSignal,
  ): Promise<SpellingAnswer> {
    const { core, jobId } = this
    let result: SearchResult
    try {
      const search = () =>
        core.client.searchReports({ identifier: label as IdentifierType, value }, { signal })
      result = this.options.paced ? await pacedSearch(core, signal, search) : await search()
    } catch (error) {
      // Another spelling than the stored form, refused by the registry: passed over, as the
      // desk passes it over, and not asked again. Anything else ends the identifier's search.
      if (!storedForm && isRegistryError(error) && error.kind === 'validation') {
        const answer = { reportIds: [], publicReportIds: [], answeredAt: core.clock.now() }
        keepAnswer(core.db, jobId, label, value, answer, true)
        return answer
      }
      throw error
    }
    const answeredAt = core.clock.now()
    const answer = {
      reportIds: result.reports.map((r) => r.id),
      publicReportIds: result.publicReports.map((r) => r.id),
      answeredAt,
    }
    // What the registry said, asked again if a power cut loses it: no disk sync.
    withoutDiskSync(core.db, () =>
      writeTransaction(core.db, () => {
        upsertRegistryReports(core.db, 'report', result.reports, { own: false, seenAt: answeredAt })
        upsertRegistryReports(core.db, 'public_report', result.publicReports, {
          own: false,
          seenAt: answeredAt,
        })
        keepAnswer(core.db, jobId, label, value, answer, false)
      }),
    )
    return answer
  }
}
