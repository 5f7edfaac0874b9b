/*
 * What a case file's writer (case-file.ts, certificate.ts, case-pdf.ts) and its check
 * (case-verify.ts) must agree on: the names of its files, and the words of the certificate and
 * of case.pdf that verify reads back.
 */

/** Every file of the case file but the two certificates, with its SHA-256, as `sha256sum -c` reads it. */
export const SUMS_NAME = 'SHA256SUMS'
/** A detached CMS signature over SHA256SUMS, when the case file is signed; not in SHA256SUMS. */
export const SIGNATURE_NAME = 'SHA256SUMS.p7s'
export const LOG_NAME = 'retrieval-log.json'
export const CASE_PDF_NAME = 'case.pdf'
export const CERTIFICATE_PDF = 'certificate-s84.pdf'
export const CERTIFICATE_ODT = 'certificate-s84.odt'
/** Not in SHA256SUMS: they state its fingerprint, which they could not if it listed them. */
export const CERTIFICATE_FILES = [CERTIFICATE_PDF, CERTIFICATE_ODT] as const

/** The certificate's words around its list of documents and the fingerprint after it. */
export const CERTIFICATE_WORDS = {
  /** The end of the paragraph before the list of documents. */
  listFollows: 'a copy whose hash is the same is the same document.',
  /** Each document's hash, after its label (`<name> — <description> (<size> bytes)`). */
  hash: 'SHA-256',
  /** The heading after the list (and the fingerprint): in case files made before the fingerprint, the list ends here. */
  nextPart: '2. The computer and the system',
  /** The field after the list: its value is the fingerprint. */
  fingerprint: 'Fingerprint of the case file: the SHA-256 of its file SHA256SUMS',
  howToCheck:
    'SHA256SUMS lists every file of the case file but this certificate (certificate-s84.pdf and certificate-s84.odt), each with its SHA-256. Anyone can check a copy without Casefile: in its unpacked folder, \u201csha256sum SHA256SUMS\u201d prints its fingerprint, which must be the one above, and \u201csha256sum -c SHA256SUMS\u201d checks every file against SHA256SUMS (\u201ccasefile case verify\u201d does both). A copy that passes both is the case file certified here.',
}

/** case.pdf's words around each attachment's name in the zip and its hash (verify-pdfs.ts). */
export const CASE_PDF_WORDS = {
  /** The field before the attachment's SHA-256: its value is the file's name in the zip. */
  inZip: 'In the zip as',
  hash: 'SHA-256',
  /** In the label of the registry's answer's hash: `(kept as <name>)`, the hash after it. */
  keptAs: 'kept as',
}

/** A link's last segment that is only a hash or an id (a3f9…e1.pdf): no name for a person. */
const BARE_HASH =
  /^(?:[0-9a-f]{24,}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(\.[A-Za-z0-9]{1,8})?$/i

/**
 * An attachment's name for case.pdf and the zip: its original name when known (this computer
 * attached it; the registry's answers carry only links), else the link's last segment, unless
 * that is a bare hash: then "attachment-2.pdf", by its number, keeping the extension.
 */
export function attachmentName(name: string, number: number): string {
  const hashed = BARE_HASH.exec(name)
  return hashed ? `attachment-${number}${hashed[1] ?? ''}` : name
}
