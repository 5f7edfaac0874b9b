import { createHash } from 'node:crypto'
import { reportRecordSchema, type ReportRecord } from '../../shared/domain/responses'
import { splitAccountValue } from '../../shared/domain/identifiers'
import * as Banks from '../banks/banks'
import { getCachedReport } from '../cache/cache'
import type { CoreContext } from '../core-context'
import { exchangeLog } from '../log/log'
import { ENDPOINTS, fillPath, joinUrl } from '../registry/registry'
import { isRegistryError } from '../registry-error'
import type { RetrievalEntry } from './case-model'

/** No report to make a case file of: the registry has none by that id and this computer neither. */
export class CaseFileError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'CaseFileError'
  }
}

export interface CaseReport {
  record: ReportRecord | Record<string, unknown>
  /** The answer the report was read from, as its bytes came: kept in the zip beside case.pdf. */
  answer: { fileName: string; bytes: Buffer; sha256: string }
  source:
    | { kind: 'registry'; endpoint: string; at: number }
    | {
        kind: 'saved'
        seenAt: string
        why: string
        reportKind: 'report' | 'public_report'
        /** Another organization's (or a public) report, saved from a search's answer. */
        foundBySearch: boolean
      }
  exchanges: RetrievalEntry[]
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** The logged exchange of this call (status, outcome), among those since it started. */
function loggedDecode(core: CoreContext, endpoint: string, startedIso: string) {
  return exchangeLog(core, { limit: 50 }).find((e) => e.endpoint === endpoint && e.at >= startedIso)
}

/**
 * The report a case file is made of: decoded by the registry now (identifiers in full), with the
 * answer's very bytes; else (not the organization's own, or the registry cannot be asked) the copy
 * this computer saved from a search or the submissions list, saying so and why.
 */
export async function caseReport(
  core: CoreContext,
  id: string,
  signal?: AbortSignal,
): Promise<CaseReport> {
  const { method, path } = ENDPOINTS.decodeSubmission
  const endpoint = `${method} ${path}`
  const url = joinUrl(core.client.connection.baseUrl, fillPath(path, id))
  const started = core.clock.now()
  const startedIso = new Date(Date.now() - 1000).toISOString()
  let why: string
  try {
    const { report, body } = await core.client.decodeSubmissionAnswer(id, { signal })
    const bytes = Buffer.from(body, 'utf8')
    const logged = loggedDecode(core, endpoint, startedIso)
    const hash = sha256(bytes)
    return {
      record: report,
      answer: { fileName: 'registry-answer.json', bytes, sha256: hash },
      source: { kind: 'registry', endpoint: `${method} ${url}`, at: started },
      exchanges: [
        {
          at: new Date(started).toISOString(),
          request: `${method} ${url}`,
          status: logged?.status ?? null,
          outcome: 'ok',
          durationMs: logged?.durationMs ?? core.clock.now() - started,
          bytes: bytes.length,
          sha256: hash,
          savedAs: 'registry-answer.json',
        },
      ],
    }
  } catch (error) {
    if (!isRegistryError(error)) throw error
    why = error.message
    const logged = loggedDecode(core, endpoint, startedIso)
    const failed: RetrievalEntry = {
      at: new Date(started).toISOString(),
      request: `${method} ${url}`,
      status: error.status ?? logged?.status ?? null,
      outcome: error.kind,
      durationMs: logged?.durationMs ?? core.clock.now() - started,
      message: error.message,
    }
    const saved = getCachedReport(core.db, id)
    if (!saved)
      throw new CaseFileError(
        `No case file was made of ${id}: the registry did not give it (${why}) and this computer has no saved copy of it (search for it first, or refresh the submissions).`,
      )
    const parsed = reportRecordSchema.safeParse(saved.record)
    const record = parsed.success ? parsed.data : (saved.record as Record<string, unknown>)
    const bytes = Buffer.from(`${JSON.stringify(saved.record, null, 2)}\n`, 'utf8')
    return {
      record,
      answer: { fileName: 'saved-report.json', bytes, sha256: sha256(bytes) },
      source: {
        kind: 'saved',
        seenAt: saved.seenAt,
        why,
        reportKind: saved.kind,
        // Only a search brings another organization's report to this computer.
        foundBySearch: !saved.own,
      },
      exchanges: [failed],
    }
  }
}

/**
 * The bank names of the report's accounts, from the registry's bank list: fetched first when it
 * does not name every bank the report's accounts name (a new data folder has no list yet). A
 * list that cannot be fetched leaves a bank unnamed, which case.pdf then says.
 */
export async function caseBankNames(
  core: CoreContext,
  record: CaseReport['record'],
  signal?: AbortSignal,
): Promise<(slug: string) => string | undefined> {
  const identifiers = (record as { identifiers?: { label?: string; value?: string }[] }).identifiers
  const slugs = (Array.isArray(identifiers) ? identifiers : []).flatMap((i) =>
    i.label === 'account' && i.value ? [splitAccountValue(i.value)?.bankSlug ?? ''] : [],
  )
  if (slugs.some((slug) => slug && !Banks.bankName(core, slug)))
    await Banks.refreshBanks(core, signal).catch(() => undefined)
  return (slug) => Banks.bankName(core, slug)
}
