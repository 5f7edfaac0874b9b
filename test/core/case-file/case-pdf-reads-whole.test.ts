import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Core } from '../../../src/core/open-core'
import { startSandbox, type RunningSandbox } from '../../../src/sandbox'
import * as Banks from '../../../src/core/banks/banks'
import { exportCaseFile } from '../../../src/core/case-file/case-file'
import { MAX_DRAWN_PAGES } from '../../../src/core/case-file/pdf-pages-drawing'
import { inspector, openTestCore } from '../../support/core-with-sandbox'
import {
  PHOTO_JPEG,
  SCREENSHOT_PNG,
  blankShares,
  pageText,
  pdfImagePages,
  pdfPages,
  pdfText,
  statementPages,
  unpack,
} from './case-file-support'

/*
 * case.pdf read as a recipient reads it, with poppler's tools: its dates are the registry's
 * clock (here 65 minutes ahead of this computer's, as on a laptop whose clock is 65 minutes
 * slow), every id and hash is found whole by pdftotext, every page of a PDF attachment is drawn
 * at the text's width, each picture is on the page of its details, and no page but the last is
 * more than half blank.
 */

const AHEAD_MS = 65 * 60_000
let sandbox: RunningSandbox
let core: Core
let key: string
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

beforeAll(async () => {
  sandbox = await startSandbox({
    port: 0,
    dataDir: mkdtempSync(join(tmpdir(), 'casefile-sbx-')),
    // The registry's clock, 65 minutes ahead of this process's (which the core and pdfkit read).
    now: () => new Date(Date.now() + AHEAD_MS),
  })
  key = sandbox.demoKeys[0]!.key
  core = openTestCore(sandbox, { key: () => key, timeoutMs: 5000, uploadTimeoutMs: 5000 })
  await Banks.refreshBanks(core)
})
afterAll(async () => {
  await core.close()
  await sandbox.stop()
})

/** A report of the organization with these files attached, as uploaded to the registry. */
async function reportWith(files: { bytes: Buffer; fileName: string }[]) {
  const client = inspector(sandbox, key)
  const urls = []
  for (const f of files) urls.push((await client.uploadFile(f)).url)
  return client.createReport({
    fraudType: 'money_mule',
    fraudReason: 'The account received ₦2,450,000 from six victims in one afternoon.',
    identifiers: [{ label: 'account', value: '0123456789_access-bank' }],
    attachments: urls,
    showUploaderInfo: false,
  })
}

/** How many times `needle` is in `text`. */
const count = (text: string, needle: string) => text.split(needle).length - 1

describe('case.pdf of a report with a three-page PDF, a PNG and a JPEG', () => {
  const statement = statementPages(3)
  let id: string
  let path: string
  let dir: string
  beforeAll(async () => {
    const report = await reportWith([
      { bytes: await statement, fileName: 'statement.pdf' },
      { bytes: SCREENSHOT_PNG, fileName: 'chat.png' },
      { bytes: PHOTO_JPEG, fileName: 'photo.jpg' },
    ])
    id = report.id
    const unpacked = unpack((await exportCaseFile(core, id)).bytes)
    dir = unpacked.dir
    path = join(dir, 'case.pdf')
  }, 120_000)

  it('is dated by the registry’s clock: pdfinfo’s CreationDate and ModDate are the export time it states', () => {
    const info = execFileSync('pdfinfo', ['-isodates', path], { encoding: 'utf8' })
    const date = (field: string) =>
      Date.parse(new RegExp(`^${field}:\\s+(\\S+)`, 'm').exec(info)![1]!.replace(/\+00$/, 'Z'))
    const stated =
      /Exported\s+\d+ \w+ \d{4}, [\d:]+ Lagos time \((\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) UTC\)/.exec(
        pdfText(path).replace(/\s+/g, ' '),
      )![1]!
    const statedMs = Date.parse(`${stated.replace(' ', 'T')}Z`)
    expect(date('CreationDate')).toBe(statedMs)
    expect(date('ModDate')).toBe(statedMs)
    // The registry's time, not this computer's (65 minutes behind it).
    expect(statedMs - Date.now()).toBeGreaterThan(AHEAD_MS - 2 * 60_000)
    const log = JSON.parse(readFileSync(join(dir, 'retrieval-log.json'), 'utf8'))
    expect(Math.floor(Date.parse(log.exportedAt) / 1000) * 1000).toBe(statedMs)
  })

  it('gives every id and hash whole to pdftotext, never broken at a hyphen or a line’s end', () => {
    for (const text of [
      pdfText(path),
      execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' }),
    ]) {
      // Each time the id's first part is there, the whole id is (title, request, field, footers).
      expect(count(text, id.slice(0, 8))).toBeGreaterThanOrEqual(3)
      expect(
        count(text, id),
        text
          .split('\n')
          .filter((l) => l.includes(id.slice(0, 8)))
          .join('\n'),
      ).toBe(count(text, id.slice(0, 8)))
      const hashes = [
        sha(readFileSync(join(dir, 'registry-answer.json'))),
        ...[
          'attachments/1-attachment-1.pdf',
          'attachments/2-attachment-2.png',
          'attachments/3-attachment-3.jpeg',
        ].map((name) => sha(readFileSync(join(dir, name)))),
      ]
      for (const hash of hashes) {
        expect(count(text, hash), hash).toBeGreaterThanOrEqual(1)
        expect(count(text, hash)).toBe(count(text, hash.slice(0, 12)))
      }
    }
  })

  it('names the account’s bank', () => {
    expect(pdfText(path).replace(/\s+/g, ' ')).toContain('0123456789 \u2014 Access Bank')
  })

  it('draws every page of the PDF at the text’s width, each picture on the page of its details', () => {
    const images = pdfImagePages(path)
    // The PDF's three pages, the PNG, the JPEG.
    expect(images).toHaveLength(5)
    const flat = (page: number) => pageText(path, page).replace(/\s+/g, ' ')
    for (let n = 1; n <= 3; n++)
      expect(pdfText(path).replace(/\s+/g, ' ')).toContain(
        `Attachment 1, attachment-1.pdf: page ${n} of 3, drawn by Casefile`,
      )
    // Pages 2 and 3 at the text's full width (483 points: about 149 ppi for 1,000 pixels), not 40 %.
    for (const image of images.slice(1, 3)) {
      expect(image.width).toBe(1000)
      expect(image.xPpi).toBeLessThanOrEqual(Math.ceil((1000 / (0.9 * 483)) * 72))
    }
    // The first page, kept with its details, at half the width at least.
    expect(images[0]!.xPpi).toBeLessThanOrEqual(Math.ceil((1000 / (0.5 * 483)) * 72))
    const headings = [
      'Attachment 1: attachment-1.pdf',
      'Attachment 2: attachment-2.png',
      'Attachment 3: attachment-3.jpeg',
    ]
    const firstPictures = [images[0]!, images[3]!, images[4]!]
    headings.forEach((heading, i) => {
      const page = firstPictures[i]!.page
      expect(flat(page), `${heading} on page ${page}`).toContain(heading)
    })
  })

  it('leaves no page but the last more than half blank (pdftoppm)', () => {
    const shares = blankShares(path)
    expect(shares).toHaveLength(pdfPages(path))
    expect(shares.length).toBeGreaterThanOrEqual(3)
    for (const [i, share] of shares.slice(0, -1).entries())
      expect(share, `page ${i + 1} blank share`).toBeLessThanOrEqual(0.5)
  })
})

describe('a PDF attachment longer than the cap', () => {
  it(`draws its first ${MAX_DRAWN_PAGES} pages and says so`, async () => {
    const pages = MAX_DRAWN_PAGES + 2
    const report = await reportWith([{ bytes: await statementPages(pages), fileName: 'long.pdf' }])
    const unpacked = unpack((await exportCaseFile(core, report.id)).bytes)
    const path = join(unpacked.dir, 'case.pdf')
    const flat = pdfText(path).replace(/\s+/g, ' ')
    expect(pdfImagePages(path), flat).toHaveLength(MAX_DRAWN_PAGES)
    expect(flat).toContain(`page ${MAX_DRAWN_PAGES} of ${pages}, drawn by Casefile`)
    expect(flat).not.toContain(`page ${MAX_DRAWN_PAGES + 1} of ${pages}`)
    expect(flat).toContain(
      `It has ${pages} pages: only its first ${MAX_DRAWN_PAGES} are drawn here (Casefile draws at most ${MAX_DRAWN_PAGES} pages of an attachment)`,
    )
    execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: unpacked.dir })
  }, 240_000)
})
