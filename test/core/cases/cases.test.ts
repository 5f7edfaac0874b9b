import { execFileSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Core } from '../../../src/core/open-core'
import type { RunningSandbox } from '../../../src/sandbox'
import * as Attachments from '../../../src/core/drafts/attachments'
import * as Banks from '../../../src/core/banks/banks'
import * as Cases from '../../../src/core/cases/cases'
import * as Drafts from '../../../src/core/drafts/drafts'
import * as Outbox from '../../../src/core/outbox/outbox'
import * as Sync from '../../../src/core/sync/sync'
import * as Watchlist from '../../../src/core/watchlist/watchlist'
import { checkNow } from '../../../src/core/watchlist/watch-check-now'
import { verifyCaseFile } from '../../../src/core/case-file/case-verify'
import { certificatePem, createSelfSignedKey } from '../../../src/core/signing/signing-key'
import { exchangeLog } from '../../../src/core/log/log'
import { caseViewSchema } from '../../../src/shared/contracts/cases'
import {
  closedPortUrl,
  inspector,
  openTestCore,
  startTestSandbox,
} from '../../support/core-with-sandbox'
import { pdfText, SCREENSHOT_PNG, unpack } from '../case-file/case-file-support'
import { opensslVerify } from '../../support/openssl-cms'

/*
 * A case over the sandbox registry: two of the organization's reports, another organization's
 * found by a search (the answer kept as it came), a watch alert and a note, made into one zip
 * that the recipient's own tools check (unzip, sha256sum -c, pdftotext).
 */

let sandbox: RunningSandbox
let core: Core
let bank: { slug: string; name: string }
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

beforeAll(async () => {
  sandbox = await startTestSandbox()
  const key = sandbox.demoKeys[0]!.key
  core = openTestCore(sandbox, { key: () => key, timeoutMs: 5000, uploadTimeoutMs: 5000 })
  await Banks.refreshBanks(core)
  bank = Banks.banks(core)[0]!
})
afterAll(async () => {
  await core.close()
  await sandbox.stop()
})

/** One of the organization's reports, filed through Casefile and sent. */
async function ownReport(reason: string, phone: string, files = false): Promise<string> {
  const draft = Drafts.createDraft(core, {
    fraudType: 'social_engineering',
    fraudReason: reason,
    identifiers: [
      { label: 'account', value: `0123456789_${bank.slug}` },
      { label: 'phone', value: phone },
    ],
  })
  if (files) {
    const file = Attachments.addAttachment(core, draft.localId, {
      bytes: SCREENSHOT_PNG,
      fileName: 'chat with the mule.png',
    })
    Drafts.saveDraft(core, draft.localId, { ...draft.draft, attachmentIds: [file.id] })
  }
  const queued = Outbox.queueReport(core, draft.localId)
  expect(queued).toMatchObject({ ok: true })
  await Sync.syncNow(core)
  return Drafts.findReport(core, draft.localId)!.registryId!
}

describe('a case with two own reports, another organization’s found by search, an alert and a note', () => {
  let caseId: string
  let own1: string
  let own2: string
  let other: string
  let alertId: number
  let unpacked: ReturnType<typeof unpack>
  let bundle: Awaited<ReturnType<typeof Cases.exportCase>>

  beforeAll(async () => {
    own1 = await ownReport(
      'The mule account received ₦2,450,000 in four transfers.',
      '08031230001',
      true,
    )
    own2 = await ownReport(
      'A second victim paid the same mule account after a call from the same phone.',
      '08031230002',
    )
    // Another organization files a report on a phone the case searches for.
    const elsewhere = inspector(sandbox, sandbox.demoKeys[1]!.key)
    const watched = Watchlist.addIdentifier(core, 'phone', '08031230009')
    await checkNow(core, watched.added[0]!.id)
    other = (
      await elsewhere.createReport({
        fraudType: 'hacker',
        fraudReason: 'The same phone called our customer pretending to be the bank.',
        identifiers: [{ label: 'phone', value: '08031230009' }],
        attachments: [],
        showUploaderInfo: true,
      })
    ).id
    await checkNow(core, watched.added[0]!.id)
    alertId = Watchlist.listAlerts(core).find((a) => a.reportId === other)!.id

    caseId = Cases.newCase(
      core,
      'Mule network around 0123456789',
      'Opened after two complaints.',
    ).id
    await Cases.addToCase(core, caseId, { kind: 'report', reportId: own1 })
    await Cases.addToCase(core, caseId, { kind: 'report', reportId: own2 })
    await Cases.addToCase(core, caseId, { kind: 'search', type: 'phone', value: '0803 123 0009' })
    await Cases.addToCase(core, caseId, { kind: 'report', reportId: other })
    await Cases.addToCase(core, caseId, { kind: 'alert', alertId })
    Cases.addNote(core, caseId, 'The alert and the search point at the same phone.')
    bundle = await Cases.exportCase(core, caseId)
    unpacked = unpack(readFileSync(bundle.path))
  }, 60_000)

  it('keeps every item in order, in the shape the contract states', () => {
    const view = Cases.showCase(core, caseId)
    expect(caseViewSchema.parse(view)).toEqual(view)
    expect(view.title).toBe('Mule network around 0123456789')
    expect(view.items.map((i) => [i.position, i.kind])).toEqual([
      [1, 'note'],
      [2, 'report'],
      [3, 'report'],
      [4, 'search'],
      [5, 'report'],
      [6, 'alert'],
      [7, 'note'],
    ])
    const search = view.items[3]!
    if (search.kind !== 'search') throw new Error('not a search')
    expect(search.value).toBe('08031230009')
    expect(search.reportIds).toContain(other)
    expect(search.request.method).toBe('POST')
    expect(search.request.url).toBe(
      `${sandbox.baseUrl.replace(/\/$/, '')}/api/v1/external/reports/search`,
    )
    expect(JSON.parse(search.request.body)).toEqual({ identifier: 'phone', value: '08031230009' })
    expect(JSON.stringify(search)).not.toContain(sandbox.demoKeys[0]!.key)
    // The sandbox is plain http: no certificate to keep.
    expect(search.certificateSha256).toBeNull()
    expect(search.clock).toBe('registry')
    const alert = view.items[5]!
    if (alert.kind !== 'alert') throw new Error('not an alert')
    expect(alert.alert).toMatchObject({ kind: 'new_report', reportId: other, value: '08031230009' })
  })

  it('names each report by the copy saved on this computer: fraud type, identifiers, who filed it', () => {
    const reports = Cases.showCase(core, caseId).items.filter((i) => i.kind === 'report')
    const about = new Map(reports.map((r) => [r.reportId, r.about]))
    // Another organization's, as the search's answer gave it.
    expect(about.get(other)).toEqual({
      fraudType: 'hacker',
      identifiers: [{ label: 'phone', value: '08031230009' }],
      reportedBy: expect.stringContaining(
        sandbox.demoKeys[1]!.organization.replace(/ \(demo\)$/, ''),
      ),
    })
    // The organization's own, as it was filed and sent.
    expect(about.get(own1)).toMatchObject({
      fraudType: 'social_engineering',
      identifiers: expect.arrayContaining([{ label: 'phone', value: '08031230001' }]),
    })
  })

  it('makes one zip that sha256sum -c accepts, with the search answer byte for byte', () => {
    expect(unpacked.files).toEqual(
      expect.arrayContaining([
        'SHA256SUMS',
        'case.pdf',
        'case.json',
        'certificate-s84.pdf',
        'certificate-s84.odt',
        'retrieval-log.json',
        'exports-log.json',
        `items/02-report-${own1}/registry-answer.json`,
        `items/02-report-${own1}/attachments/1-chat with the mule.png`,
        `items/03-report-${own2}/registry-answer.json`,
        'items/04-search-phone/registry-answer.json',
        'items/04-search-phone/request.json',
        `items/05-report-${other}/saved-report.json`,
        `items/06-alert-${alertId}.json`,
      ]),
    )
    const out = execFileSync('sha256sum', ['-c', 'SHA256SUMS'], {
      cwd: unpacked.dir,
      encoding: 'utf8',
    })
    expect(out).not.toMatch(/FAILED/)
    expect(out.trim().split('\n')).toHaveLength(unpacked.files.length - 3)
    const at = (name: string) => readFileSync(join(unpacked.dir, name))
    expect(sha(at('SHA256SUMS'))).toBe(bundle.fingerprint)
    const view = Cases.showCase(core, caseId)
    const search = view.items[3]!
    if (search.kind !== 'search') throw new Error('not a search')
    expect(sha(at('items/04-search-phone/registry-answer.json'))).toBe(search.answerSha256)
    expect(
      JSON.parse(at('items/04-search-phone/registry-answer.json').toString()).data.reports.map(
        (r: { id: string }) => r.id,
      ),
    ).toContain(other)
    expect(sha(at(`items/02-report-${own1}/attachments/1-chat with the mule.png`))).toBe(
      sha(SCREENSHOT_PNG),
    )
    expect(bundle.savedCopies).toEqual([other])
  })

  it('is accepted by `case verify` as a case file is: every hash it states about itself agrees', async () => {
    const result = await verifyCaseFile(unpacked.zip)
    expect(result.disagreements).toEqual([])
    expect(result.ok).toBe(true)
    expect(result.fingerprint).toBe(bundle.fingerprint)
  }, 60_000)

  it('says every item in case.pdf, in order', () => {
    const text = pdfText(join(unpacked.dir, 'case.pdf')).replace(/\s+/g, ' ')
    const places = [
      'Opened after two complaints.',
      `Item 2: a report`,
      `Item 3: a report`,
      'Item 4: a search',
      `Item 5: a report`,
      'Item 6: a watch alert',
      'The alert and the search point at the same phone.',
    ].map((words) => text.indexOf(words))
    expect(places.every((p) => p >= 0)).toBe(true)
    expect([...places].sort((a, b) => a - b)).toEqual(places)
    expect(text).toContain('Mule network around 0123456789')
    expect(text).toContain('plain http')
    expect(text).toContain(`Alert ${alertId}: New report (its state when added: new)`)
    expect(text).toContain(`What it found (1) Report ${other}`)
  })

  it('signed with the organization’s key: openssl cms -verify and case verify --ca accept it, and refuse a changed byte with SHA256SUMS made again', async () => {
    const key = await createSelfSignedKey({
      name: 'Lagoon MFB — fraud case files',
      now: new Date(),
    })
    const signed = await Cases.exportCase(core, caseId, { record: 'later', sign: key })
    expect(signed.signedBy?.fingerprint).toBe(sha(key.certificate))
    const files = unpack(readFileSync(signed.path))
    expect(files.files).toContain('SHA256SUMS.p7s')
    const ca = join(files.dir, '..', `ca-${process.pid}.pem`)
    writeFileSync(ca, certificatePem(key.certificate))
    const openssl = (dir: string) => opensslVerify(dir, ca)
    expect(openssl(files.dir).status).toBe(0)
    const caPem = readFileSync(ca)
    expect(await verifyCaseFile(files.zip, { ca: caPem })).toMatchObject({ ok: true })

    // A byte of the saved copy of another organization's report changed, SHA256SUMS made again
    // to match: sha256sum -c is content, the signature and case verify are not.
    const changed = `items/05-report-${other}/saved-report.json`
    const bytes = readFileSync(join(files.dir, changed))
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 2) ^ 1, bytes.length - 2)
    writeFileSync(join(files.dir, changed), bytes)
    const sums = readFileSync(join(files.dir, 'SHA256SUMS'), 'utf8')
      .split('\n')
      .map((line) => (line.endsWith(`  ${changed}`) ? `${sha(bytes)}  ${changed}` : line))
      .join('\n')
    writeFileSync(join(files.dir, 'SHA256SUMS'), sums)
    expect(
      execFileSync('sha256sum', ['-c', 'SHA256SUMS'], { cwd: files.dir, encoding: 'utf8' }),
    ).not.toMatch(/FAILED/)
    expect(openssl(files.dir).status).not.toBe(0)
    const rezipped = join(files.dir, '..', `changed-${process.pid}.zip`)
    execFileSync('zip', ['-q', '-r', rezipped, '.'], { cwd: files.dir })
    expect((await verifyCaseFile(rezipped, { ca: caPem })).ok).toBe(false)
  }, 120_000)

  it('records the export in the case, the folder’s log and the next bundle’s exports-log.json', async () => {
    const first = Cases.showCase(core, caseId).exports
    expect(first).toEqual([
      {
        at: expect.any(String),
        fingerprint: bundle.fingerprint,
        file: bundle.fileName,
        by: expect.any(String),
      },
    ])
    const logged = exchangeLog(core, { limit: 20 }).find(
      (e) => e.endpoint === `CASE EXPORT ${caseId}`,
    )
    expect(logged?.message).toContain(bundle.fingerprint)
    const second = await Cases.exportCase(core, caseId, { record: 'later' })
    expect(Cases.showCase(core, caseId).exports).toEqual(first)
    second.record('for-the-efcc.zip')
    second.record('twice.zip')
    const earlier = JSON.parse(
      readFileSync(join(unpack(readFileSync(second.path)).dir, 'exports-log.json'), 'utf8'),
    )
    expect(earlier.exports).toEqual(first)
    expect(Cases.showCase(core, caseId).exports.map((e) => e.file)).toEqual([
      bundle.fileName,
      'for-the-efcc.zip',
    ])
  }, 30_000)
})

describe('what a case refuses, in words', () => {
  it('an unknown case, alert or report, an empty note, a title too long', async () => {
    const id = Cases.newCase(core, 'Refusals').id
    expect(() => Cases.showCase(core, 'case-0000000000')).toThrow(
      'No case case-0000000000 in this data folder.',
    )
    // The code and the facts, for each front to word (the CLI names `casefile case list`).
    expect(() => Cases.showCase(core, 'case-0000000000')).toThrow(
      expect.objectContaining({
        problem: { code: 'not_found', what: 'case', id: 'case-0000000000' },
      }),
    )
    expect(() => Cases.showCase(core, 'mule')).toThrow(/not a case id/)
    expect(() => Cases.showCase(core, 'mule')).toThrow(
      expect.objectContaining({ problem: { code: 'not_a_case_id', written: 'mule' } }),
    )
    expect(() => Cases.addNote(core, id, '   ')).toThrow(Cases.CaseInputError)
    expect(() => Cases.addNote(core, id, '   ')).toThrow(
      'The note is empty: write what it should say.',
    )
    expect(() => Cases.newCase(core, 'x'.repeat(201))).toThrow(
      /201 characters long: keep it to 200/,
    )
    expect(() => Cases.newCase(core, '  ')).toThrow(/needs a title/)
    expect(() => Cases.newCase(core, 'two\nlines')).toThrow(/one line/)
    await expect(Cases.addToCase(core, id, { kind: 'alert', alertId: 999_999 })).rejects.toThrow(
      /No watch alert 999999/,
    )
    await expect(
      Cases.addToCase(core, id, { kind: 'report', reportId: 'no-such-report-anywhere' }),
    ).rejects.toThrow(/No report no-such-report-anywhere/)
    await expect(
      Cases.addToCase(core, id, { kind: 'search', type: 'bvn', value: '123' }),
    ).rejects.toThrow(/Nothing was added: A BVN is 11 digits/)
    expect(Cases.showCase(core, id).items).toEqual([])
    await expect(Cases.exportCase(core, 'case-0000000000')).rejects.toThrow(/No case/)
  })

  it('a search the registry cannot answer adds nothing, and stays the registry’s error (exit 3 in the CLI)', async () => {
    const closed = await closedPortUrl()
    const offline = openTestCore(sandbox, {
      connection: { baseUrl: closed, uploadUrl: closed },
      key: () => 'any-key',
    })
    try {
      const id = Cases.newCase(offline, 'Offline').id
      const failure = await Cases.addToCase(offline, id, {
        kind: 'search',
        type: 'bvn',
        value: '22212345678',
      }).catch((error: unknown) => error)
      expect(failure).toMatchObject({ name: 'RegistryError', kind: 'offline' })
      expect(failure).not.toBeInstanceOf(Cases.CaseInputError)
      expect(Cases.showCase(offline, id).items).toEqual([])
    } finally {
      await offline.close()
    }
  })
})
