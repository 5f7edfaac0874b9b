import type { Entry } from 'yauzl'

/*
 * What `casefile case verify` asks of each entry of a zip handed back from outside, so that what
 * it hashes is what `unzip`, Python's zipfile and a file manager would unpack: one name per entry
 * (no Unicode Path extra field that names another file, the local header naming the same file as
 * the central directory), regular files and empty folders only (no symlink, device or FIFO), and
 * no two names that are the same file on Windows or macOS (case, Unicode normalization).
 */

/** A zip that is not read at all: hostile, damaged, or not a case file. Says why. */
export class CaseVerifyRefused extends Error {
  /** notZip: not a zip at all; refused: read, and found hostile or not as Casefile makes it. */
  readonly kind: 'notZip' | 'refused'
  constructor(message: string, kind: 'notZip' | 'refused' = 'refused') {
    super(message)
    this.name = 'CaseVerifyRefused'
    this.kind = kind
  }
}

const refuse = (message: string) => new CaseVerifyRefused(message)
const UNICODE_PATH = 0x7075
const UTF8_NAME = 0x800
const UNIX_CREATORS = new Set([3, 19]) // Unix; macOS (Darwin) writes Unix modes too
const S_IFMT = 0o170000
const S_IFREG = 0o100000
const S_IFDIR = 0o040000
const DOS_DIRECTORY = 0x10

export function checkName(name: string): void {
  // eslint-disable-next-line no-control-regex
  if (/[\x00-\x1f\x7f\\]/.test(name) || /^[a-zA-Z]:/.test(name) || name.startsWith('/'))
    throw refuse(
      `The zip names a file outside its own folder (${JSON.stringify(name)}); it was not read.`,
    )
  if (name.split('/').some((segment) => segment === '..' || segment === '.'))
    throw refuse(
      `The zip names a file outside its own folder (${JSON.stringify(name)}); it was not read.`,
    )
}

/**
 * The entry's name from its own bytes: UTF-8 when its flag says so (and then valid UTF-8), else
 * ASCII only, because tools read the old code pages differently (Python: CP437; unzip: the
 * locale's). yauzl's own decoding is not used: it takes an Info-ZIP Unicode Path extra field's
 * name over the header's, which Python's zipfile does not.
 */
export function decodeName(raw: Buffer, flags: number): string {
  if (flags & UTF8_NAME) {
    try {
      return new TextDecoder('utf-8', { fatal: true }).decode(raw)
    } catch {
      throw refuse('The zip names a file in bytes that are not UTF-8 as it says; it was not read.')
    }
  }
  if (raw.some((byte) => byte >= 0x80))
    throw refuse(
      `The zip names a file (${JSON.stringify(raw.toString('latin1'))}) in an old encoding that unzip and other tools read as different names; it was not read.`,
    )
  return raw.toString('ascii')
}

/** Any Info-ZIP Unicode Path field in `extra` must name the file the header names. */
function checkUnicodePath(fields: readonly { id: number; data: Buffer }[], name: string): void {
  for (const field of fields) {
    if (field.id !== UNICODE_PATH) continue
    const other = field.data.length >= 5 ? field.data.subarray(5).toString('utf8') : '(damaged)'
    if (field.data[0] !== 1 || other !== name)
      throw refuse(
        `The zip entry ${JSON.stringify(name)} carries a second name, ${JSON.stringify(other)}, which some tools use instead (an Info-ZIP Unicode Path field); different tools would check different files, so it was not read.`,
      )
  }
}

/** The extra fields of a header, as id and data (the same layout as yauzl parses). */
export function parseExtra(extra: Buffer): { id: number; data: Buffer }[] {
  const fields: { id: number; data: Buffer }[] = []
  for (let at = 0; at + 4 <= extra.length;) {
    const size = extra.readUInt16LE(at + 2)
    fields.push({ id: extra.readUInt16LE(at), data: extra.subarray(at + 4, at + 4 + size) })
    at += 4 + size
  }
  return fields
}

/** The central directory's name of the entry, checked against its extra fields. */
export function centralName(entry: Entry): string {
  const name = decodeName(entry.fileNameRaw, entry.generalPurposeBitFlag)
  checkName(name)
  checkUnicodePath(entry.extraFields, name)
  return name
}

/** The local header of the entry (read by the caller) names the same file, the same way. */
export function checkLocalHeader(entry: Entry, name: string, header: Buffer | null): void {
  const lies = () =>
    refuse(
      `The zip's directory lists ${JSON.stringify(name)}, but the entry itself is named otherwise; different tools would check different files, so it was not read.`,
    )
  if (!header || header.length < 30 || header.readUInt32LE(0) !== 0x04034b50) throw lies()
  const nameLength = header.readUInt16LE(26)
  const extraLength = header.readUInt16LE(28)
  if (header.length < 30 + nameLength + extraLength) throw lies()
  const raw = header.subarray(30, 30 + nameLength)
  if (!raw.equals(entry.fileNameRaw)) throw lies()
  if (decodeName(raw, header.readUInt16LE(6)) !== name) throw lies()
  checkUnicodePath(
    parseExtra(header.subarray(30 + nameLength, 30 + nameLength + extraLength)),
    name,
  )
}

/** 'file' or 'folder'; anything else (a symlink, a device, a folder with data) refused. */
export function entryKind(entry: Entry, name: string): 'file' | 'folder' {
  const folder = name.endsWith('/')
  const attributes = entry.externalFileAttributes >>> 0
  if (UNIX_CREATORS.has(entry.versionMadeBy >>> 8)) {
    const type = (attributes >>> 16) & S_IFMT
    if (type !== 0 && type !== (folder ? S_IFDIR : S_IFREG))
      throw refuse(
        type === 0o120000
          ? `${name} is a symbolic link in the zip, which unzip would make point elsewhere on this computer; a case file holds only files. It was not read.`
          : `${name} is not a plain ${folder ? 'folder' : 'file'} in the zip (a link, a device or a pipe); a case file holds only files. It was not read.`,
      )
  }
  if (!folder && attributes & DOS_DIRECTORY)
    throw refuse(`${name} is marked as a folder in the zip but named as a file; it was not read.`)
  if (folder && (entry.uncompressedSize > 0 || entry.compressedSize > 2))
    throw refuse(
      `${name} is a folder in the zip that carries data, which tools unpack differently; it was not read.`,
    )
  return folder ? 'folder' : 'file'
}

/** How Windows and macOS compare names: case and Unicode normalization do not count. */
const folded = (name: string) =>
  name.replace(/\/$/, '').normalize('NFC').toUpperCase().toLowerCase()

/** Refuses a name that is, on some computer, the same file or folder as one seen before. */
export function nameTwins(): (name: string, kind: 'file' | 'folder') => void {
  const seen = new Map<string, { name: string; kind: 'file' | 'folder' }>()
  return (name, kind) => {
    const key = folded(name)
    const before = seen.get(key)
    if (before && (before.kind === 'file' || kind === 'file'))
      throw refuse(
        before.name === name
          ? `The zip holds ${name} twice; tools would unpack one or the other, so it was not read.`
          : `The zip holds both ${before.name} and ${name}, which are the same file on Windows and macOS; it was not read.`,
      )
    seen.set(key, { name, kind })
    // Each folder a file is in: a file of the same name would be the same path.
    const parts = key.split('/')
    for (let i = 1; i < parts.length; i++) {
      const folder = parts.slice(0, i).join('/')
      const other = seen.get(folder)
      if (other?.kind === 'file')
        throw refuse(
          `The zip holds ${other.name} as a file and as a folder (${name}); it was not read.`,
        )
      if (!other) seen.set(folder, { name: `${parts.slice(0, i).join('/')}/`, kind: 'folder' })
    }
  }
}
