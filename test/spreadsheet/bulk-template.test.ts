import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import yazl from 'yazl'
import { BULK_COLUMNS, BULK_HEADERS } from '../../src/shared/bulk-template'
import { FRAUD_TYPES, createReportInputSchema } from '../../src/shared/domain'
import {
  BULK_TEMPLATE_CSV,
  BULK_TEMPLATE_XLSX,
  bulkTemplateCsv,
  writeBulkTemplateFiles,
} from '../../src/core/spreadsheet/bulk-template-file'
import { importBulkFile, mapBulkHeader } from '../../src/core/spreadsheet/bulk-file-import'
import { cellReference } from '../../src/core/spreadsheet/cell-reference'
import { escapeCellText } from '../../src/core/spreadsheet/xml-escape'
import { csvLine } from '../../src/core/spreadsheet/csv-writer'
import { zipParts } from './zip-parts'
import { BANKS, REASON, allRows, useTempDir } from './support'

const RESOURCES = join(__dirname, '../../resources')
const tempDir = useTempDir()

/** Fills the template's Reports sheet with rows, as a user typing into it would. */
async function fillXlsxTemplate(template: Uint8Array, rows: string[][]): Promise<Buffer> {
  const parts = await zipParts(template)
  const rowsXml = rows
    .map((cells, i) => {
      const r = i + 2
      const xml = cells
        .map((value, c) =>
          value === ''
            ? ''
            : `<c r="${cellReference(c, r)}" s="2" t="inlineStr"><is><t>${escapeCellText(value)}</t></is></c>`,
        )
        .join('')
      return `<row r="${r}">${xml}</row>`
    })
    .join('')
  const sheet = parts.get('xl/worksheets/sheet1.xml') ?? ''
  parts.set('xl/worksheets/sheet1.xml', sheet.replace('</sheetData>', `${rowsXml}</sheetData>`))
  const zip = new yazl.ZipFile()
  for (const [name, text] of parts) zip.addBuffer(Buffer.from(text), name)
  zip.end()
  const chunks: Buffer[] = []
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

const at = (header: string) => BULK_HEADERS.indexOf(header)
function templateRow(values: Record<string, string>): string[] {
  const row = BULK_HEADERS.map(() => '')
  for (const [header, value] of Object.entries(values)) row[at(header)] = value
  return row
}

const FILLED = [
  templateRow({
    fraud_type: 'identity_theft',
    fraud_reason: REASON,
    show_uploader_info: 'true',
    account_number_1: '0123456789',
    bank_1: 'Access Bank',
    bvn: '22123456789',
  }),
  templateRow({
    fraud_type: 'money_mule',
    fraud_reason: `${REASON} Second case.`,
    account_number_1: '0001112223',
    bank_1: 'gtbank',
    account_number_2: '9998887776',
    bank_2: '011',
    phone: '0803 123 4567;+2348091234567',
    email: 'Mule@Example.com',
    attachment_1: 'https://files.example.com/a.pdf',
    attachment_2: 'evidence/scan 2.png',
  }),
]

const EXPECTED = [
  {
    rowNumber: 2,
    input: {
      fraudType: 'identity_theft',
      fraudReason: REASON,
      identifiers: [
        { label: 'account', value: '0123456789_access-bank' },
        { label: 'bvn', value: '22123456789' },
      ],
      attachments: [],
      showUploaderInfo: true,
    },
    attachments: [],
    files: [],
  },
  {
    rowNumber: 3,
    input: {
      fraudType: 'money_mule',
      fraudReason: `${REASON} Second case.`,
      identifiers: [
        { label: 'account', value: '0001112223_gtbank' },
        { label: 'account', value: '9998887776_first-bank' },
        { label: 'phone', value: '08031234567' },
        { label: 'phone', value: '08091234567' },
        { label: 'email', value: 'mule@example.com' },
      ],
      attachments: [],
      showUploaderInfo: false,
    },
    attachments: ['https://files.example.com/a.pdf', 'evidence/scan 2.png'],
    files: [
      {
        column: 'attachment_2',
        cell: expect.stringMatching(/^[A-Z]+3$/),
        path: 'evidence/scan 2.png',
      },
    ],
  },
]

describe('the bulk template files', () => {
  it('are what the generator makes from BULK_COLUMNS (npm run template)', async () => {
    const dir = await tempDir()
    await writeBulkTemplateFiles(dir)
    const [shipped, generated] = await Promise.all([
      readFile(join(RESOURCES, BULK_TEMPLATE_XLSX)).then(zipParts),
      readFile(join(dir, BULK_TEMPLATE_XLSX)).then(zipParts),
    ])
    expect([...shipped.keys()]).toEqual([...generated.keys()])
    for (const [name, text] of generated) expect(shipped.get(name), name).toBe(text)
    expect(await readFile(join(RESOURCES, BULK_TEMPLATE_CSV), 'utf8')).toBe(bulkTemplateCsv())
  })

  it('read back as exactly the template header, in XLSX and CSV', async () => {
    for (const file of [BULK_TEMPLATE_XLSX, BULK_TEMPLATE_CSV]) {
      const rows = await allRows({ path: join(RESOURCES, file) })
      expect(rows).toEqual([{ rowNumber: 1, cells: [...BULK_HEADERS] }])
      expect(mapBulkHeader(1, rows[0]?.cells ?? []).problems).toEqual([])
    }
  })

  it('explain every column on the Instructions sheet and offer lists for fraud_type and show_uploader_info', async () => {
    const parts = await zipParts(await readFile(join(RESOURCES, BULK_TEMPLATE_XLSX)))
    expect(parts.get('xl/workbook.xml')).toMatch(
      /<sheet name="Reports"[^>]*\/><sheet name="Instructions"/,
    )
    const instructions = parts.get('xl/worksheets/sheet2.xml') ?? ''
    for (const column of BULK_COLUMNS) {
      expect(instructions).toContain(`>${column.header}<`)
      expect(instructions).toContain(escapeCellText(column.help))
    }
    expect(instructions).toContain(FRAUD_TYPES.join(', '))
    const reports = parts.get('xl/worksheets/sheet1.xml') ?? ''
    expect(reports).toContain(`sqref="A2:A100001"><formula1>"${FRAUD_TYPES.join(',')}"</formula1>`)
    expect(reports).toContain(`sqref="C2:C100001"><formula1>"true,false"</formula1>`)
    // Identifier columns are Text, so Excel keeps an account number's leading zero.
    expect(reports).toMatch(/<col min="4" max="4" [^>]*style="2"/)
  })

  it('filled in and imported, give back the reports written into them (XLSX and CSV)', async () => {
    const dir = await tempDir()
    const xlsx = await fillXlsxTemplate(await readFile(join(RESOURCES, BULK_TEMPLATE_XLSX)), FILLED)
    const csv =
      (await readFile(join(RESOURCES, BULK_TEMPLATE_CSV), 'utf8')) + FILLED.map(csvLine).join('')
    await writeFile(join(dir, 'filled.xlsx'), xlsx)
    await writeFile(join(dir, 'filled.csv'), csv)
    for (const file of ['filled.xlsx', 'filled.csv']) {
      const result = await importBulkFile({ path: join(dir, file) }, { banks: BANKS })
      expect(result.rejected, file).toEqual([])
      expect(
        result.accepted.map(({ fingerprint: _, ...row }) => row),
        file,
      ).toEqual(EXPECTED)
      for (const { input } of result.accepted)
        expect(createReportInputSchema().parse(input)).toEqual(input)
      expect(result.totals).toMatchObject({
        dataRows: 2,
        accepted: 2,
        rejected: 0,
        skippedEmpty: 0,
      })
    }
  })
})
