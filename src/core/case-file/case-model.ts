import type { StagedFile } from './staged-file'

/** What a case file is made of, between gathering it (case-file.ts) and writing its documents. */

/** One exchange that produced the case file, as retrieval-log.json lists it (never a key). */
export interface RetrievalEntry {
  at: string
  /** "GET https://registry…/decode", or "GET <attachment link>". */
  request: string
  status?: number | null
  outcome: string
  durationMs: number
  bytes?: number
  sha256?: string
  /** The file of the zip that holds what came back. */
  savedAs?: string
  message?: string
}

export interface CaseAttachment {
  /** 1, 2, 3: the report's order. */
  number: number
  url: string
  /** The name it was attached under (this folder uploaded it), else the link's last segment (attachment-N.ext when that is a bare hash). */
  fileName: string
  /** Its path in the zip (attachments/1-name.pdf); null when it could not be had at all. */
  zipName: string | null
  /** "PDF", "PNG image"…, from its first bytes; null when not had or not a type known. */
  typeLabel: string | null
  /** What case.pdf draws of it: a PDF's pages (up to 20), an image (PNG, JPEG, GIF, WebP); other: nothing. */
  kind: 'pdf' | 'image' | 'other' | null
  size: number | null
  sha256: string | null
  bytes: Buffer | null
  /** Where it was written as it was fetched, with its sums (a case's bundle: `bytes` is null). */
  staged?: StagedFile
  /** registry: fetched from the link now; kept: this computer's sealed copy; missing: neither. */
  from: 'registry' | 'kept' | 'missing'
  /** Why the link could not be fetched, when it could not. */
  linkProblem: string | null
  /** Why the kept copy could not be used either, when it could not. */
  keptProblem: string | null
}

/** A file of the zip with its hash, as the certificate and SHA256SUMS name it. */
export interface ProducedDocument {
  name: string
  description: string
  sha256: string
  size: number
}
