import { createHash } from 'node:crypto'
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
 * fetches run together; each is logged for retrieval-log.json.
 */
export async function caseAttachments(
  ctx: AttachmentContext,
  urls: readonly string[],
  log: RetrievalEntry[],
  options: { signal?: AbortSignal; now: () => number },
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
        const fetched = await ctx.client.fetchLink(url, {
          maxBytes: MAX_ATTACHMENT_BYTES,
          signal: options.signal,
        })
        bytes = fetched.bytes
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
      return { url, index, fileName, bytes, from, linkProblem, keptProblem, entry }
    }),
  )
  return results.map((r): CaseAttachment => {
    const number = r.index + 1
    let zipName: string | null = null
    let hash: string | null = null
    let kind: CaseAttachment['kind'] = null
    let typeLabel: string | null = null
    if (r.bytes) {
      // Named as a saved copy is (save-name.ts): its content's extension, nothing invisible.
      zipName = `attachments/${number}-${fileNameFor(r.fileName, r.bytes)}`
      while (used.has(zipName)) zipName = `${zipName}_`
      used.add(zipName)
      hash = createHash('sha256').update(r.bytes).digest('hex')
      ;({ kind, typeLabel } = describe(r.bytes, r.fileName))
      if (r.from === 'registry') {
        r.entry.bytes = r.bytes.length
        r.entry.sha256 = hash
        r.entry.savedAs = zipName
      }
    }
    log.push(r.entry)
    return {
      number,
      url: r.url,
      fileName: r.fileName,
      zipName,
      typeLabel,
      kind,
      size: r.bytes?.length ?? null,
      sha256: hash,
      bytes: r.bytes,
      from: r.from,
      linkProblem: r.linkProblem,
      keptProblem: r.keptProblem,
    }
  })
}
