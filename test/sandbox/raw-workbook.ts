import { BULK_HEADERS } from '../../src/shared/bulk-template'
import { storedZip } from './sample-files'

/*
 * XLSX files written part by part, for what a writer library will not produce on request: error
 * values, formulas without values, number formats, parts that are not what they claim.
 */

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships'
const PACKAGE_REL = 'http://schemas.openxmlformats.org/package/2006/relationships'

export interface RawWorkbookParts {
  /** The `<row>` elements of the first sheet. */
  rows: string
  /** Inside `<styleSheet>`; a styles part is written only when given. */
  styles?: string
  /** `<si>` elements; a shared strings part is written only when given. */
  sharedStrings?: string
  /** More inside `<workbook>` after `<sheets>` (e.g. `<calcPr fullCalcOnLoad="1"/>`). */
  workbookExtra?: string
}

export function rawWorkbook({
  rows,
  styles,
  sharedStrings,
  workbookExtra = '',
}: RawWorkbookParts): Buffer {
  const ns = `xmlns="${MAIN}" xmlns:r="${REL}"`
  const relationship = (id: string, type: string, target: string) =>
    `<Relationship Id="${id}" Type="${REL}/${type}" Target="${target}"/>`
  return storedZip({
    '[Content_Types].xml':
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
    '_rels/.rels': `<?xml version="1.0"?><Relationships xmlns="${PACKAGE_REL}">${relationship('rId1', 'officeDocument', 'xl/workbook.xml')}</Relationships>`,
    'xl/workbook.xml': `<?xml version="1.0"?><workbook ${ns}><sheets><sheet name="Reports" sheetId="1" r:id="rId1"/></sheets>${workbookExtra}</workbook>`,
    'xl/_rels/workbook.xml.rels': `<?xml version="1.0"?><Relationships xmlns="${PACKAGE_REL}">${relationship('rId1', 'worksheet', 'worksheets/sheet1.xml')}${styles === undefined ? '' : relationship('rId2', 'styles', 'styles.xml')}${sharedStrings === undefined ? '' : relationship('rId3', 'sharedStrings', 'sharedStrings.xml')}</Relationships>`,
    'xl/worksheets/sheet1.xml': `<?xml version="1.0"?><worksheet ${ns}><sheetData>${rows}</sheetData></worksheet>`,
    ...(styles === undefined
      ? {}
      : { 'xl/styles.xml': `<?xml version="1.0"?><styleSheet ${ns}>${styles}</styleSheet>` }),
    ...(sharedStrings === undefined
      ? {}
      : { 'xl/sharedStrings.xml': `<?xml version="1.0"?><sst ${ns}>${sharedStrings}</sst>` }),
  })
}

/** The sheet's letter of a template column ("fraud_type" → "A"). */
export function columnOf(header: string): string {
  const index = BULK_HEADERS.indexOf(header)
  if (index < 0 || index > 25) throw new Error(`No single-letter template column ${header}.`)
  return String.fromCharCode(65 + index)
}

export const text = (ref: string, value: string) =>
  `<c r="${ref}" t="inlineStr"><is><t>${value.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</t></is></c>`

/** Row 1: the template's headers as inline strings. */
export const headerRow = () =>
  `<row r="1">${BULK_HEADERS.filter((_, i) => i < 26)
    .map((h) => text(`${columnOf(h)}1`, h))
    .join('')}</row>`

/** A data row from cells written with `text` or raw `<c>` elements. */
export const row = (n: number, cells: string[]) => `<row r="${n}">${cells.join('')}</row>`
