import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { ATTACHMENT_TYPES, MAX_ATTACHMENT_BYTES, sniffFileType } from '../../shared/file-types'
import { fileNameFor } from '../../shared/save-name'
import { linkFileName, sniffViewable, VIEWABLE_TYPES } from '../../shared/viewable-types'
import {
  AttachmentUnavailableError,
  keptCopyOfLink,
  linkNames,
  type AttachmentContext,
} from '../drafts/drafts'
import { LinkFetchError } from '../registry/registry'
import { attachmentName } from './case-file-names'
import type { CaseAttachment, RetrievalEntry } from './case-model'
import { pieceSums, type StagedFile } from './staged-file'

/** How much of a file's start is kept to tell its type by (sniffViewable needs 12 bytes). */
const HEAD_BYTES = 4096

function describe(bytes: Buffer, fileName: string) {
  const viewable = sniffViewable(bytes)
  if (viewable)
    return {
      kind: viewable === 'pdf' ? 'pdf' : 'image',
      typeLabel: VIEWABLE_TYPES[viewable].label,
    } as const
  const other = sniffFileType(bytes, fileName)
  return { kind: 'other', typeLabel: other ? ATTACHMENT_TYPES[other].label : null } as const
}

/**
 * Each attachment of the report, fetched from its link as the registry serves it now (through
 * the client: its proxy, certificates, no redirects, at most the largest attachment); when the
 * link cannot be fetched, this computer's sealed copy of a file it uploaded under that link. The
 * fetches run together; each is logged for retrieval-log.json. With `stageAt` (a case's bundle),
 * a fetched file is written to the path it gives as it comes, summed on the way (`staged`), and
 * never held whole: only a kept copy, or a file whose type its first bytes do not tell, is read.
 */
export async function caseAttachments(
  ctx: AttachmentContext,
  urls: readonly string[],
  log: RetrievalEntry[],
  options: { signal?: AbortSignal; now: () => number; stageAt?: (number: number) => string },
): Promise<CaseAttachment[]> {
  const names = linkNames(ctx, urls)
  const used = new Set<string>()
  const results = await Promise.all(
    urls.map(async (url, index) => {
      // The name it was attached under here, else the link's (never a bare hash).
      const fromLink = linkFileName(url)
      const attached = names[index]?.fileName
      const fileName =
        attached && attached !== fromLink ? attached : attachmentName(fromLink, index + 1)
      const started = options.now()
      let bytes: Buffer | null = null
      let fetched: { file: StagedFile; head: Buffer } | null = null
      let from: CaseAttachment['from'] = 'missing'
      let linkProblem: string | null = null
      let keptProblem: string | null = null
      const entry: RetrievalEntry = {
        at: new Date(started).toISOString(),
        request: `GET ${url}`,
        outcome: 'ok',
        durationMs: 0,
      }
      try {
        if (options.stageAt)
          fetched = await fetchToFile(ctx, url, options.stageAt(index + 1), options)
        else
          bytes = (
            await ctx.client.fetchLink(url, {
              maxBytes: MAX_ATTACHMENT_BYTES,
              signal: options.signal,
            })
          ).bytes
        from = 'registry'
      } catch (error) {
        if (!(error instanceof LinkFetchError)) throw error
        linkProblem = error.message
        entry.outcome = error.kind
        entry.message = error.message
        try {
          const kept = keptCopyOfLink(ctx, url)
          if (kept) {
            bytes = kept.bytes
            from = 'kept'
          } else keptProblem = 'This computer keeps no copy of it (it was not attached here).'
        } catch (keptError) {
          if (!(keptError instanceof AttachmentUnavailableError)) throw keptError
          keptProblem = keptError.message
        }
      }
      entry.durationMs = options.now() - started
      return { url, index, fileName, bytes, fetched, from, linkProblem, keptProblem, entry }
    }),
  )
  const attachments: CaseAttachment[] = []
  for (const r of results) {
    const number = r.index + 1
    let zipName: string | null = null
    let hash: string | null = null
    let kind: CaseAttachment['kind'] = null
    let typeLabel: string | null = null
    const staged = r.fetched?.file
    const size = staged?.size ?? r.bytes?.length ?? null
    // What its type is told by: its first bytes, or (not a picture or PDF) all of them.
    const sniffed =
      r.bytes ??
      (r.fetched &&
        (sniffViewable(r.fetched.head) ? r.fetched.head : await readFile(r.fetched.file.path)))
    if (sniffed) {
      // Named as a saved copy is (save-name.ts): its content's extension, nothing invisible.
      zipName = `attachments/${number}-${fileNameFor(r.fileName, sniffed)}`
      while (used.has(zipName)) zipName = `${zipName}_`
      used.add(zipName)
      hash = staged?.sha256 ?? createHash('sha256').update(sniffed).digest('hex')
      ;({ kind, typeLabel } = describe(sniffed, r.fileName))
      if (r.from === 'registry') {
        r.entry.bytes = size!
        r.entry.sha256 = hash
        r.entry.savedAs = zipName
      }
    }
    log.push(r.entry)
    attachments.push({
      number,
      url: r.url,
      fileName: r.fileName,
      zipName,
      typeLabel,
      kind,
      size,
      sha256: hash,
      bytes: r.bytes,
      ...(staged ? { staged } : {}),
      from: r.from,
      linkProblem: r.linkProblem,
      keptProblem: r.keptProblem,
    })
  }
  return attachments
}

/** A link's file written to `path` as it comes, with its sums and its first bytes. */
async function fetchToFile(
  ctx: AttachmentContext,
  url: string,
  path: string,
  options: { signal?: AbortSignal },
): Promise<{ file: StagedFile; head: Buffer }> {
  const sums = pieceSums()
  const head: Buffer[] = []
  let headBytes = 0
  await ctx.client.fetchLinkToFile(url, path, {
    maxBytes: MAX_ATTACHMENT_BYTES,
    signal: options.signal,
    onPiece: (piece) => {
      sums.add(piece)
      if (headBytes < HEAD_BYTES) {
        // A copy: the piece itself is let go once written.
        head.push(Buffer.from(piece.subarray(0, HEAD_BYTES - headBytes)))
        headBytes += head.at(-1)!.length
      }
    },
  })
  return { file: sums.of(path), head: Buffer.concat(head) }
}
