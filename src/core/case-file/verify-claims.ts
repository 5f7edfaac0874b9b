import { CERTIFICATE_WORDS, LOG_NAME } from './case-file-names'

/*
 * The hashes a case file states about itself, read back by `casefile case verify` and held
 * against SHA256SUMS and the files: the retrieval log's (each answer saved, with its SHA-256) and
 * the certificate's (each document with its SHA-256, and the fingerprint of SHA256SUMS). A file
 * changed and SHA256SUMS made again still matches SHA256SUMS; it does not match these. Each
 * disagreement is a sentence naming the file that states it, what it states and what is there.
 */

/** What verify knows of the zip: SHA256SUMS's lines, the files' own hashes, the fingerprint. */
export interface Bundle {
  sums: ReadonlyMap<string, string>
  hashes: ReadonlyMap<string, string>
  fingerprint: string
}

/** A value from the zip, fit to print: control, format and bidi characters shown as escapes. */
export const shown = (value: unknown): string =>
  JSON.stringify(String(value).slice(0, 200)).replace(
    /[\p{Cc}\p{Cf}\u2028\u2029]/gu,
    (c) => `\\u${c.codePointAt(0)!.toString(16).padStart(4, '0')}`,
  )

const HEX = /^[0-9a-f]{64}$/

/**
 * A SHA-256 in text read back from a PDF, where a line or an item may split it: 64 hex digits,
 * a single space allowed between any two (the text flattened first), taken out by compactHash.
 */
export const HASH_IN_TEXT = '((?:[0-9a-f] ?){63}[0-9a-f])(?![0-9a-f])'
export const compactHash = (hash: string) => hash.replace(/ /g, '')

/** A name as read back from a PDF, where a long one is broken across lines: without spaces. */
const compact = (name: string) => name.replace(/\s+/g, '')

/** The name of SHA256SUMS that `stated` is, read back with line breaks in it; null if none. */
export function sameName(stated: string, names: Iterable<string>): string | null {
  const wanted = compact(stated)
  for (const name of names) if (compact(name) === wanted) return name
  return null
}

/** What the zip has for `name`, against a hash stated for it; null when it agrees. */
export function against(bundle: Bundle, name: string, stated: string): string | null {
  const listed = bundle.sums.get(name)
  const actual = bundle.hashes.get(name)
  if (actual === undefined)
    return listed === undefined ? 'the zip has no such file' : 'that file is missing from the zip'
  if (stated === actual && stated === listed) return null
  if (listed === undefined)
    return `SHA256SUMS does not list it, and the file in the zip has ${actual}`
  return listed === actual
    ? `the file in the zip and SHA256SUMS have ${actual}`
    : `SHA256SUMS states ${listed} and the file in the zip has ${actual}`
}

/** retrieval-log.json: every exchange's `sha256` for the file it was `savedAs`. */
export function logDisagreements(bytes: Buffer, bundle: Bundle): string[] {
  let log: unknown
  try {
    log = JSON.parse(bytes.toString('utf8'))
  } catch {
    return [
      `${LOG_NAME} cannot be read (it is not JSON), so the hashes it states were not checked.`,
    ]
  }
  const exchanges = (log as { exchanges?: unknown } | null)?.exchanges
  if (!Array.isArray(exchanges))
    return [`${LOG_NAME} lists no exchanges, as every case file's log does.`]
  const problems: string[] = []
  for (const exchange of exchanges as Record<string, unknown>[]) {
    const { sha256, savedAs, request } = exchange ?? {}
    if (sha256 === undefined && savedAs === undefined) continue
    if (typeof sha256 !== 'string' || !HEX.test(sha256) || typeof savedAs !== 'string') {
      problems.push(
        `${LOG_NAME} states a hash or a saved file that cannot be read (${shown(request)}).`,
      )
      continue
    }
    const differs = against(bundle, savedAs, sha256)
    if (differs)
      problems.push(
        `${LOG_NAME} states that ${shown(request)} was saved as ${shown(savedAs)} with SHA-256 ${sha256}, but ${differs}.`,
      )
  }
  return problems
}

/** The documents a certificate's text lists (label, hash) and the fingerprint it states. */
export function certificateStatements(text: string): {
  documents: { label: string; sha256: string }[]
  fingerprint: string | null
} | null {
  const flat = text.replace(/\s+/g, ' ')
  // A certificate states its list and its fingerprint once: a second (hidden text, say) would
  // let one be shown and the other checked.
  const twice = (words: string) => flat.indexOf(words) !== flat.lastIndexOf(words)
  if (twice(CERTIFICATE_WORDS.listFollows) || twice(CERTIFICATE_WORDS.fingerprint)) return null
  const start = flat.indexOf(CERTIFICATE_WORDS.listFollows)
  const stated = flat.indexOf(CERTIFICATE_WORDS.fingerprint, start)
  const end = stated >= 0 ? stated : flat.indexOf(CERTIFICATE_WORDS.nextPart, start)
  if (start < 0 || end < 0) return null
  const list = flat.slice(start + CERTIFICATE_WORDS.listFollows.length, end)
  const parts = list.split(new RegExp(`${CERTIFICATE_WORDS.hash} ?${HASH_IN_TEXT}`))
  const documents: { label: string; sha256: string }[] = []
  for (let i = 1; i < parts.length; i += 2)
    documents.push({ label: parts[i - 1]!.trim(), sha256: compactHash(parts[i]!) })
  const after = flat.slice(end + CERTIFICATE_WORDS.fingerprint.length)
  const fingerprint = stated >= 0 ? new RegExp(`^ ?${HASH_IN_TEXT}`).exec(after)?.[1] : undefined
  return { documents, fingerprint: fingerprint ? compactHash(fingerprint) : null }
}

/**
 * The manifest's name a certificate's label starts with (`<name> — …`): the longest one, spaces
 * aside (a PDF's line breaks a long name).
 */
function nameOf(label: string, names: Iterable<string>): string | null {
  let best: string | null = null
  const flat = compact(label)
  for (const name of names)
    if (flat.startsWith(`${compact(name)}\u2014`) && (best === null || name.length > best.length))
      best = name
  return best
}

/**
 * One certificate's text held against the bundle: each document it lists has the hash SHA256SUMS
 * and the file have, every file of SHA256SUMS is listed, and (when SHA256SUMS does not list the
 * certificate itself) it states this SHA256SUMS's fingerprint.
 */
export function certificateDisagreements(
  certificate: string,
  text: string,
  bundle: Bundle,
  options: { listedInSums: boolean },
): string[] {
  const statements = certificateStatements(text)
  if (!statements || statements.documents.length === 0)
    return [
      `${certificate} does not list the documents once, as the certificate Casefile writes does, so it was not accepted.`,
    ]
  const problems: string[] = []
  if (!options.listedInSums && statements.fingerprint !== bundle.fingerprint)
    problems.push(
      statements.fingerprint === null
        ? `${certificate} states no fingerprint, so nothing ties this SHA256SUMS to it.`
        : `${certificate} states the fingerprint ${statements.fingerprint}, but this zip's SHA256SUMS has ${bundle.fingerprint}: it is not the SHA256SUMS that was certified.`,
    )
  const listed = new Set<string>()
  for (const { label, sha256 } of statements.documents) {
    const name = nameOf(label, bundle.sums.keys())
    if (name === null) {
      problems.push(
        `${certificate} lists a document, ${shown(label.split(' \u2014')[0])} with SHA-256 ${sha256}, that SHA256SUMS does not.`,
      )
      continue
    }
    listed.add(name)
    const differs = against(bundle, name, sha256)
    if (differs)
      problems.push(`${certificate} states SHA-256 ${sha256} for ${shown(name)}, but ${differs}.`)
  }
  for (const name of bundle.sums.keys())
    if (!listed.has(name) && !name.startsWith('certificate-s84.'))
      problems.push(`${certificate} does not list ${shown(name)}, which SHA256SUMS does.`)
  return problems
}
