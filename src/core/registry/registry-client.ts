import { openAsBlob } from 'node:fs'
import {
  bankListResponseSchema,
  bulkUploadResponseSchema,
  createReportResponseSchema,
  decodeSubmissionResponseSchema,
  getSubmissionResponseSchema,
  searchResponseSchema,
  submissionsResponseSchema,
  unlistResponseSchema,
  updateReportResponseSchema,
  uploadResponseSchema,
  type Bank,
  type BulkUploadResult,
  type CreatedReport,
  type FetchedSubmission,
  type ReportRecord,
  type SearchResult,
  type SubmissionsPage,
  type UploadedFile,
} from '../../shared/domain/responses'
import type { ReportInput } from '../../shared/domain/report-input'
import type { SearchInput } from '../../shared/domain/search-input'
import { registryEndpoints } from '../network/network'
import { fetchLink, fetchLinkToFile, type FetchedLink, type FetchedLinkFile } from './link-fetch'
import { assertUsableConnection, type RegistryConnection } from './registry-connection'
import {
  createRegistryRequester,
  type AnswerSeen,
  type CallOptions,
  type RegistryClientOptions,
  type UploadProgress,
} from './registry-request'

// The sync's sends take their progress type from the client they call.
export type { UploadProgress }
export { LinkFetchError, type FetchedLink, type FetchedLinkFile } from './link-fetch'

export interface FileSource {
  /** The file's bytes, or a path to read it from. */
  bytes?: Uint8Array
  path?: string
  fileName: string
  mimeType?: string
}

export interface UploadOptions extends CallOptions {
  onProgress?: (progress: UploadProgress) => void
}

export interface SubmissionsQuery {
  page?: number
  limit?: number
}

export type RegistryClient = ReturnType<typeof createRegistryClient>

export const DEFAULT_UPLOAD_TIMEOUT_MS = 120_000

async function toBlob(file: FileSource): Promise<Blob> {
  const type = file.mimeType ?? 'application/octet-stream'
  if (file.bytes) return new Blob([file.bytes], { type })
  if (file.path) return openAsBlob(file.path, { type })
  throw new Error(`No bytes or path were given for ${file.fileName}.`)
}

async function form(file: FileSource): Promise<FormData> {
  const data = new FormData()
  data.append('file', await toBlob(file), file.fileName)
  return data
}

/**
 * The registry API, one function per endpoint (registry-api.md section 4). Every answer is
 * parsed with the shared schemas; every failure is thrown as one RegistryError (how a call is
 * made and its answer checked: registry-request.ts and registry-answer.ts).
 */
export function createRegistryClient(
  connection: RegistryConnection,
  options: RegistryClientOptions,
) {
  assertUsableConnection(connection)
  const { call, linkTransport, keyAccepted, quietUntil, holdQuiet, close } =
    createRegistryRequester(connection, options)
  const uploadTimeoutMs = options.uploadTimeoutMs ?? DEFAULT_UPLOAD_TIMEOUT_MS

  /**
   * Evidence goes to {upload_url}, which takes no key: before the first upload with a key, one
   * keyed call must succeed with it, so a folder with no key or a refused one (handed over, an
   * address confirmed before the key was pasted) never sends a file anywhere.
   */
  async function ensureKeyAccepted(o: CallOptions): Promise<void> {
    const key = await options.getApiKey()
    if (key && keyAccepted(key)) return
    await call('listSubmissions', submissionsResponseSchema, { query: { page: 1, limit: 1 }, ...o })
  }

  /** A link's fetch as both ways take it: the uploads' time limit, the registry's own hosts. */
  const linkOptions = <T extends CallOptions>(o: T) => ({
    ...o,
    timeoutMs: uploadTimeoutMs,
    registry: registryEndpoints([connection.baseUrl, connection.uploadUrl]),
    userAgent: options.userAgent,
  })

  return {
    connection,
    /** Until when the registry asked for quiet (epoch ms), or 0: nothing is sent before. */
    quietUntil,
    /** Keeps a quiet the registry asked for earlier (kept in the data folder) for `ms` more. */
    holdQuiet,
    /** Closes kept-alive connections (a proxy's tunnels among them): the core is closing. */
    close,

    async createReport(input: ReportInput, o: CallOptions = {}): Promise<CreatedReport> {
      return (await call('createReport', createReportResponseSchema, { json: input, ...o })).data
    },
    async updateReport(
      id: string,
      input: ReportInput,
      o: CallOptions = {},
    ): Promise<CreatedReport> {
      return (await call('updateReport', updateReportResponseSchema, { id, json: input, ...o }))
        .data
    },
    async searchReports(input: SearchInput, o: CallOptions = {}): Promise<SearchResult> {
      return (await call('searchReports', searchResponseSchema, { json: input, ...o })).data
    },
    /**
     * A search with the answer's body as the registry sent it, its status, when it came and the
     * registry's certificate: a case keeps the very answer (src/core/cases).
     */
    async searchReportsAnswer(
      input: SearchInput,
      o: CallOptions = {},
    ): Promise<{ result: SearchResult; body: string; seen: AnswerSeen }> {
      let body = ''
      let seen: AnswerSeen = { status: 0, receivedAt: 0, certificateSha256: null }
      const answer = await call('searchReports', searchResponseSchema, {
        json: input,
        onBody: (text, answerSeen) => {
          body = text
          seen = answerSeen
        },
        ...o,
      })
      return { result: answer.data, body, seen }
    },
    async listSubmissions(
      query: SubmissionsQuery = {},
      o: CallOptions = {},
    ): Promise<SubmissionsPage> {
      const params: Record<string, number> = {}
      if (query.page !== undefined) params.page = query.page
      if (query.limit !== undefined) params.limit = query.limit
      return (await call('listSubmissions', submissionsResponseSchema, { query: params, ...o }))
        .data
    },
    async getSubmission(id: string, o: CallOptions = {}): Promise<FetchedSubmission> {
      return (await call('getSubmission', getSubmissionResponseSchema, { id, ...o })).data.report
    },
    async decodeSubmission(id: string, o: CallOptions = {}): Promise<ReportRecord> {
      return (await call('decodeSubmission', decodeSubmissionResponseSchema, { id, ...o })).data
        .report
    },
    /**
     * The decoded submission with the answer's body as the registry sent it (UTF-8 text), so a
     * case file can keep and hash the very answer its report was read from.
     */
    async decodeSubmissionAnswer(
      id: string,
      o: CallOptions = {},
    ): Promise<{ report: ReportRecord; body: string }> {
      let body = ''
      const answer = await call('decodeSubmission', decodeSubmissionResponseSchema, {
        id,
        onBody: (text) => (body = text),
        ...o,
      })
      return { report: answer.data.report, body }
    },
    async unlistReport(id: string, o: CallOptions = {}): Promise<void> {
      await call('unlistReport', unlistResponseSchema, { id, ...o })
    },
    async bulkUpload(file: FileSource, o: UploadOptions = {}): Promise<BulkUploadResult> {
      return (
        await call('bulkUpload', bulkUploadResponseSchema, {
          form: await form(file),
          timeoutMs: uploadTimeoutMs,
          ...o,
        })
      ).data
    },
    async uploadFile(file: FileSource, o: UploadOptions = {}): Promise<UploadedFile> {
      await ensureKeyAccepted(o)
      return (
        await call('uploadFile', uploadResponseSchema, {
          base: 'upload',
          auth: false,
          form: await form(file),
          timeoutMs: uploadTimeoutMs,
          ...o,
        })
      ).data
    },
    /** The file behind an attachment link: no key, no redirects, at most `maxBytes` (link-fetch.ts). */
    fetchLink(url: string, o: CallOptions & { maxBytes: number }): Promise<FetchedLink> {
      return fetchLink(linkTransport, url, linkOptions(o))
    },
    /**
     * The same file written to `path` as it comes, never whole in memory, each piece given to
     * `onPiece` on the way (link-fetch.ts); nothing is left at `path` when it does not come whole.
     */
    fetchLinkToFile(
      url: string,
      path: string,
      o: CallOptions & { maxBytes: number; onPiece?: (piece: Buffer) => void },
    ): Promise<FetchedLinkFile> {
      return fetchLinkToFile(linkTransport, url, path, linkOptions(o))
    },
    async listBanks(o: CallOptions = {}): Promise<Bank[]> {
      return (await call('listBanks', bankListResponseSchema, { auth: false, ...o })).data.entity
    },
  }
}
