import { crc32, deflateRawSync } from 'node:zlib'

/*
 * A zip written byte by byte, for the hostile zips a test hands to `casefile case verify`: the
 * fields yazl will not write (a local header that names another file, an Info-ZIP Unicode Path
 * extra field, a symlink's mode, a folder with data) set as an attacker would.
 */

export interface HandEntry {
  name: string | Buffer
  data?: Buffer
  deflate?: boolean
  /** The name in the local header, when it is to differ from the central directory's. */
  localName?: string | Buffer
  /** Extra fields, written in both headers. */
  extra?: Buffer
  /** "Version made by": its high byte is the system (3 Unix, 0 DOS). */
  madeBy?: number
  /** External attributes: the Unix mode in the high 16 bits, DOS attributes in the low byte. */
  externalAttributes?: number
  /** General purpose bit 11: the name is UTF-8. */
  utf8?: boolean
}

const bytesOf = (name: string | Buffer) => (typeof name === 'string' ? Buffer.from(name) : name)

/** An Info-ZIP Unicode Path extra field (0x7075) naming `unicodeName` for a header name. */
export function unicodePathExtra(headerName: string | Buffer, unicodeName: string): Buffer {
  const name = Buffer.from(unicodeName, 'utf8')
  const field = Buffer.alloc(9 + name.length)
  field.writeUInt16LE(0x7075, 0)
  field.writeUInt16LE(5 + name.length, 2)
  field.writeUInt8(1, 4)
  field.writeUInt32LE(crc32(bytesOf(headerName)), 5)
  name.copy(field, 9)
  return field
}

/** The mode of a regular file (0644), of a symlink, as the external attributes of a Unix zip. */
export const UNIX_FILE = (0o100644 << 16) >>> 0
export const UNIX_SYMLINK = (0o120777 << 16) >>> 0

export function handZip(entries: HandEntry[]): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const e of entries) {
    const name = bytesOf(e.name)
    const localName = bytesOf(e.localName ?? e.name)
    const data = e.data ?? Buffer.alloc(0)
    const packed = e.deflate ? deflateRawSync(data) : data
    const extra = e.extra ?? Buffer.alloc(0)
    const flags = e.utf8 ? 0x800 : 0
    const crc = crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(flags, 6)
    local.writeUInt16LE(e.deflate ? 8 : 0, 8)
    local.writeUInt32LE(0x00210000, 10)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(packed.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(localName.length, 26)
    local.writeUInt16LE(extra.length, 28)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(e.madeBy ?? 0x031e, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(flags, 8)
    central.writeUInt16LE(e.deflate ? 8 : 0, 10)
    central.writeUInt32LE(0x00210000, 12)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(packed.length, 20)
    central.writeUInt32LE(data.length, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt16LE(extra.length, 30)
    central.writeUInt32LE(e.externalAttributes ?? UNIX_FILE, 38)
    central.writeUInt32LE(offset, 42)
    const localPart = Buffer.concat([local, localName, extra, packed])
    locals.push(localPart)
    centrals.push(Buffer.concat([central, name, extra]))
    offset += localPart.length
  }
  const directory = Buffer.concat(centrals)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(directory.length, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, directory, end])
}
