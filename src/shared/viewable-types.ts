import { ATTACHMENT_TYPES } from './file-types'

/**
 * The files Casefile's own viewer shows: images and PDFs, recognised by their first bytes (magic
 * numbers), never by a name or a Content-Type. Pure, so the core checks the bytes before it hands
 * them to the window and the window checks them again before it draws them.
 */
export const VIEWABLE_TYPES = {
  pdf: { mime: 'application/pdf', label: 'PDF' },
  png: { mime: 'image/png', label: 'PNG image' },
  jpeg: { mime: 'image/jpeg', label: 'JPEG image' },
  gif: { mime: 'image/gif', label: 'GIF image' },
  webp: { mime: 'image/webp', label: 'WebP image' },
} as const

export type ViewableType = keyof typeof VIEWABLE_TYPES
export const VIEWABLE_KINDS = Object.keys(VIEWABLE_TYPES) as [ViewableType, ...ViewableType[]]

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0))

function at(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false
  return signature.every((byte, i) => bytes[offset + i] === byte)
}

/** The viewable type the bytes are, by their magic number; null for anything else. */
export function sniffViewable(bytes: Uint8Array): ViewableType | null {
  if (at(bytes, ascii('%PDF-'))) return 'pdf'
  if (at(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (at(bytes, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (at(bytes, ascii('GIF87a')) || at(bytes, ascii('GIF89a'))) return 'gif'
  if (at(bytes, ascii('RIFF')) && at(bytes, ascii('WEBP'), 8)) return 'webp'
  return null
}

/** The viewable type a name's extension claims ("scan.JPG" → jpeg); null when it claims none of them. */
export function viewableTypeOfName(fileName: string): ViewableType | null {
  const ext = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase()
  if (ext === 'jpg' || ext === 'jpeg') return 'jpeg'
  if (ext === 'pdf' || ext === 'png' || ext === 'gif' || ext === 'webp') return ext
  return null
}

/** The viewable type a MIME type names (a Content-Type header, parameters allowed); null for any other. */
export function viewableTypeOfMime(mime: string | null | undefined): ViewableType | null {
  const base = (mime ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  if (base === 'image/jpg' || base === 'image/pjpeg') return 'jpeg'
  for (const [type, { mime: known }] of Object.entries(VIEWABLE_TYPES))
    if (known === base) return type as ViewableType
  return null
}

/**
 * A readable name for a registry link: its last path segment, decoded ("scan%201.pdf" →
 * "scan 1.pdf"); the address itself when it has none.
 */
export function linkFileName(url: string): string {
  try {
    const last = new URL(url).pathname.split('/').filter(Boolean).pop()
    if (!last) return url
    let name = last
    try {
      name = decodeURIComponent(last)
    } catch {
      // Not valid percent-encoding: the segment as written.
    }
    // A name, never a path: a decoded "..%2Fx" must not read as a folder.
    // eslint-disable-next-line no-control-regex
    return name.replace(/[/\\\x00-\x1f\x7f]/g, '_')
  } catch {
    return url
  }
}

const TYPE_LABELS: Record<string, string> = {
  ...Object.fromEntries(Object.values(ATTACHMENT_TYPES).map((t) => [t.mime, t.label])),
  ...Object.fromEntries(Object.values(VIEWABLE_TYPES).map((t) => [t.mime, t.label])),
}

/** A file type as a person says it ("application/pdf" → "PDF"); "file" for one Casefile does not name. */
export function fileTypeLabel(mime: string): string {
  return TYPE_LABELS[mime.split(';')[0]?.trim().toLowerCase() ?? ''] ?? 'file'
}
