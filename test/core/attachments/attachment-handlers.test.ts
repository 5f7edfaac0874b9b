import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Core } from '../../../src/core/open-core'
import { attachmentHandlers } from '../../../src/core/drafts/attachment-handlers'
import { attachmentsContract } from '../../../src/shared/contracts/attachments'
import type { AttachmentRef } from '../../../src/shared/contracts/attachments'
import type { RunningSandbox } from '../../../src/sandbox'
import {
  createRegistryClient,
  type RegistryClient,
} from '../../../src/core/registry/registry-client'
import {
  closedPortUrl,
  inspector,
  openTestCore,
  startTestSandbox,
  uniqueReason,
} from '../../support/core-with-sandbox'
import { PDF_BYTES } from '../../support/temp-store'
import { solidPng } from '../../support/sample-files'
import { pngBomb } from '../../support/hostile-images'

import * as Drafts from '../../../src/core/drafts/drafts'
import * as Attachments from '../../../src/core/drafts/attachments'
import * as Outbox from '../../../src/core/outbox/outbox'
import * as Sync from '../../../src/core/sync/sync'
/* The viewer's and "Save a copy…"'s bytes: kept copies decrypted in memory, registry links fetched and checked. */

// A real PNG: the viewer reads an image's size from its header before it shows it.
const PNG = new Uint8Array(solidPng(3, 2, [200, 30, 30]))
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0])
const HTML = new TextEncoder().encode('<!doctype html><html><body>Sign in</body></html>')

let sandbox: RunningSandbox
let core: Core
let handlers: ReturnType<typeof attachmentHandlers>
let hostile: Server
let hostileUrl: string
let hostileRequests = 0
let key: string
/** The handlers over a core whose registry keeps its files on the hostile host ({upload_url}). */
let onHostileHost: ReturnType<typeof attachmentHandlers>
const clients: RegistryClient[] = []

/** Handlers over the core, its registry keeping its files at `fileHost` (its {upload_url}). */
function registryFilesAt(fileHost: string) {
  const client = createRegistryClient(
    { baseUrl: sandbox.baseUrl, uploadUrl: fileHost },
    { getApiKey: () => key, timeoutMs: 5000, uploadTimeoutMs: 5000 },
  )
  clients.push(client)
  return attachmentHandlers(() => ({ ...core, client }))
}

beforeAll(async () => {
  sandbox = await startTestSandbox()
  key = sandbox.demoKeys[0]!.key
  core = openTestCore(sandbox, { key: () => key, uploadTimeoutMs: 5000 })
  handlers = attachmentHandlers(() => core)
  // A registry's file host that answers with anything but the file.
  hostile = createServer((request, response) => {
    hostileRequests++
    const path = request.url ?? '/'
    if (path.startsWith('/html/'))
      response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from(HTML))
    else if (path.startsWith('/huge/')) {
      response.writeHead(200, { 'content-type': 'application/pdf' })
      const chunk = Buffer.alloc(1024 * 1024, 0x25)
      let sent = 0
      const more = () => {
        while (sent < 12 && response.write(chunk)) sent++
        if (sent >= 12) response.end()
        else response.once('drain', more)
      }
      response.on('error', () => undefined)
      more()
    } else if (path.startsWith('/jpeg-said-png/'))
      response.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from(JPEG))
    else if (path.startsWith('/moved/'))
      response.writeHead(302, { location: 'http://127.0.0.1:1/elsewhere' }).end()
    else if (path.startsWith('/gone/')) response.writeHead(404).end()
    else
      response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(Buffer.from(PNG))
  })
  await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve))
  hostileUrl = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`
  // On loopback only the registry's own host and port are fetched: the hostile host is its file host.
  onHostileHost = registryFilesAt(hostileUrl)
})
afterAll(async () => {
  for (const client of clients) client.close()
  await core.close()
  await sandbox.stop()
  await new Promise<void>((resolve) => hostile.close(() => resolve()))
})

async function open(ref: AttachmentRef, via = handlers) {
  return attachmentsContract.attachmentOpen.output.parse(await via.attachmentOpen(ref))
}
async function copy(ref: AttachmentRef, via = handlers) {
  return attachmentsContract.attachmentCopy.output.parse(await via.attachmentCopy(ref))
}
/** A draft carrying the links, as one reopened from the registry for an update would. */
const draftWithLinks = (...urls: string[]) =>
  Drafts.createDraft(core, { fraudType: 'romance_fraud', attachmentUrls: urls }).localId

describe('kept attachments', () => {
  it('decrypts the sealed copy in memory and hands over the very bytes attached', async () => {
    const draft = Drafts.createDraft(core, { fraudType: 'romance_fraud' })
    const png = Attachments.addAttachment(core, draft.localId, {
      bytes: PNG,
      fileName: 'photo.png',
    })
    const pdf = Attachments.addAttachment(core, draft.localId, {
      bytes: PDF_BYTES,
      fileName: 'statement.pdf',
    })
    // On disk only sealed: no kept file holds the plain bytes, and opening writes none.
    const before = readdirSync(core.files.dir)
    for (const name of before)
      expect(readFileSync(join(core.files.dir, name)).includes(Buffer.from(PDF_BYTES))).toBe(false)

    const image = await open({ kind: 'kept', attachmentId: png.id })
    expect(image).toMatchObject({ ok: true, fileName: 'photo.png', type: 'png', size: PNG.length })
    expect(image.ok && [...image.bytes]).toEqual([...PNG])
    const document = await open({ kind: 'kept', attachmentId: pdf.id })
    expect(document).toMatchObject({ ok: true, fileName: 'statement.pdf', type: 'pdf' })
    expect(readdirSync(core.files.dir).sort()).toEqual(before.sort())

    const saved = await copy({ kind: 'kept', attachmentId: pdf.id })
    expect(saved.ok && [...saved.bytes]).toEqual([...PDF_BYTES])
  })

  it('names a file attached from this computer as it will be seen, here and for the registry', async () => {
    // Downloaded from an email: "statement\u202Efdp.exe" reads as "statementexe.pdf".
    const draft = Drafts.createDraft(core, { fraudType: 'romance_fraud' })
    const added = Attachments.addAttachment(core, draft.localId, {
      bytes: PDF_BYTES,
      fileName: 'statement\u202Efdp.exe\u200b',
    })
    expect(added.fileName).toBe('statementfdp.exe')
    expect(await open({ kind: 'kept', attachmentId: added.id })).toMatchObject({
      ok: true,
      fileName: 'statementfdp.exe',
    })
    expect(await copy({ kind: 'kept', attachmentId: added.id })).toMatchObject({
      ok: true,
      fileName: 'statementfdp.pdf',
    })
  })

  it('offers to save a file type it does not show, and refuses a copy swapped on disk', async () => {
    const draft = Drafts.createDraft(core, { fraudType: 'romance_fraud' })
    const note = Attachments.addAttachment(core, draft.localId, {
      bytes: new TextEncoder().encode('Call log: 14:02 the caller asked for the OTP.'),
      fileName: 'call-log.txt',
    })
    expect(await open({ kind: 'kept', attachmentId: note.id })).toEqual({
      ok: false,
      canSave: true,
      message: expect.stringMatching(/call-log\.txt is a text file\. Use “Save a copy…”/),
    })
    expect((await copy({ kind: 'kept', attachmentId: note.id })).ok).toBe(true)

    const other = Attachments.addAttachment(core, draft.localId, {
      bytes: JPEG,
      fileName: 'id-card.jpg',
    })
    // The note's sealed copy put in the photo's place: it decrypts, but is not the photo.
    writeFileSync(core.files.pathOf(other.sha256), readFileSync(core.files.pathOf(note.sha256)))
    const swapped = await open({ kind: 'kept', attachmentId: other.id })
    expect(swapped).toMatchObject({ ok: false, canSave: false })
    expect(!swapped.ok && swapped.message).toMatch(/id-card\.jpg .* not the file that was attached/)
    expect(await open({ kind: 'kept', attachmentId: 'no-such-id' })).toMatchObject({
      ok: false,
      message: 'This attachment is no longer in this report.',
    })
  })
})

describe('an image too large to show', () => {
  it('is not handed to the window, which is told why and offered a copy', async () => {
    // 16,000 × 16,000 RGBA pixels (1 GB once decoded) in a 1 MB file, from another organization.
    const bomb = pngBomb(16000, 16000)
    const uploaded = await inspector(sandbox, key).uploadFile({ bytes: bomb, fileName: 'x.png' })
    const draft = Drafts.createDraft(core, { fraudType: 'romance_fraud' })
    const cut = Attachments.addAttachment(core, draft.localId, {
      bytes: new Uint8Array(solidPng(3, 2, [1, 2, 3]).subarray(0, 20)),
      fileName: 'cut.png',
    })
    const link = {
      kind: 'link',
      reportId: draftWithLinks(uploaded.url),
      url: uploaded.url,
    } as const
    const opened = await open(link)
    expect(opened).toEqual({
      ok: false,
      canSave: true,
      message: expect.stringMatching(
        /declares 16,000 × 16,000 pixels, more than Casefile shows: drawing it could take all of this computer’s memory\. Use “Save a copy…”/,
      ),
    })
    const saved = await copy(link)
    expect(saved.ok && Buffer.from(saved.bytes).equals(bomb)).toBe(true)
    expect(await open({ kind: 'kept', attachmentId: cut.id })).toEqual({
      ok: false,
      canSave: true,
      message: expect.stringMatching(
        /^cut\.png is a PNG image whose size cannot be read from its header, so Casefile will not show it\./,
      ),
    })
  })
})

describe('registry links', () => {
  it('names and opens what this folder uploaded by its original name, from the kept copy', async () => {
    const draft = Drafts.createDraft(core, {
      fraudType: 'romance_fraud',
      fraudReason: uniqueReason('viewer'),
      identifiers: [{ label: 'account', value: '0123456789_gtbank' }],
    })
    const pdf = Attachments.addAttachment(core, draft.localId, {
      bytes: PDF_BYTES,
      fileName: 'statement.pdf',
    })
    Drafts.saveDraft(core, draft.localId, { ...draft.draft, attachmentIds: [pdf.id] })
    expect(Outbox.queueReport(core, draft.localId).ok).toBe(true)
    await Sync.syncNow(core)
    const url = Attachments.listAttachments(core, draft.localId)[0]?.url
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/.+\.pdf$/)
    // The registry names it by its hash; Casefile says the name it was attached under.
    expect(url).not.toContain('statement')
    expect(handlers.attachmentNames({ urls: [url!] })).toEqual([
      { url, fileName: 'statement.pdf', typeLabel: 'PDF', size: PDF_BYTES.length, kept: true },
    ])
    const registryId = Drafts.findReport(core, draft.localId)!.registryId!
    // Opened from the kept copy: the registry is not asked (a client that cannot reach it).
    const offline = attachmentHandlers(() => ({
      ...core,
      client: {
        ...core.client,
        fetchLink: () => Promise.reject(new Error('the registry was asked')),
      },
    }))
    expect(
      await offline.attachmentOpen({ kind: 'link', reportId: registryId, url: url! }),
    ).toMatchObject({ ok: true, fileName: 'statement.pdf', type: 'pdf' })
  })

  it('fetches a link it never held through the client, named by its last segment', async () => {
    const uploaded = await inspector(sandbox, key).uploadFile({ bytes: PNG, fileName: 'x.png' })
    const localId = draftWithLinks(uploaded.url)
    const names = await handlers.attachmentNames({ urls: [uploaded.url] })
    expect(names[0]).toMatchObject({ typeLabel: null, size: null, kept: false })
    expect(names[0]?.fileName).toBe(decodeURIComponent(uploaded.url.split('/').pop()!))
    const opened = await open({ kind: 'link', reportId: localId, url: uploaded.url })
    expect(opened).toMatchObject({ ok: true, type: 'png', size: PNG.length })
    const named = await handlers.attachmentNames({ urls: [`${hostileUrl}/files/scan%201.pdf`] })
    expect(named[0]?.fileName).toBe('scan 1.pdf')
  })

  it('fetches only links of a report this folder holds', async () => {
    const localId = draftWithLinks(`${hostileUrl}/ok/a.png`)
    expect(await open({ kind: 'link', reportId: localId, url: `${hostileUrl}/ok/b.png` })).toEqual({
      ok: false,
      canSave: false,
      message: 'That link is not one of this report’s attachments.',
    })
    expect(
      await open({ kind: 'link', reportId: 'no-such-report', url: `${hostileUrl}/ok/a.png` }),
    ).toMatchObject({ ok: false })
    expect(
      await open({ kind: 'link', reportId: localId, url: `${hostileUrl}/ok/a.png` }, onHostileHost),
    ).toMatchObject({ ok: true, type: 'png' })
  })

  it('refuses a hostile answer: a web page, an oversized body, a type it is not, a redirect', async () => {
    const refused = async (path: string) => {
      const url = `${hostileUrl}${path}`
      const localId = draftWithLinks(url)
      const viewed = await open({ kind: 'link', reportId: localId, url }, onHostileHost)
      const saved = await copy({ kind: 'link', reportId: localId, url }, onHostileHost)
      expect(viewed.ok).toBe(false)
      expect(saved.ok).toBe(false)
      return { viewed: !viewed.ok ? viewed : null, saved: !saved.ok ? saved.message : '' }
    }
    const page = await refused('/html/evidence.png')
    expect(page.viewed).toEqual({
      ok: false,
      canSave: false,
      message:
        'The registry did not send evidence.png itself but something else (such as a web page or an error message), so Casefile will not show or save it.',
    })
    expect(page.saved).toBe(page.viewed?.message)
    expect((await refused('/huge/statement.pdf')).viewed?.message).toBe(
      'The registry sent more than 10 MiB for this file, more than any attachment can be, so Casefile stopped reading it.',
    )
    expect((await refused('/jpeg-said-png/photo.png')).viewed?.message).toBe(
      'photo.png is said to be a PNG image but its content is a JPEG image, so Casefile will not show or save it.',
    )
    expect((await refused('/moved/a.pdf')).viewed?.message).toMatch(/does not follow/)
    expect((await refused('/gone/a.pdf')).viewed?.message).toBe(
      'The registry no longer has this file.',
    )
  })

  it('says in words when the registry cannot be reached, and never fetches a plain-http remote link', async () => {
    const fileHost = await closedPortUrl()
    const down = `${fileHost}/files/a.pdf`
    const localId = draftWithLinks(down, 'http://files.example.com/a.pdf')
    expect(
      await open({ kind: 'link', reportId: localId, url: down }, registryFilesAt(fileHost)),
    ).toEqual({
      ok: false,
      canSave: false,
      message:
        'The registry could not be reached, so this file cannot be fetched now. Try again when this computer is connected.',
    })
    expect(
      await open({ kind: 'link', reportId: localId, url: 'http://files.example.com/a.pdf' }),
    ).toMatchObject({ ok: false, message: expect.stringMatching(/not a secure \(https\) address/) })
  })

  it('never fetches a link into this computer or a private network that is not the registry', async () => {
    // A report's links come from whoever filed it: one planted there must not reach inside the bank.
    const inside = [
      'http://localhost:2375/containers/a.pdf',
      'https://192.168.1.1/cgi-bin/a.pdf',
      'https://10.0.0.5/a.pdf',
      'https://169.254.169.254/latest/a.pdf',
      'https://intranet/a.pdf',
      'https://wiki.corp/a.pdf',
      'https://[::1]/a.pdf',
    ]
    const localId = draftWithLinks(...inside)
    for (const url of inside)
      expect(await open({ kind: 'link', reportId: localId, url })).toMatchObject({
        ok: false,
        message: expect.stringMatching(/points inside a private network .*not to the registry/),
      })
  })

  it("never fetches another port of the registry's own host", async () => {
    // The sandbox registry is on 127.0.0.1: its host alone is not the registry, its port too.
    const url = `${hostileUrl}/ok/a.png`
    expect(new URL(url).port).not.toBe(new URL(sandbox.baseUrl).port)
    const localId = draftWithLinks(url)
    const before = hostileRequests
    expect(await open({ kind: 'link', reportId: localId, url })).toEqual({
      ok: false,
      canSave: false,
      message: expect.stringMatching(/points inside a private network \(127\.0\.0\.1\)/),
    })
    expect(hostileRequests).toBe(before)
  })

  it("offers a copy under its content's extension and a name only", async () => {
    const url = `${hostileUrl}/ok/evidence.png.hta`
    const localId = draftWithLinks(url)
    expect(await copy({ kind: 'link', reportId: localId, url }, onHostileHost)).toMatchObject({
      ok: true,
      fileName: 'evidence.png',
    })
  })

  it('shows and offers a name with nothing hidden in it: no bidi override, no invisible filler', async () => {
    // A Hangul filler (seen as nothing) and a right-to-left override: shown as "scangnp.exe"
    // would otherwise read "scanexe.png".
    const url = `${hostileUrl}/ok/scan%E3%85%A4%E2%80%AEgnp.exe`
    const localId = draftWithLinks(url)
    const names = await handlers.attachmentNames({ urls: [url] })
    expect(names[0]?.fileName).toBe('scangnp.exe')
    expect(await copy({ kind: 'link', reportId: localId, url }, onHostileHost)).toMatchObject({
      ok: true,
      fileName: 'scangnp.png',
    })
  })
})
