import { createHash } from 'node:crypto'
import {
  checkIdentifierValue,
  normalizeIdentifierValue,
  type IdentifierType,
} from '../../shared/domain/identifiers'
import { storeSearchResult } from '../cache/cache'
import type { CoreContext } from '../core-context'
import { computerAheadMs, ENDPOINTS, joinUrl } from '../registry/registry'
import { CaseInputError, isRefusal } from './case-input'

/*
 * A search added to a case is run now, and what the registry said is kept as its bytes came,
 * with what was asked (method, URL and body: the API key is a header and is never kept), when
 * it answered (on its clock, read from the answer's Date header, when the folder knows it) and
 * the certificate its connection showed (none over the plain http of a local sandbox).
 */

/** What a case keeps of a search, beside the answer's bytes (case_items.payload_json). */
export interface SearchPayload {
  identifier: IdentifierType
  value: string
  request: { method: string; url: string; body: string }
  /** When the answer came, on the registry's clock when `clock` says so (epoch ms). */
  answeredAt: number
  clock: 'registry' | 'computer'
  status: number
  answerSha256: string
  answerBytes: number
  certificateSha256: string | null
  reportIds: string[]
  publicReportIds: string[]
}

export interface KeptSearch {
  payload: SearchPayload
  answer: Buffer
}

/** Runs the search now; the answer, as it came, and what the case keeps of it. */
export async function runCaseSearch(
  core: CoreContext,
  type: IdentifierType,
  written: string,
  signal?: AbortSignal,
): Promise<KeptSearch> {
  const value = normalizeIdentifierValue(type, written)
  const problem = checkIdentifierValue(type, value)
  if (problem) throw new CaseInputError(`Nothing was added: ${problem}`)
  const input = { identifier: type, value }
  const { method, path } = ENDPOINTS.searchReports
  const request = {
    method,
    url: joinUrl(core.client.connection.baseUrl, path),
    body: JSON.stringify(input),
  }
  let answered
  try {
    answered = await core.client.searchReportsAnswer(input, { signal })
  } catch (error) {
    if (!isRefusal(error)) throw error
    throw new CaseInputError(
      `Nothing was added: the registry did not answer the search (${error.message}).`,
    )
  }
  const { result, body, seen } = answered
  const answer = Buffer.from(body, 'utf8')
  // What the search found is saved as any search's is: a report of another organization can
  // then be added to the case by its id, and its copy put in the bundle.
  storeSearchResult(core.db, input, result, core.clock.now())
  const known = computerAheadMs(core) !== null
  return {
    answer,
    payload: {
      identifier: type,
      value,
      request,
      answeredAt: core.folderClock.registry.toRegistry(seen.receivedAt),
      clock: known ? 'registry' : 'computer',
      status: seen.status,
      answerSha256: createHash('sha256').update(answer).digest('hex'),
      answerBytes: answer.length,
      certificateSha256: seen.certificateSha256,
      reportIds: result.reports.map((r) => r.id),
      publicReportIds: result.publicReports.map((r) => r.id),
    },
  }
}
