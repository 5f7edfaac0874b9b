import { SaxesParser } from 'saxes'
import { tableErrors } from './table-file-error'

export interface XmlHandlers {
  /** `name` is the local name (prefix dropped: some writers prefix SpreadsheetML as `x:`). */
  open?(name: string, attributes: Record<string, string>): void
  close?(name: string): void
  text?(text: string): void
}

/** Only XML's own five entities; a map without a prototype, so `&constructor;` is an error. */
const XML_ENTITIES: Record<string, string> = Object.assign(Object.create(null), {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
})

const localName = (name: string) => {
  const colon = name.indexOf(':')
  return colon === -1 ? name : name.slice(colon + 1)
}

/**
 * A strict streaming XML parser for one workbook part. A DOCTYPE is refused outright (workbook
 * parts never have one, and it is how entity-expansion bombs start); saxes never fetches or
 * expands external entities either way. Attribute maps come from saxes without a prototype.
 */
export function createXmlParser(part: string, handlers: XmlHandlers) {
  const parser = new SaxesParser({ xmlns: false, position: false })
  parser.ENTITIES = XML_ENTITIES
  parser.on('error', (error) => {
    throw tableErrors.notASpreadsheet(
      `The workbook part "${part}" is not well-formed XML (${error.message}), so the workbook is damaged.`,
    )
  })
  parser.on('doctype', () => {
    throw tableErrors.notASpreadsheet(
      `The workbook part "${part}" declares a DOCTYPE, which Excel never writes; Casefile does not read such files.`,
    )
  })
  const { open, close, text } = handlers
  if (open)
    parser.on('opentag', (tag) =>
      open(localName(tag.name), tag.attributes as Record<string, string>),
    )
  if (close) parser.on('closetag', (tag) => close(localName(tag.name)))
  if (text) {
    parser.on('text', text)
    parser.on('cdata', text)
  }
  return {
    write(chunk: string): void {
      parser.write(chunk)
    },
    close(): void {
      parser.close()
    },
  }
}

/** Reads a whole part through the parser (for the small parts: workbook, relationships, styles). */
export async function parseXmlPart(
  texts: AsyncIterable<string>,
  part: string,
  handlers: XmlHandlers,
): Promise<void> {
  const parser = createXmlParser(part, handlers)
  for await (const text of texts) parser.write(text)
  parser.close()
}

/** An attribute by local name, whatever its prefix (`r:id`, `relationships:id`). */
export function prefixedAttribute(
  attributes: Record<string, string>,
  local: string,
): string | undefined {
  for (const name in attributes) {
    if (name === local || name.endsWith(`:${local}`)) return attributes[name]
  }
  return undefined
}

/**
 * Excel escapes characters XML cannot hold as `_xHHHH_` (e.g. `_x000D_` for a carriage return)
 * and a literal `_x` as `_x005F_x`; this undoes it.
 */
export function unescapeOoxml(text: string): string {
  if (!text.includes('_x')) return text
  return text.replace(/_x([0-9a-fA-F]{4})_/g, (_, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  )
}
