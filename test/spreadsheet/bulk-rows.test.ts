import { describe, expect, it } from 'vitest'
import {
  BulkFileError,
  createBankResolver,
  createBulkRowMapper,
  importBulkFile,
  mapBulkHeader,
  mapBulkRows,
  reportFingerprint,
  type BulkRowOptions,
  type BulkRowResult,
} from '../../src/core/spreadsheet/bulk-file-import'
import { readTableRows } from '../../src/core/spreadsheet/read-table'
import {
  createReportInputSchema,
  reportFingerprint as sharedFingerprint,
} from '../../src/shared/domain'
import { BANKS, REASON, rejectionOf, utf8 } from './support'

const HEADER = [
  'fraud_type',
  'fraud_reason',
  'show_uploader_info',
  'account_number_1',
  'bank_1',
  'bvn',
  'phone',
  'email',
  'attachment_1',
  'attachment_2',
]

function mapRow(
  values: Partial<Record<string, string>>,
  options: BulkRowOptions = { banks: BANKS },
): BulkRowResult | null {
  const header = mapBulkHeader(1, HEADER)
  const cells = HEADER.map((h) => values[h] ?? '')
  return createBulkRowMapper(header, options)({ rowNumber: 2, cells })
}
const base = {
  fraud_type: 'hacker',
  fraud_reason: REASON,
  account_number_1: '0123456789',
  bank_1: 'Access Bank',
}
const errorsOf = (result: BulkRowResult | null) => (result && !result.ok ? result.errors : [])
const inputOf = (result: BulkRowResult | null) => (result?.ok ? result.input : undefined)

describe('mapBulkHeader', () => {
  it('matches headers whatever their case, spaces, dashes and order', () => {
    const mapping = mapBulkHeader(1, [' BVN ', 'Fraud Reason', 'FRAUD-TYPE'])
    expect(mapping.problems).toEqual([])
    expect([...mapping.indexOf]).toEqual([
      ['bvn', 0],
      ['fraud_reason', 1],
      ['fraud_type', 2],
    ])
  })

  it('blocks on a column given twice and on an account number without its bank column', () => {
    const mapping = mapBulkHeader(1, [
      'fraud_type',
      'fraud_reason',
      'bvn',
      'BVN',
      'account_number_2',
    ])
    expect(
      mapping.problems.filter((p) => p.blocking).map((p) => [p.code, p.column, p.message]),
    ).toEqual([
      [
        'duplicate_column',
        'C, D',
        'Columns C and D are both "bvn", so Casefile cannot tell which to read. Keep one (several values fit in one cell, separated by ";") and delete the other.',
      ],
      [
        'unpaired_account_column',
        'E',
        'Column "account_number_2" needs its partner column "bank_2": an account is its number and its bank together. Add the "bank_2" column.',
      ],
    ])
  })

  it('blocks on an empty header row, naming the columns it needs', () => {
    const [problem] = mapBulkHeader(1, ['', ' ']).problems
    expect(problem?.code).toBe('empty_header')
    expect(problem?.message).toMatch(
      /^Row 1, the header row, is empty\. Row 1 must hold the column names of the Casefile bulk template \(fraud_type, fraud_reason, /,
    )
  })

  it('refuses unknown columns, naming each with the nearest template column; names from Object.prototype are just names', () => {
    const mapping = mapBulkHeader(1, [
      'fraud_type',
      'fraud_reson',
      'bvn',
      '__proto__',
      'constructor',
      'notes',
      'Attachment 4',
      'casefile_errors',
    ])
    expect(mapping.problems.map((p) => [p.code, p.blocking, p.column])).toEqual([
      ['missing_column', true, undefined], // fraud_reason, misspelt
      ['unknown_column', true, 'B'],
      ['unknown_column', true, 'D'],
      ['unknown_column', true, 'E'],
      ['unknown_column', true, 'F'],
      ['unknown_column', true, 'G'],
    ])
    const messages = mapping.problems.map((p) => p.message)
    expect(messages[1]).toMatch(
      /^Column B "fraud_reson" is not a column of the Casefile bulk template.* Did you mean "fraud_reason"\?/,
    )
    expect(messages[5]).toMatch(
      /Column G "Attachment 4" .*at most 3 attachments: attachment_1…attachment_3/,
    )
    expect(messages[4]).toMatch(
      /Rename it to one of fraud_type, fraud_reason, .*or delete the column/,
    )
  })
})

describe('a bulk row', () => {
  it('becomes a report input checked by the shared schema, with normalized identifiers', () => {
    const result = mapRow({
      ...base,
      fraud_type: 'Identity Theft',
      show_uploader_info: 'YES',
      bvn: '221 2345 6789; 22123456780',
      phone: '(0803) 123-4567',
      email: ' Someone@Example.COM ',
      attachment_1: 'https://files.example.com/a.pdf',
      attachment_2: 'C:\\Evidence\\scan 1.png',
    })
    expect(result).toEqual({
      ok: true,
      rowNumber: 2,
      input: {
        fraudType: 'identity_theft',
        fraudReason: REASON,
        identifiers: [
          { label: 'account', value: '0123456789_access-bank' },
          { label: 'bvn', value: '22123456789' },
          { label: 'bvn', value: '22123456780' },
          { label: 'phone', value: '08031234567' },
          { label: 'email', value: 'someone@example.com' },
        ],
        attachments: [],
        showUploaderInfo: true,
      },
      attachments: ['https://files.example.com/a.pdf', 'C:\\Evidence\\scan 1.png'],
      files: [{ column: 'attachment_2', cell: 'J2', path: 'C:\\Evidence\\scan 1.png' }],
    })
    expect(
      createReportInputSchema({ bankSlugs: new Set(BANKS.map((b) => b.slug)) }).parse(
        inputOf(result),
      ),
    ).toEqual(inputOf(result))
  })

  it('reads fraud types by their labels and in any case', () => {
    for (const [written, type] of [
      ['Sanctioned / OFAC', 'sanctioned/ofac'],
      ['LAND-PROPERTY-SCAMS', 'land_property_scams'],
      ['Hacker / account takeover', 'hacker'],
    ])
      expect(inputOf(mapRow({ ...base, fraud_type: written }))?.fraudType).toBe(type)
  })

  it('answers a fraud type it does not know with the names people write, and the closest', () => {
    const messageFor = (written: string) =>
      errorsOf(mapRow({ ...base, fraud_type: written })).find((e) => e.column === 'fraud_type')
        ?.message
    const names =
      'Write one of "Hacker / account takeover", "Identity theft", "Money mule", "Suspicious PEP", "Sanctioned / OFAC", "Theft", "Fraudulent loan", "Social engineering", "Other", "Romance fraud", "Land / property scams".'
    expect(messageFor('Romance frauds')).toBe(
      `Fraud type "Romance frauds" is not one Casefile knows. Did you mean "Romance fraud"? ${names}`,
    )
    const near: [string, string][] = [
      ['MONEY MULES', 'Money mule'],
      ['identty theft', 'Identity theft'],
      ['Fraudlent loans', 'Fraudulent loan'],
      ['social_enginering', 'Social engineering'],
    ]
    for (const [written, name] of near)
      expect(messageFor(written)).toContain(`Did you mean "${name}"?`)
    // Nothing near: no guess, and never the registry's codes.
    expect(messageFor('crypto scam')).not.toMatch(/Did you mean|identity_theft|romance_fraud/)
    expect(messageFor('thief')).not.toMatch(/Did you mean/)
  })

  it('says a spreadsheet dropped a zero only when a leading zero would make the number right', () => {
    const bvnMessage = (bvn: string) =>
      errorsOf(mapRow({ ...base, bvn })).find((e) => e.column === 'bvn')?.message
    expect(bvnMessage('123')).toBe(
      'A BVN is 11 digits, with no spaces or letters. This one has 3 digits.',
    )
    expect(bvnMessage('2212345678')).toBe(
      'A BVN is 11 digits, with no spaces or letters. If it began with 0, the spreadsheet dropped the zero: format the column as Text and type the number again.',
    )
    expect(bvnMessage('012345678')).toBe(
      'A BVN is 11 digits, with no spaces or letters. This one has 9 digits.',
    )
    expect(
      errorsOf(mapRow({ ...base, account_number_1: '12345' })).find(
        (e) => e.column === 'account_number_1',
      )?.message,
    ).toBe(
      'Account number "12345" must be 10 digits (NUBAN), with no spaces or letters. This one has 5 digits.',
    )
  })

  it('reads show_uploader_info as true/false, yes/no, 1/0 or empty, and nothing else', () => {
    const cases: [string, boolean][] = [
      ['TRUE', true],
      ['False', false],
      ['yes', true],
      ['NO', false],
      ['1', true],
      ['0', false],
      ['', false],
    ]
    for (const [written, value] of cases)
      expect(
        inputOf(mapRow({ ...base, show_uploader_info: written }))?.showUploaderInfo,
        written,
      ).toBe(value)
    expect(errorsOf(mapRow({ ...base, show_uploader_info: 'maybe' }))).toEqual([
      {
        column: 'show_uploader_info',
        cell: 'C2',
        message:
          'show_uploader_info is "maybe": write true or false (yes/no and 1/0 are also read), or leave it empty for false.',
      },
    ])
  })

  it('resolves a bank by name (any case and spacing), slug or code, and only from the list', () => {
    for (const written of ['access bank', 'ACCESSBANK', ' Access  Bank ', 'Access-Bank', '044'])
      expect(inputOf(mapRow({ ...base, bank_1: written }))?.identifiers[0]?.value, written).toBe(
        '0123456789_access-bank',
      )
    const resolve = createBankResolver([...BANKS, { name: 'constructor', slug: 'ctor-bank' }])
    expect([
      resolve('__proto__'),
      resolve('toString'),
      resolve('Constructor'),
      resolve(''),
    ]).toEqual([null, null, 'ctor-bank', null])
  })

  it('without a bank list passes a slug on for the registry to check, and refuses a name or a code, saying why', () => {
    expect(inputOf(mapRow({ ...base, bank_1: 'Any-Bank' }, {}))?.identifiers[0]?.value).toBe(
      '0123456789_any-bank',
    )
    const unavailable = { banksUnavailable: 'the registry cannot be reached' }
    for (const written of ['Access Bank', '044'])
      expect(errorsOf(mapRow({ ...base, bank_1: written }, unavailable))).toEqual([
        {
          column: 'bank_1',
          cell: 'E2',
          message: `Bank "${written}" cannot be looked up: the registry cannot be reached. Connect to the registry and import the file again (the list is then fetched first), or write the bank's slug as the bank list has it (for example access-bank).`,
        },
      ])
  })

  it('gives each problem on its own cell, left to right, with the registry’s message', () => {
    const schemaMessage = createReportInputSchema().safeParse({
      fraudType: 'hacker',
      fraudReason: 'too short',
      identifiers: [{ label: 'bvn', value: '22123456789' }],
    }).error?.issues[0]?.message
    expect(
      errorsOf(
        mapRow({
          fraud_type: 'phishing',
          fraud_reason: 'too short',
          account_number_1: '1.23457E+09',
          bank_1: 'Nowhere',
          email: 'not-an-email',
          attachment_1: 'ftp://x.example/a',
        }),
      ),
    ).toEqual([
      {
        column: 'fraud_type',
        cell: 'A2',
        message: expect.stringMatching(
          /^Fraud type "phishing" is not one Casefile knows\. Write one of "Hacker \/ account takeover", /,
        ),
      },
      { column: 'fraud_reason', cell: 'B2', message: schemaMessage },
      {
        column: 'account_number_1',
        cell: 'D2',
        message:
          'Account number "1.23457E+09" must be 10 digits (NUBAN), with no spaces or letters. The spreadsheet turned the number into "1.23457E+09": format the column as Text and type the number again.',
      },
      {
        column: 'bank_1',
        cell: 'E2',
        message: expect.stringMatching(/^Bank "Nowhere" is not in the bank list\./),
      },
      {
        column: 'email',
        cell: 'H2',
        message: '"not-an-email" is not an email address (name@example.com).',
      },
      {
        column: 'attachment_1',
        cell: 'I2',
        message:
          'An attachment must be the http(s) link the upload endpoint returned. Or write the path of a file on this computer, which Casefile uploads first.',
      },
    ])
  })

  it('needs both halves of an account, an identifier, and a header for every value', () => {
    expect(errorsOf(mapRow({ ...base, account_number_1: '' }))).toEqual([
      {
        column: 'account_number_1',
        cell: 'D2',
        message:
          'bank_1 names a bank but account_number_1 is empty: write the 10-digit account number, or clear bank_1.',
      },
    ])
    expect(errorsOf(mapRow({ ...base, bank_1: '' }))[0]?.message).toMatch(
      /^account_number_1 has an account number but bank_1 is empty/,
    )
    expect(errorsOf(mapRow({ fraud_type: 'hacker', fraud_reason: REASON }))).toEqual([
      {
        column: '',
        message:
          'Add at least one identifier (an account, BVN, phone…) so the report can be found.',
      },
    ])
    expect(errorsOf(mapRow({ ...base, fraud_type: '' }))[0]?.message).toMatch(
      /^The fraud type is empty: write one of "Hacker \/ account takeover", "Identity theft", /,
    )
    expect(errorsOf(mapRow({ ...base, bvn: '22123456789;22123456789' }))).toEqual([
      {
        column: 'bvn',
        cell: 'F2',
        message: 'Identifier bvn 22123456789 is listed twice: remove one.',
      },
    ])
    const header = mapBulkHeader(1, HEADER)
    const extra = createBulkRowMapper(header, { banks: BANKS })({
      rowNumber: 9,
      cells: [...HEADER.map((h) => ({ ...base })[h] ?? ''), 'stray'],
    })
    expect(errorsOf(extra)).toEqual([
      {
        column: 'K',
        cell: 'K9',
        message:
          "Column K has a value but no header in row 1, so Casefile cannot tell what it is. Add the column's header, or move the value into its column.",
      },
    ])
  })

  it('is null (skipped) only when every cell is blank', () => {
    expect(mapRow({})).toBe(null)
    expect(mapRow({ email: '  ' })).toBe(null)
    expect(mapRow({ attachment_2: 'x' })).not.toBe(null)
  })
})

describe('importBulkFile', () => {
  const csv = (rows: string[]) => utf8([HEADER.join(','), ...rows].join('\n'))
  const row = (n: number) => `hacker,"${REASON} ${n}",,0123456789,Access Bank,,,,,`

  it('rejects reports already queued or submitted, saying which, and keeps the totals whole', async () => {
    const known = new Map([
      [
        reportFingerprint({
          fraudType: 'hacker',
          fraudReason: `${REASON} 2`,
          identifiers: [{ label: 'account', value: '0123456789_access-bank' }],
        }),
        'queued' as const,
      ],
    ])
    const progress: { accepted: number; rejected: number }[] = []
    const result = await importBulkFile(
      { bytes: csv([row(1), row(2), '', row(3), 'bad']) },
      {
        banks: BANKS,
        isKnown: async (fingerprint) =>
          known.get(fingerprint) ??
          (fingerprint === reportFingerprint(inputFor(3)) ? 'submitted' : null),
        onProgress: (p) => progress.push({ accepted: p.accepted, rejected: p.rejected }),
      },
    )
    expect(result.accepted.map((a) => a.rowNumber)).toEqual([2])
    expect(result.rejected.map((r) => [r.rowNumber, r.reason])).toEqual([
      [3, 'already_queued'],
      [5, 'already_submitted'],
      [6, 'invalid'],
    ])
    expect(result.rejected[0]?.errors[0]?.message).toMatch(
      /^This report is already in the outbox, waiting to be sent/,
    )
    expect(result.rejected[1]?.errors[0]?.message).toMatch(
      /^This report was already sent to the registry/,
    )
    expect(result.alreadyKnown.map((k) => [k.rowNumber, k.state])).toEqual([
      [3, 'queued'],
      [5, 'submitted'],
    ])
    expect(result.totals).toEqual({
      dataRows: 5,
      accepted: 1,
      rejected: 3,
      skippedEmpty: 1,
      duplicatesInFile: 0,
      alreadyKnown: 2,
    })
    expect(progress.at(-1)).toEqual({ accepted: 1, rejected: 3 })
  })

  function inputFor(n: number) {
    return {
      fraudType: 'hacker',
      fraudReason: `${REASON} ${n}`,
      identifiers: [{ label: 'account', value: '0123456789_access-bank' }],
    }
  }

  it('warns when there is a header but no report', async () => {
    const result = await importBulkFile({ bytes: csv(['', '', '']) })
    expect(result.totals).toMatchObject({ dataRows: 2, skippedEmpty: 2 })
    expect(result.fileProblems.map((p) => p.message)).toEqual([
      'The file has the header row but no reports below it (only 2 empty rows). Write one report per row under the header and import it again.',
    ])
  })

  it('throws BulkFileError before reading rows when the header does not fit', async () => {
    const error = await rejectionOf(importBulkFile({ bytes: utf8('fraud_type,bvn\nhacker,1\n') }))
    expect(error).toBeInstanceOf(BulkFileError)
    expect((error as BulkFileError).problems.map((p) => p.code)).toEqual(['missing_column'])
  })

  it('says the header must be row 1 when a title is above it, and not when row 1 is a header with a typo', async () => {
    const titled = utf8(`Fraud reports, May 2024,,\n\n${HEADER.join(',')}\n`)
    const error = await rejectionOf(importBulkFile({ bytes: titled }))
    expect(error).toBeInstanceOf(BulkFileError)
    expect((error as BulkFileError).problems.map((p) => p.message)).toEqual([
      'The header must be row 1 of the sheet: delete the rows above it (row 3 holds the header), then import the file again.',
    ])
    const misspelt = utf8('fraud_type,fraud_reson,bvn\nfraud_type,fraud_reason,bvn\n')
    const typo = await rejectionOf(importBulkFile({ bytes: misspelt }))
    expect((typo as BulkFileError).problems.map((p) => p.code)).toEqual([
      'missing_column',
      'unknown_column',
    ])
  })

  it('streams events to callers that queue as they read', async () => {
    const events = []
    for await (const event of mapBulkRows(readTableRows({ bytes: csv([row(1), '', '']) }), {
      banks: BANKS,
    }))
      events.push(
        event.kind === 'row'
          ? `row ${event.result.rowNumber} ${event.result.ok}`
          : event.kind === 'empty'
            ? `empty ${event.rowNumber}`
            : 'header',
      )
    expect(events).toEqual(['header', 'row 2 true', 'empty 3'])
  })

  it('fingerprints with the shared function: order, case of emails and spacing do not matter', () => {
    expect(reportFingerprint).toBe(sharedFingerprint)
    const a = {
      fraudType: 'hacker',
      fraudReason: `${REASON}`,
      identifiers: [
        { label: 'bvn', value: '22123456789' },
        { label: 'email', value: 'A@B.com' },
      ],
    }
    const b = {
      fraudType: 'hacker',
      fraudReason: ` ${REASON.replace(/ /g, '  ')} `,
      identifiers: [
        { label: 'email', value: 'a@b.com' },
        { label: 'bvn', value: '22123456789' },
      ],
    }
    expect(reportFingerprint(a)).toBe(reportFingerprint(b))
    expect(reportFingerprint(a)).not.toBe(reportFingerprint({ ...a, fraudType: 'theft' }))
  })
})
