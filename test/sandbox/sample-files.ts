import { crc32 } from 'node:zlib'

/**
 * A zip with the given entries stored uncompressed: enough to look like an XLSX or DOCX to
 * the content sniffer (it reads entry names), without a zip library in the tests.
 */
export function storedZip(entries: Record<string, string>): Buffer {
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const [name, text] of Object.entries(entries)) {
    const nameBytes = Buffer.from(name)
    const data = Buffer.from(text)
    const crc = crc32(data)
    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(data.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(nameBytes.length, 26)
    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(data.length, 20)
    central.writeUInt32LE(data.length, 24)
    central.writeUInt16LE(nameBytes.length, 28)
    central.writeUInt32LE(offset, 42)
    locals.push(local, nameBytes, data)
    centrals.push(central, nameBytes)
    offset += local.length + nameBytes.length + data.length
  }
  const centralSize = centrals.reduce((sum, part) => sum + part.length, 0)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(Object.keys(entries).length, 8)
  end.writeUInt16LE(Object.keys(entries).length, 10)
  end.writeUInt32LE(centralSize, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, ...centrals, end])
}

const contentTypes = '<?xml version="1.0"?><Types/>'

/** One small sample per accepted upload type, by content. */
export const SAMPLE_FILES = {
  pdf: { name: 'statement.pdf', bytes: Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n') },
  png: {
    name: 'screenshot.png',
    bytes: Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(24),
    ]),
  },
  jpeg: {
    name: 'photo.jpg',
    bytes: Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(24)]),
  },
  webp: {
    name: 'photo.webp',
    bytes: Buffer.concat([
      Buffer.from('RIFF'),
      Buffer.from([24, 0, 0, 0]),
      Buffer.from('WEBPVP8 '),
      Buffer.alloc(16),
    ]),
  },
  heic: {
    name: 'IMG_0001.HEIC',
    bytes: Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypheic'),
      Buffer.alloc(4),
      Buffer.from('mif1heic'),
    ]),
  },
  txt: {
    name: 'notes.txt',
    bytes: Buffer.from('Called the number twice; no answer. ₦50,000 sent.\n'),
  },
  csv: { name: 'transfers.csv', bytes: Buffer.from('date,amount\n2026-01-02,50000\n') },
  xlsx: {
    name: 'ledger.xlsx',
    bytes: storedZip({ '[Content_Types].xml': contentTypes, 'xl/workbook.xml': '<workbook/>' }),
  },
  docx: {
    name: 'letter.docx',
    bytes: storedZip({ '[Content_Types].xml': contentTypes, 'word/document.xml': '<document/>' }),
  },
} as const

export function formWithFile(bytes: Uint8Array, name: string, field = 'file'): FormData {
  const form = new FormData()
  form.append(field, new Blob([new Uint8Array(bytes)]), name)
  return form
}
