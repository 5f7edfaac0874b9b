import { ascii, ATTACHMENT_TYPES, sniffDocumentOrImage, startsWith } from './file-types'
import { visibleName } from './visible-name'

/**
 * The files Casefile's own viewer shows: images and PDFs, recognised by their first bytes (magic
 * numbers), never by a name or a Content-Type. Pure, so the core checks the bytes before it hands
 * them to the window and the window checks them again before it draws them.
 */
export const VIEWABLE_TYPES = {
  pdf: ATTACHMENT_TYPES.pdf,
  png: ATTACHMENT_TYPES.png,
  jpeg: ATTACHMENT_TYPES.jpeg,
  gif: { mime: 'image/gif', label: 'GIF image' },
  webp: ATTACHMENT_TYPES.webp,
} as const

export type ViewableType = keyof typeof VIEWABLE_TYPES
export const VIEWABLE_KINDS = Object.keys(VIEWABLE_TYPES) as [ViewableType, ...ViewableType[]]

/** The viewable type the bytes are, by their magic number (the evidence types' own, and GIF); null for anything else. */
export function sniffViewable(bytes: Uint8Array): ViewableType | null {
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif'
  return sniffDocumentOrImage(bytes)
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
 * "scan 1.pdf"), as a person will see it (visible-name.ts: no bidi override, zero-width or
 * control character); the address itself when it has none. A name to show: a file written
 * from the link takes its name from save-name.ts, with its content's extension.
 */
export function linkFileName(url: string): string {
  let name = url
  try {
    const last = new URL(url).pathname.split('/').filter(Boolean).pop()
    if (last) {
      try {
        name = decodeURIComponent(last)
      } catch {
        name = last // Not valid percent-encoding: the segment as written.
      }
      // A name, never a path: a decoded "..%2Fx" must not read as a folder.
      name = name.replace(/[/\\]/g, '_')
    }
  } catch {
    // Not an address: shown as written.
  }
  return visibleName(name) || visibleName(url)
}

const TYPE_LABELS: Record<string, string> = {
  ...Object.fromEntries(Object.values(ATTACHMENT_TYPES).map((t) => [t.mime, t.label])),
  ...Object.fromEntries(Object.values(VIEWABLE_TYPES).map((t) => [t.mime, t.label])),
}

/** A file type as a person says it ("application/pdf" → "PDF"); "file" for one Casefile does not name. */
export function fileTypeLabel(mime: string): string {
  return TYPE_LABELS[mime.split(';')[0]?.trim().toLowerCase() ?? ''] ?? 'file'
}
