import { SaxesParser } from 'saxes'
import { refuse } from './bulk-file-refusals'

export interface XmlHandlers {
  /** `name` without its prefix: some writers prefix SpreadsheetML (`x:row`). */
  open?(name: string, attributes: Record<string, string>): void
  close?(name: string): void
  text?(text: string): void
}

const local = (name: string) => name.slice(name.indexOf(':') + 1)

/**
 * A strict streaming parser for one part of a workbook. A DOCTYPE is refused (no spreadsheet
 * program writes one, and entity-expansion bombs start with it); saxes knows only XML's five
 * entities and never fetches anything.
 */
export function xmlParser(part: string, handlers: XmlHandlers): SaxesParser {
  const parser = new SaxesParser({ xmlns: false, position: false })
  parser.on('error', (error) => {
    throw refuse.damagedWorkbook(`its part "${part}" is not well-formed XML (${error.message}).`)
  })
  parser.on('doctype', () => {
    throw refuse.damagedWorkbook(
      `its part "${part}" declares a DOCTYPE, which no spreadsheet program writes.`,
    )
  })
  const { open, close, text } = handlers
  if (open)
    parser.on('opentag', (tag) => open(local(tag.name), tag.attributes as Record<string, string>))
  if (close) parser.on('closetag', (tag) => close(local(tag.name)))
  if (text) {
    parser.on('text', text)
    parser.on('cdata', text)
  }
  return parser
}

/** Reads a whole part through the parser. */
export async function parseXml(
  texts: AsyncIterable<string>,
  part: string,
  handlers: XmlHandlers,
): Promise<void> {
  const parser = xmlParser(part, handlers)
  for await (const text of texts) parser.write(text)
  parser.close()
}

/** An attribute by its local name, whatever its prefix (`r:id`, `relationships:id`). */
export function attribute(attributes: Record<string, string>, name: string): string | undefined {
  for (const key in attributes) if (local(key) === name) return attributes[key]
  return undefined
}

/**
 * OOXML writes characters XML cannot hold as `_xHHHH_` (`_x000D_` for a carriage return) and a
 * literal `_x` before four hex digits as `_x005F_x…`; this reads them back.
 */
export function unescapeXstring(text: string): string {
  return text.includes('_x')
    ? text.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) =>
        String.fromCharCode(parseInt(hex, 16)),
      )
    : text
}
