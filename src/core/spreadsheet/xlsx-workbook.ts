import type { ZipArchive } from './zip-archive'
import { MAX_SHARED_STRINGS, type TableLimits } from './table-limits'
import { parseXmlPart, prefixedAttribute, unescapeOoxml } from './xml-parser'
import { formatBytes, tableErrors } from './table-file-error'
import { describeZip } from './detect-format'

/*
 * The parts of an XLSX around its sheets: which part is the workbook, its sheets in the order
 * they are read, where its shared strings and styles are. Everything keyed by text from the
 * file lives in a Map, so a sheet or relationship named `__proto__` is just a name.
 */

interface Relationship {
  type: string
  target: string
}

/** Resolves a relationship target against the folder of the part that holds it. */
export function resolvePartPath(fromPart: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1)
  const folder = fromPart.includes('/')
    ? fromPart.slice(0, fromPart.lastIndexOf('/')).split('/')
    : []
  for (const segment of target.split('/')) {
    if (segment === '..') folder.pop()
    else if (segment !== '.' && segment !== '') folder.push(segment)
  }
  return folder.join('/')
}

function relsPathOf(part: string): string {
  const slash = part.lastIndexOf('/')
  return `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`
}

async function readRelationships(
  zip: ZipArchive,
  part: string,
): Promise<Map<string, Relationship>> {
  const relsPath = relsPathOf(part)
  const relationships = new Map<string, Relationship>()
  const texts = await zip.openText(relsPath)
  if (!texts) return relationships
  await parseXmlPart(texts, relsPath, {
    open(name, attributes) {
      if (name !== 'Relationship') return
      const { Id: id, Type: type, Target: target, TargetMode: mode } = attributes
      if (id && type && target && mode !== 'External')
        relationships.set(id, { type, target: resolvePartPath(part, target) })
    },
  })
  return relationships
}

const byType = (relationships: Map<string, Relationship>, suffix: string) =>
  [...relationships.values()].find((r) => r.type.endsWith(suffix))?.target

export interface WorkbookSheet {
  name: string
  part: string
}

export interface WorkbookLayout {
  /**
   * The worksheets that can be read, visible ones first in the workbook's order, then hidden
   * ones (read only when no sheet is visible); never empty.
   */
  sheets: WorkbookSheet[]
  /** Worksheets in the workbook, visible or not, readable or not. */
  sheetCount: number
  sharedStringsPart: string | undefined
  stylesPart: string | undefined
  date1904: boolean
  /** `<calcPr fullCalcOnLoad="1"/>`: the saved formula values are not results (see SheetContext). */
  fullCalcOnLoad: boolean
}

const isTrue = (value: string | undefined) => value === '1' || value === 'true'

export async function readWorkbookLayout(zip: ZipArchive): Promise<WorkbookLayout> {
  const packageRels = await readRelationships(zip, '')
  const workbookPart = byType(packageRels, '/officeDocument') ?? 'xl/workbook.xml'
  if (!zip.has(workbookPart)) throw tableErrors.notASpreadsheet(describeZip((p) => zip.has(p)))

  const sheets: { name: string; relId: string; hidden: boolean }[] = []
  let date1904 = false
  let fullCalcOnLoad = false
  const texts = await zip.openText(workbookPart)
  if (!texts) throw tableErrors.notASpreadsheet('The workbook part cannot be found.')
  await parseXmlPart(texts, workbookPart, {
    open(name, attributes) {
      if (name === 'workbookPr') date1904 = isTrue(attributes.date1904)
      else if (name === 'calcPr') fullCalcOnLoad = isTrue(attributes.fullCalcOnLoad)
      else if (name === 'sheet') {
        const relId = prefixedAttribute(attributes, 'id')
        if (relId)
          sheets.push({
            name: attributes.name ?? '',
            relId,
            hidden: attributes.state === 'hidden' || attributes.state === 'veryHidden',
          })
      }
    },
  })

  const relationships = await readRelationships(zip, workbookPart)
  const readableOf = (list: typeof sheets) =>
    list.flatMap(({ name, relId }) => {
      const part = relationships.get(relId)?.target
      return part !== undefined && zip.has(part) ? [{ name, part }] : []
    })
  // The sheets the user sees: hidden sheets are read only when none of those can be.
  let readable = readableOf(sheets.filter((s) => !s.hidden))
  if (readable.length === 0) readable = readableOf(sheets.filter((s) => s.hidden))
  if (readable.length === 0)
    throw tableErrors.notASpreadsheet(
      'The workbook has no worksheet that Casefile can read (a chart sheet or a damaged file?).',
    )
  return {
    sheets: readable,
    sheetCount: sheets.length,
    sharedStringsPart: byType(relationships, '/sharedStrings'),
    stylesPart: byType(relationships, '/styles'),
    date1904,
    fullCalcOnLoad,
  }
}

/* Number formats that show a date or a time: Excel's built-in ids, and custom codes with date
 * or time tokens outside quoted text, escapes and [colour]/[condition] brackets. */
const BUILT_IN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51,
  52, 53, 54, 55, 56, 57, 58,
])
/** Built-in format 1 is "0": a whole number, as a format of one zero shows it. */
const BUILT_IN_ONE_ZERO = 1

export function isDateFormatCode(code: string): boolean {
  const stripped = code
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '')
    .replace(/\[(?![hms]+\])[^\]]*\]/gi, '')
  return /[dmyhs]/i.test(stripped)
}

/**
 * How a cell style shows a number: as a General cell does, as a date, or as a whole number of
 * at least `zeros` digits, padded with zeros: a format of zeros only (`0`, and `0000000000`,
 * how banks keep a NUBAN's leading zero when the column holds numbers).
 */
export type NumberShown = 'general' | 'date' | { zeros: number }

/*
 * What styles.xml may make the reader hold, whatever the part's size: Excel itself keeps at most
 * 64,000 cell formats, a few hundred custom number formats, and format codes of 255 characters.
 * A style past these is read as General.
 */
const MAX_CELL_STYLES = 65_536
const MAX_NUMBER_FORMATS = 4_096
const MAX_FORMAT_CODE_CHARS = 255

function numberShownBy(code: string): NumberShown {
  if (code.length <= MAX_FORMAT_CODE_CHARS && /^0+$/.test(code)) return { zeros: code.length }
  return isDateFormatCode(code) ? 'date' : 'general'
}

function builtInNumberShown(id: number): NumberShown {
  if (id === BUILT_IN_ONE_ZERO) return { zeros: 1 }
  return BUILT_IN_DATE_FORMATS.has(id) ? 'date' : 'general'
}

/** For each cell style index (`s` attribute), how its number format shows a number. */
export async function readNumberStyles(
  zip: ZipArchive,
  stylesPart: string | undefined,
): Promise<NumberShown[]> {
  const styles: NumberShown[] = []
  if (!stylesPart) return styles
  const texts = await zip.openText(stylesPart)
  if (!texts) return styles
  const customFormats = new Map<string, NumberShown>()
  let inNumFmts = false
  let inCellXfs = false
  await parseXmlPart(texts, stylesPart, {
    open(name, attributes) {
      if (name === 'numFmts') inNumFmts = true
      else if (name === 'numFmt' && inNumFmts && attributes.numFmtId !== undefined) {
        if (customFormats.size < MAX_NUMBER_FORMATS)
          customFormats.set(attributes.numFmtId, numberShownBy(attributes.formatCode ?? ''))
      } else if (name === 'cellXfs') inCellXfs = true
      else if (name === 'xf' && inCellXfs && styles.length < MAX_CELL_STYLES) {
        const id = attributes.numFmtId ?? '0'
        styles.push(customFormats.get(id) ?? builtInNumberShown(Number(id)))
      }
    },
    close(name) {
      if (name === 'numFmts') inNumFmts = false
      else if (name === 'cellXfs') inCellXfs = false
    },
  })
  return styles
}

/**
 * The shared strings table. A string longer than a cell may hold is kept as its length only,
 * so the error can name the cell that uses it (an unused one harms nobody).
 */
export interface SharedStrings {
  strings: string[]
  tooLong: Map<number, number>
}

export async function readSharedStrings(
  zip: ZipArchive,
  part: string | undefined,
  limits: TableLimits,
): Promise<SharedStrings> {
  const shared: SharedStrings = { strings: [], tooLong: new Map() }
  if (!part) return shared
  const size = zip.sizeOf(part)?.uncompressed ?? 0
  if (size > limits.maxSharedStringsBytes)
    throw tableErrors.tooMuchSharedText(
      `would take ${formatBytes(size)} (at most ${formatBytes(limits.maxSharedStringsBytes)})`,
    )
  const texts = await zip.openText(part)
  if (!texts) return shared
  let current: string[] | null = null
  let currentLength = 0
  let inText = false
  let phoneticDepth = 0
  await parseXmlPart(texts, part, {
    open(name) {
      if (name === 'si') {
        current = []
        currentLength = 0
      } else if (name === 'rPh') phoneticDepth++
      else if (name === 't') inText = true
    },
    text(text) {
      if (!inText || phoneticDepth > 0 || !current) return
      currentLength += text.length
      if (currentLength <= limits.maxCellChars) current.push(text)
    },
    close(name) {
      if (name === 't') inText = false
      else if (name === 'rPh') phoneticDepth--
      else if (name === 'si' && current) {
        const index = shared.strings.length
        if (index >= MAX_SHARED_STRINGS)
          throw tableErrors.tooMuchSharedText(
            `holds more than ${MAX_SHARED_STRINGS.toLocaleString('en-US')} different texts`,
          )
        if (currentLength > limits.maxCellChars) {
          shared.tooLong.set(index, currentLength)
          shared.strings.push('')
        } else shared.strings.push(unescapeOoxml(current.join('')))
        current = null
      }
    },
  })
  return shared
}
