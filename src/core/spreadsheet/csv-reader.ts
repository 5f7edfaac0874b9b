import type { TableLimits } from './table-limits'
import type { TableProgress, TableRow } from './table-row'
import { TableFileError, tableErrors } from './table-file-error'
import { hasUtf16Bom } from './detect-format'
import {
  COMMA,
  CR,
  CsvRecordParser,
  LF,
  QUOTE,
  SEMICOLON,
  TAB,
  type CsvDelimiter,
} from './csv-record-parser'

/** How much text is looked at to pick the delimiter (the header line, or its start). */
const SNIFF_CHARS = 64 * 1024

/**
 * The delimiter of the header line: the one of comma, semicolon (Excel's CSV in locales with a
 * decimal comma) and tab (a .tsv, as Google Sheets and others save it) that occurs most often
 * outside quotes; comma when none does or on a tie.
 */
export function sniffDelimiter(head: string): CsvDelimiter {
  let commas = 0
  let semicolons = 0
  let tabs = 0
  let quoted = false
  for (let i = 0; i < head.length; i++) {
    const c = head.charCodeAt(i)
    if (c === QUOTE) quoted = !quoted
    else if (quoted) continue
    else if (c === COMMA) commas++
    else if (c === SEMICOLON) semicolons++
    else if (c === TAB) tabs++
    else if (c === LF || c === CR) break
  }
  if (tabs > commas && tabs > semicolons) return '\t'
  return semicolons > commas ? ';' : ','
}

/**
 * Rows of a UTF-8 CSV file (with or without BOM) read from byte chunks, a few at a time: only
 * the current chunk and the row being read are held in memory.
 */
export async function* readCsvRows(
  chunks: AsyncIterable<Uint8Array>,
  totalBytes: number,
  limits: TableLimits,
  onProgress?: (p: TableProgress) => void,
): AsyncGenerator<TableRow> {
  const decoder = new TextDecoder('utf-8', { fatal: true })
  let parser = null as CsvRecordParser | null
  let head = ''
  let bytesRead = 0
  let first = true
  const out: TableRow[] = []

  const decode = (bytes: Uint8Array | undefined): string => {
    try {
      return bytes ? decoder.decode(bytes, { stream: true }) : decoder.decode()
    } catch (error) {
      if (error instanceof TableFileError) throw error
      throw tableErrors.notUtf8(rowOfBadByte(bytes))
    }
  }
  /** Roughly the row of the first byte that is not UTF-8: rows done, plus line breaks before it. */
  const rowOfBadByte = (bytes: Uint8Array | undefined): number => {
    const text = head + (bytes ? new TextDecoder('utf-8').decode(bytes) : '')
    const bad = text.indexOf('\ufffd')
    const before = bad === -1 ? text : text.slice(0, bad)
    const breaks = before.split('\n').length - 1
    return (parser?.rowNumber ?? 0) + 1 + breaks
  }
  const feed = (text: string): void => {
    if (!parser) {
      head += text
      // Wait for the whole header line (or enough of it) before choosing the delimiter.
      if (head.length < SNIFF_CHARS && !/[\r\n]/.test(head)) return
      parser = new CsvRecordParser(sniffDelimiter(head), limits)
      text = head
      head = ''
    }
    parser.push(text, out)
  }

  for await (const chunk of chunks) {
    if (first) {
      first = false
      if (hasUtf16Bom(chunk)) throw tableErrors.utf16()
    }
    bytesRead += chunk.byteLength
    feed(decode(chunk))
    if (out.length > 0) {
      yield* out.splice(0)
    }
    onProgress?.({ bytesRead, totalBytes, rows: parser?.rowNumber ?? 0 })
  }
  feed(decode(undefined))
  if (!parser) {
    if (head.trim() === '') throw tableErrors.empty()
    parser = new CsvRecordParser(sniffDelimiter(head), limits)
    parser.push(head, out)
  }
  parser.end(out)
  if (parser.rowNumber === 0) throw tableErrors.empty()
  yield* out.splice(0)
  onProgress?.({ bytesRead, totalBytes, rows: parser.rowNumber })
}
