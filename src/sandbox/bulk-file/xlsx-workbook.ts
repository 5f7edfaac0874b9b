import { MAX_CELL_CHARS, MAX_SHARED_STRINGS_BYTES, MAX_SMALL_PART_BYTES } from './bulk-file-limits'
import { refuse } from './bulk-file-refusals'
import { attribute, parseXml, unescapeXstring } from './xlsx-xml'
import type { WorkbookZip } from './xlsx-zip'

/** What the first sheet is read with. */
export interface FirstSheet {
  name: string
  part: string
  /** Shared texts by index; a text longer than a cell holds is kept as null (refused where used). */
  sharedStrings: (string | null)[]
  /** For each cell style index, the digits its number format pads to (`0000000000` → 10), or 0. */
  zeroPadding: number[]
  /**
   * `<calcPr fullCalcOnLoad="1"/>`: the program that wrote the file asks for its formulas to be
   * calculated when it is opened, so the values saved with them are placeholders.
   */
  recalculateOnOpen: boolean
}

interface Relationship {
  type: string
  target: string
}

/** A relationship's target as a part name, resolved against the folder of the part holding it. */
function partName(fromPart: string, target: string): string {
  if (target.startsWith('/')) return target.slice(1)
  const folder = fromPart.split('/').slice(0, -1)
  for (const segment of target.split('/')) {
    if (segment === '..') folder.pop()
    else if (segment !== '.' && segment !== '') folder.push(segment)
  }
  return folder.join('/')
}

async function relationships(zip: WorkbookZip, part: string): Promise<Map<string, Relationship>> {
  const slash = part.lastIndexOf('/')
  const relsPart = `${part.slice(0, slash + 1)}_rels/${part.slice(slash + 1)}.rels`
  const found = new Map<string, Relationship>()
  const texts = await zip.text(relsPart, MAX_SMALL_PART_BYTES)
  if (!texts) return found
  await parseXml(texts, relsPart, {
    open(name, attributes) {
      const { Id: id, Type: type, Target: target, TargetMode: mode } = attributes
      if (name === 'Relationship' && id && type && target && mode !== 'External')
        found.set(id, { type, target: partName(part, target) })
    },
  })
  return found
}

const ofType = (found: Map<string, Relationship>, type: string) =>
  [...found.values()].find((r) => r.type.endsWith(`/${type}`))?.target

/**
 * The workbook's first sheet, as its workbook part lists them (hidden or not: the file's own
 * order is what "first" means to a program reading it), and the parts its cells refer to.
 */
export async function readFirstSheet(zip: WorkbookZip): Promise<FirstSheet> {
  const workbookPart = ofType(await relationships(zip, ''), 'officeDocument') ?? 'xl/workbook.xml'
  const workbook = await zip.text(workbookPart, MAX_SMALL_PART_BYTES)
  if (!workbook)
    throw refuse.notASpreadsheet(
      zip.has('word/document.xml')
        ? 'The file is a Word document, not a spreadsheet.'
        : 'The file is a zip archive that holds no Excel workbook.',
    )
  let first: { name: string; id: string } | undefined
  let recalculateOnOpen = false
  await parseXml(workbook, workbookPart, {
    open(name, attributes) {
      const id = attribute(attributes, 'id')
      if (name === 'sheet' && !first && id) first = { name: attributes.name ?? '', id }
      else if (name === 'calcPr')
        recalculateOnOpen = ['1', 'true'].includes(attributes.fullCalcOnLoad ?? '')
    },
  })
  const parts = await relationships(zip, workbookPart)
  const part = first && parts.get(first.id)?.target
  if (!first || !part || !zip.has(part))
    throw refuse.damagedWorkbook(
      'its first sheet cannot be found (a chart sheet, or a damaged file?).',
    )
  const sharedPart = ofType(parts, 'sharedStrings')
  const stylesPart = ofType(parts, 'styles')
  return {
    name: first.name,
    part,
    sharedStrings: sharedPart ? await readSharedStrings(zip, sharedPart) : [],
    zeroPadding: stylesPart ? await readZeroPadding(zip, stylesPart) : [],
    recalculateOnOpen,
  }
}

/** Each `<si>`: its `<t>` texts joined (rich-text runs included, phonetic guides not). */
async function readSharedStrings(zip: WorkbookZip, part: string): Promise<(string | null)[]> {
  const strings: (string | null)[] = []
  const texts = await zip.text(part, MAX_SHARED_STRINGS_BYTES)
  if (!texts) return strings
  let current: string | null = null
  let inText = false
  let phonetic = 0
  await parseXml(texts, part, {
    open(name) {
      if (name === 'si') current = ''
      else if (name === 't') inText = true
      else if (name === 'rPh') phonetic++
    },
    text(text) {
      if (inText && phonetic === 0 && current !== null && current.length <= MAX_CELL_CHARS)
        current += text
    },
    close(name) {
      if (name === 't') inText = false
      else if (name === 'rPh') phonetic--
      else if (name === 'si' && current !== null) {
        const text = unescapeXstring(current)
        strings.push(text.length > MAX_CELL_CHARS ? null : text)
        current = null
      }
    },
  })
  return strings
}

/**
 * The one number format a bulk file needs to read as shown: digits kept with their leading
 * zeros by a format of zeros (`0000000000` for a NUBAN), as banks format account columns.
 */
async function readZeroPadding(zip: WorkbookZip, part: string): Promise<number[]> {
  const padding: number[] = []
  const texts = await zip.text(part, MAX_SMALL_PART_BYTES)
  if (!texts) return padding
  const zerosOf = new Map<string, number>()
  let inCellXfs = false
  await parseXml(texts, part, {
    open(name, attributes) {
      const id = attributes.numFmtId
      if (name === 'numFmt' && id !== undefined)
        zerosOf.set(
          id,
          /^0+$/.test(attributes.formatCode ?? '') ? (attributes.formatCode ?? '').length : 0,
        )
      else if (name === 'cellXfs') inCellXfs = true
      else if (name === 'xf' && inCellXfs) padding.push(zerosOf.get(id ?? '0') ?? 0)
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false
    },
  })
  return padding
}
