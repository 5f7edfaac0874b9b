import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Core } from '../../../src/core/open-core'
import type { RunningSandbox } from '../../../src/sandbox'
import * as Attachments from '../../../src/core/drafts/attachments'
import * as Banks from '../../../src/core/banks/banks'
import * as Drafts from '../../../src/core/drafts/drafts'
import * as Outbox from '../../../src/core/outbox/outbox'
import * as Sync from '../../../src/core/sync/sync'
import { exportCaseFile } from '../../../src/core/case-file/case-file'
import { createRegistryClient, LinkFetchError } from '../../../src/core/registry/registry-client'
import {
  closedPortUrl,
  inspector,
  openTestCore,
  startTestSandbox,
} from '../../support/core-with-sandbox'
import { PDF_BYTES } from '../../support/temp-store'
import { jpegDeclaring, pdfContentBomb, pngBomb } from '../../support/hostile-images'
import {
  PHOTO_JPEG,
  SCREENSHOT_PNG,
  STATEMENT_PDF,
  pdfImages,
  YORUBA_NAME,
  pdfPages,
  pdfText,
  renderPages,
  unpack,
  wordsOffPage,
} from './case-file-support'

/*
 * A case file for the police or a court, checked with the tools a recipient has: unzip,
 * sha256sum -c, pdftotext and pdftoppm (poppler-utils).
 */

let sandbox: RunningSandbox
let core: Core
let key: string
let bank: { slug: string; name: string }
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
const REASON = `${YORUBA_NAME} asked the customer for her OTP on a call, then moved ₦2,450,000 out of the account to a mule.`

beforeAll(async () => {
  sandbox = await startTestSandbox()
  key = sandbox.demoKeys[0]!.key
  core = openTestCore(sandbox, { key: () => key, timeoutMs: 5000, uploadTimeoutMs: 5000 })
  await Banks.refreshBanks(core)
  bank = Banks.banks(core)[0]!
})
afterAll(async () => {
  await core.close()
  await sandbox.stop()
})

/** A report filed through Casefile with three files attached here (kept sealed) and sent. */
async function fileReportWithThreeFiles(): Promise<string> {
  const draft = Drafts.createDraft(core, {
    fraudType: 'social_engineering',
    fraudReason: REASON,
    identifiers: [
      { label: 'account', value: `0123456789_${bank.slug}` },
      { label: 'bvn', value: '22212345678' },
      { label: 'phone', value: '08031234567' },
    ],
  })
  const files = [
    { bytes: STATEMENT_PDF, fileName: 'statement.pdf' },
    { bytes: SCREENSHOT_PNG, fileName: 'chat-screenshot.png' },
    { bytes: PHOTO_JPEG, fileName: 'id-card-photo.jpg' },
  ].map((f) => Attachments.addAttachment(core, draft.localId, f))
  Drafts.saveDraft(core, draft.localId, { ...draft.draft, attachmentIds: files.map((f) => f.id) })
  expect(Outbox.queueReport(core, draft.localId).ok).toBe(true)
  await Sync.syncNow(core)
  return Drafts.findReport(core, draft.localId)!.registryId!
}

describe('a case file of a report with a PDF, a PNG and a JPEG', () => {
  let id: string
  let unpacked: ReturnType<typeof unpack>
  let summary: Awaited<ReturnType<typeof exportCaseFile>>['summary']
  beforeAll(async () => {
    id = await fileReportWithThreeFiles()
    const file = await exportCaseFile(core, id)
    summary = file.summary
    expect(file.fileName).toMatch(new RegExp(`^case-${id}-\\d{8}-\\d{6}\\.zip$`))
    unpacked = unpack(file.bytes)
  })

  it('holds the documents, the files as fetched, the log and SHA256SUMS, which sha256sum -c accepts', () => {
    expect(unpacked.files).toEqual([
      'SHA256SUMS',
      'attachments/1-statement.pdf',
      'attachments/2-chat-screenshot.png',
      'attachments/3-id-card-photo.jpg',
      'case.pdf',
      'certificate-s84.odt',
      'certificate-s84.pdf',
      'registry-answer.json',
      'retrieval-log.json',
    ])
    const out = execFileSync('sha256sum', ['-c', 'SHA256SUMS'], {
      cwd: unpacked.dir,
      encoding: 'utf8',
    })
    // Every file but SHA256SUMS and the two certificates, which state its fingerprint instead.
    expect(out.trim().split('\n')).toHaveLength(unpacked.files.length - 3)
    expect(out).not.toMatch(/FAILED|certificate/)
    const at = (name: string) => readFileSync(join(unpacked.dir, name))
    expect(sha(at('attachments/1-statement.pdf'))).toBe(sha(STATEMENT_PDF))
    expect(sha(at('attachments/2-chat-screenshot.png'))).toBe(sha(SCREENSHOT_PNG))
    expect(sha(at('attachments/3-id-card-photo.jpg'))).toBe(sha(PHOTO_JPEG))
  })

  it('says every field, identifier, bank, hash and the Yoruba name in case.pdf', () => {
    const text = pdfText(join(unpacked.dir, 'case.pdf'))
    const flat = text.replace(/\s+/g, ' ')
    expect(flat).toContain(YORUBA_NAME)
    expect(flat).toContain('₦2,450,000')
    expect(flat).toContain('Social engineering')
    expect(flat).toContain(`0123456789 \u2014 ${bank.name}`)
    expect(flat).toContain('BVN: 22212345678')
    expect(flat).toContain('Phone: 08031234567')
    expect(flat).toMatch(/Listing status Listed/)
    expect(flat).toContain('Lagos time')
    // A long address may wrap onto the next line: read it with the line breaks taken out.
    expect(text.replace(/\s+/g, '')).toContain(`/api/v1/external/reports/submissions/${id}/decode`)
    const answer = readFileSync(join(unpacked.dir, 'registry-answer.json'))
    expect(JSON.parse(answer.toString()).data.report.id).toBe(id)
    expect(flat).toContain(sha(answer))
    for (const f of [STATEMENT_PDF, SCREENSHOT_PNG, PHOTO_JPEG]) expect(flat).toContain(sha(f))
    for (const name of ['statement.pdf', 'chat-screenshot.png', 'id-card-photo.jpg'])
      expect(flat).toContain(name)
    expect(flat).toMatch(/PDF/)
    expect(flat).toMatch(/PNG image/)
    expect(flat).toMatch(/JPEG image/)
    expect(flat).toMatch(new RegExp(`Case ${id} · exported .* · page 1 of \\d`))
  })

  it('draws the PDF attachment\u2019s page as a picture, with the PNG and the JPEG', () => {
    const path = join(unpacked.dir, 'case.pdf')
    const images = pdfImages(path).filter((image) => image.type === 'image')
    // The PNG, the JPEG and the PDF's first page: an A4 page drawn 1,000 pixels wide.
    expect(images).toHaveLength(3)
    expect(images).toContainEqual({ width: 1000, height: 1415, type: 'image' })
    const flat = pdfText(path).replace(/\s+/g, ' ')
    expect(flat).toContain('Attachment 1, statement.pdf: page 1 of 1, drawn by Casefile')
    expect(flat).not.toMatch(/could not be drawn/)
  })

  it('renders every page, with the footer on each and no text off the page', () => {
    const path = join(unpacked.dir, 'case.pdf')
    const pages = pdfPages(path)
    expect(pages).toBeGreaterThanOrEqual(2)
    expect(renderPages(path)).toHaveLength(pages)
    const text = pdfText(path)
    for (let page = 1; page <= pages; page++) expect(text).toContain(`page ${page} of ${pages}`)
    const { words, off } = wordsOffPage(path)
    expect(words).toBeGreaterThan(200)
    expect(off).toEqual([])
  })

  it('logs the exchanges that produced it, and carries the API key nowhere', () => {
    const log = JSON.parse(readFileSync(join(unpacked.dir, 'retrieval-log.json'), 'utf8'))
    expect(log.exchanges.map((e: { request: string }) => e.request.split(' ')[0])).toEqual([
      'GET',
      'GET',
      'GET',
      'GET',
    ])
    expect(log.exchanges[0]).toMatchObject({
      status: 200,
      outcome: 'ok',
      savedAs: 'registry-answer.json',
    })
    expect(log.exchanges.slice(1).map((e: { savedAs: string }) => e.savedAs)).toEqual([
      'attachments/1-statement.pdf',
      'attachments/2-chat-screenshot.png',
      'attachments/3-id-card-photo.jpg',
    ])
    for (const name of unpacked.files) {
      const bytes = readFileSync(join(unpacked.dir, name))
      expect(bytes.includes(Buffer.from(key)), name).toBe(false)
    }
    expect(execFileSync('unzip', ['-p', unpacked.zip], { maxBuffer: 1 << 26 }).includes(key)).toBe(
      false,
    )
  })

  it('fills in the s.84 certificate, as PDF and ODT, marked as a template for counsel', () => {
    const text = pdfText(join(unpacked.dir, 'certificate-s84.pdf')).replace(/\s+/g, ' ')
    expect(text).toContain('section 84(4) of the Evidence Act 2011')
    expect(text).toContain('TEMPLATE')
    expect(text).toContain('counsel')
    expect(text).toMatch(/Casefile \d+\.\d+\.\d+/)
    expect(text).toContain(sha(readFileSync(join(unpacked.dir, 'case.pdf'))))
    expect(text).toContain(sha(PHOTO_JPEG))
    expect(text).toContain('operating properly')
    expect(text).toMatch(/Name of the officer.*Position.*Signature.*Date/)
    const odt = join(unpacked.dir, 'certificate-s84.odt')
    expect(execFileSync('unzip', ['-p', odt, 'mimetype'], { encoding: 'utf8' })).toBe(
      'application/vnd.oasis.opendocument.text',
    )
    const content = execFileSync('unzip', ['-p', odt, 'content.xml'], { encoding: 'utf8' })
    expect(content).toContain('TEMPLATE')
    expect(content).toContain(sha(STATEMENT_PDF))
    // The fingerprint, as `sha256sum SHA256SUMS` prints it, and how to check it.
    const fingerprint = execFileSync('sha256sum', ['SHA256SUMS'], {
      cwd: unpacked.dir,
      encoding: 'utf8',
    }).split(' ')[0]!
    expect(fingerprint).toBe(summary.fingerprint)
    for (const words of [text, content.replace(/<[^>]*>/g, ' ')]) {
      expect(words).toMatch(
        new RegExp(
          `Fingerprint of the case file: the SHA-256 of its file SHA256SUMS\\s*${fingerprint}`,
        ),
      )
      expect(words.replace(/[\u201c\u201d]/g, '"')).toContain(
        '"sha256sum SHA256SUMS" prints its fingerprint',
      )
    }
    expect(pdfPages(join(unpacked.dir, 'certificate-s84.pdf'))).toBeGreaterThanOrEqual(1)
    expect(wordsOffPage(join(unpacked.dir, 'certificate-s84.pdf')).off).toEqual([])
  })
})

describe('a PDF attachment that cannot be drawn', () => {
  it('lists a corrupt or hostile PDF with the words "could not be drawn", without crashing', async () => {
    const client = inspector(sandbox, key)
    const corrupt = await client.uploadFile({ bytes: Buffer.from(PDF_BYTES), fileName: 'a.pdf' })
    // A real PDF cut in half, and one whose page asks for a content stream of 2 GB.
    const cut = await client.uploadFile({
      bytes: STATEMENT_PDF.subarray(0, STATEMENT_PDF.length / 2),
      fileName: 'b.pdf',
    })
    const liar = await client.uploadFile({
      bytes: Buffer.from(
        STATEMENT_PDF.toString('latin1')
          .replace('/MediaBox [0 0 595 842]', '/MediaBox [0 0 14400000 14400000]')
          .replace(/\/Length \d+/, '/Length 2000000000'),
        'latin1',
      ),
      fileName: 'c.pdf',
    })
    const created = await client.createReport({
      fraudType: 'money_mule',
      fraudReason: REASON,
      identifiers: [{ label: 'nin', value: '12345678901' }],
      attachments: [corrupt.url, cut.url, liar.url],
      showUploaderInfo: false,
    })
    const file = await exportCaseFile(core, created.id)
    const unpacked = unpack(file.bytes)
    execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: unpacked.dir })
    const path = join(unpacked.dir, 'case.pdf')
    const text = pdfText(path).replace(/\s+/g, ' ')
    expect(text).toMatch(
      /A PDF: its first page could not be drawn \(the file cannot be read as a PDF/,
    )
    expect(text).toContain('open the file in the zip to read it')
    // However much of the page pdf.js makes of the lying one, its picture stays within the cap.
    for (const image of pdfImages(path)) expect(image.width * image.height).toBeLessThanOrEqual(2e6)
    expect(renderPages(path)).toHaveLength(pdfPages(path))
    // Three workers, each loading pdf.js: seconds apiece on a busy machine.
  }, 60_000)
})

describe('attachments that are decompression bombs', () => {
  it('lists each as not drawn, with why, and keeps the file in the zip unchanged', async () => {
    const client = inspector(sandbox, key)
    // 1 GB of pixels in a 1 MB PNG; a JPEG declaring 3.6 gigapixels; 1.5 GB of inflated
    // content stream in a 1.5 MB PDF.
    const files = [
      { bytes: pngBomb(16000, 16000), fileName: 'bomb.png' },
      { bytes: jpegDeclaring(60000, 60000), fileName: 'bomb.jpg' },
      { bytes: pdfContentBomb(1_500_000_000), fileName: 'bomb.pdf' },
    ]
    const uploaded = []
    for (const f of files) uploaded.push(await client.uploadFile(f))
    const created = await client.createReport({
      fraudType: 'money_mule',
      fraudReason: REASON,
      identifiers: [{ label: 'nin', value: '12345678901' }],
      attachments: uploaded.map((u) => u.url),
      showUploaderInfo: false,
    })
    const file = await exportCaseFile(core, created.id)
    const unpacked = unpack(file.bytes)
    execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: unpacked.dir })
    const attachments = unpacked.files.filter((name) => name.startsWith('attachments/'))
    expect(attachments).toHaveLength(3)
    const text = pdfText(join(unpacked.dir, 'case.pdf')).replace(/\s+/g, ' ')
    files.forEach((f, i) => {
      // The file as it was uploaded, byte for byte, and its hash in case.pdf.
      expect(sha(readFileSync(join(unpacked.dir, attachments[i]!)))).toBe(sha(f.bytes))
      expect(text).toContain(sha(f.bytes))
    })
    expect(text).toContain(
      'The image was not drawn: it declares 16,000 \u00d7 16,000 pixels, more than Casefile draws; the file itself is in the zip unchanged.',
    )
    expect(text).toContain(
      'The image was not drawn: it declares 60,000 \u00d7 60,000 pixels, more than Casefile draws; the file itself is in the zip unchanged.',
    )
    // Stopped by whichever bound it reaches first on this machine: the memory it takes (in
    // evidence-drawing.test.ts with a long time limit) or the 5 s.
    expect(text).toMatch(
      /A PDF: its first page (was not drawn: drawing it needed more than \d+ MB of memory; the file itself is in the zip unchanged|could not be drawn \(not drawn within 5 s, the time allowed\))/,
    )
    // Nothing Casefile drew is larger than its page cap.
    for (const image of pdfImages(join(unpacked.dir, 'case.pdf')))
      expect(image.width * image.height).toBeLessThanOrEqual(2e6)
  }, 120_000)
})

describe('links that cannot be fetched', () => {
  it('lists a link nobody can reach, and says the file is not included', async () => {
    const client = inspector(sandbox, key)
    const png = await client.uploadFile({ bytes: SCREENSHOT_PNG, fileName: 'x.png' })
    // The registry's file host, down: only the registry's own host and port are fetched on loopback.
    const fileHost = await closedPortUrl()
    const gone = `${fileHost}/files/bank-statement.pdf`
    const created = await client.createReport({
      fraudType: 'money_mule',
      fraudReason: REASON,
      identifiers: [{ label: 'nin', value: '12345678901' }],
      attachments: [png.url, gone],
      showUploaderInfo: false,
    })
    const registry = { baseUrl: sandbox.baseUrl, uploadUrl: fileHost }
    const withFileHostDown = {
      ...core,
      client: createRegistryClient(registry, { getApiKey: () => key, timeoutMs: 5000 }),
    }
    const file = await exportCaseFile(withFileHostDown, created.id)
    expect(file.summary.attachments.map((a) => a.from)).toEqual(['registry', 'missing'])
    const unpacked = unpack(file.bytes)
    expect(unpacked.files.filter((f) => f.startsWith('attachments/'))).toHaveLength(1)
    execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: unpacked.dir })
    const text = pdfText(join(unpacked.dir, 'case.pdf')).replace(/\s+/g, ' ')
    expect(text).toContain('bank-statement.pdf')
    expect(text).toMatch(
      /Not included\. The link could not be fetched \(The registry could not be reached/,
    )
    const log = JSON.parse(readFileSync(join(unpacked.dir, 'retrieval-log.json'), 'utf8'))
    expect(log.exchanges[2]).toMatchObject({ request: `GET ${gone}`, outcome: 'offline' })
  })

  it("includes this computer's sealed copies when the links cannot be reached, and says so", async () => {
    const id = await fileReportWithThreeFiles()
    const offline = {
      ...core,
      client: {
        ...core.client,
        fetchLink: () =>
          Promise.reject(new LinkFetchError('offline', 'The registry could not be reached.')),
      },
    }
    const file = await exportCaseFile(offline, id)
    expect(file.summary.attachments.map((a) => a.from)).toEqual(['kept', 'kept', 'kept'])
    const unpacked = unpack(file.bytes)
    execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: unpacked.dir })
    expect(sha(readFileSync(join(unpacked.dir, 'attachments/3-id-card-photo.jpg')))).toBe(
      sha(PHOTO_JPEG),
    )
    const text = pdfText(join(unpacked.dir, 'case.pdf')).replace(/\s+/g, ' ')
    expect(text).toMatch(/the sealed copy this computer kept when the file was attached/)
  })
})
