import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { BULK_HEADERS, normalizeBulkHeader } from '../../src/shared/bulk-template'
import { closestMatch } from '../../src/shared/did-you-mean'
import { normalizeIdentifierValue, type IdentifierType } from '../../src/shared/domain/identifiers'
import { checkAttachment, sniffFileType } from '../../src/shared/file-types'
import { fileableIdentifierValue } from '../../src/sandbox/bulk-file/identifier-cells'
import { nearestColumn } from '../../src/sandbox/bulk-file/nearest-column'
import { uploadRefusal, uploadTypeOf } from '../../src/sandbox/upload-types'
import { SAMPLE_FILES, storedZip } from './sample-files'

/**
 * The sandbox writes itself what it imitates of the app (src/sandbox/README.md, "Shares no code
 * with the client"). Where the two are meant to agree today, side by side: a difference here is
 * either a fault in one of them or a decision to write down in the README.
 */
describe("the sandbox's own copies agree with the app where they are meant to", () => {
  const spellings: [IdentifierType, string][] = [
    ['phone', '08031234567'],
    ['phone', '+2348031234567'],
    ['phone', '2348031234567'],
    ['phone', '8031234567'],
    ['phone', '+23408031234567'],
    ['phone', '23408031234567'],
    ['phone', '002348031234567'],
    ['phone', ' 0803 123 4567 '],
    ['phone', '(0803) 123-4567'],
    ['phone', '0803.123.4567'],
    ['phone', '0803\u2013123\u20134567'],
    ['phone', '+44 7911 123456'],
    ['phone', '0044 7911 123456'],
    ['phone', '06031234567'],
    ['phone', '080312345678'],
    ['email', ' Mule.Demo@Example.COM '],
    ['bvn', '2234 5678-901'],
    ['nin', ' 123-4567-8901'],
    ['account', '01234 56789_Access-Bank'],
    ['account', '0123456789'],
    ['account', '_access-bank'],
    ['social_handle', ' @Kind.Heart '],
    ['account_name', 'Adé Okafor'],
  ]
  it.each(spellings)('files %s %j as the app stores it', (type, written) => {
    expect(fileableIdentifierValue(type, written)).toBe(normalizeIdentifierValue(type, written))
  })

  const fixtures = join(__dirname, '../fixtures/spreadsheets')
  const files: [string, Buffer][] = [
    ...Object.entries(SAMPLE_FILES).map(([, s]) => [s.name, s.bytes] as [string, Buffer]),
    ...readdirSync(fixtures, { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => [entry.name, readFileSync(join(fixtures, entry.name))] as [string, Buffer]),
    ['office.zip', storedZip({ 'photos/a.jpg': 'x' })],
    [
      'clip.mp4',
      Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypisom'), Buffer.alloc(12)]),
    ],
    [
      'photo.heic',
      Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(12)]),
    ],
    ['cafe.txt', Buffer.from([0x63, 0x61, 0x66, 0xe9])],
    ['nul.csv', Buffer.from('a,b\n1,\u0000\n')],
    ['notes', Buffer.from('plain text without a name')],
    ['empty.txt', Buffer.alloc(0)],
    ['web.webp', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WEBPVP8 ')])],
  ]
  it.each(files)('types %s as the app does, with the same refusal', (name, bytes) => {
    const type = sniffFileType(bytes, name)
    expect(uploadTypeOf(bytes, name)).toBe(type)
    expect(uploadTypeOf(bytes)).toBe(sniffFileType(bytes))
    expect(uploadRefusal(bytes.length, type, name)).toBe(checkAttachment(bytes.length, type, name))
  })

  it.each([
    'fraud_resaon',
    'fraudreason',
    'fraud_typ',
    'frad_type',
    'bnv',
    'nim',
    'phnoe',
    'emial',
    'account_numbr_1',
    'bank1',
    'attachment1',
    'attach',
    'social',
    'notes',
    'show_uploader',
    'internationalpassport',
    'drivers_licence',
  ])('suggests for header %j what the app would', (written) => {
    const header = normalizeBulkHeader(written)
    expect(nearestColumn(header, BULK_HEADERS)).toBe(closestMatch(header, BULK_HEADERS))
  })
})
