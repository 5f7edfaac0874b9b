import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { coreWorkContract } from '../../../src/shared/contracts/work'
import { createWorkHandlers, type WorkHandlers } from '../../../src/core/work-handlers'
import * as Drafts from '../../../src/core/drafts/drafts'
import * as Outbox from '../../../src/core/outbox/outbox'
import * as Sync from '../../../src/core/sync/sync'
import type { Core } from '../../../src/core/open-core'
import {
  certificatePem,
  colonHex,
  createSelfSignedKey,
  keepSigningKey,
  certificateFacts,
  type SigningKey,
} from '../../../src/core/signing/signing'
import { SIGNING_KEY_FILE } from '../../../src/core/signing/signing-key-store'
import type { RunningSandbox } from '../../../src/sandbox'
import { openTestCore, startTestSandbox } from '../../support/core-with-sandbox'
import { opensslVerify } from '../../support/openssl-cms'
import { memorySecretBackend } from '../../web-harness/memory-secret-backend'
import { createFolderIdentity, readFolderIdentity } from '../../../src/core/encryption/folder-key'
import { unpack } from '../case-file/case-file-support'

/*
 * What main alone asks of the core for the window's exports (contracts/case-export.ts): the name
 * its dialog suggests, then the zip written at the path the dialog gave, signed with the key kept
 * for the data folder when there is one. Each answer parses with its schema, as on both hops.
 * The path is read as one that may have gone wrong since the dialog: its folder gone, a folder
 * under its name, a file there already (replaced only once the new one is whole).
 */

/** The OS keychain, as the app's core reads the signing key from it. */
const keychain = memorySecretBackend()
let sandbox: RunningSandbox
let core: Core
let handlers: WorkHandlers
let folder: string
beforeAll(async () => {
  sandbox = await startTestSandbox()
  const key = sandbox.demoKeys[0]!.key
  const dataDir = mkdtempSync(join(tmpdir(), 'casefile-exporting-'))
  // As the app's folders have one: the signing key is kept under the folder's identity.
  createFolderIdentity(dataDir)
  core = openTestCore(sandbox, {
    key: () => key,
    dataDir,
    timeoutMs: 5000,
    uploadTimeoutMs: 5000,
  })
  handlers = createWorkHandlers(() => core, { signingKeychain: () => keychain })
  folder = mkdtempSync(join(tmpdir(), 'casefile-exports-'))
})
afterAll(async () => {
  await core.close()
  await sandbox.stop()
})

type M = keyof typeof coreWorkContract
async function call<K extends M>(
  method: K,
  input: z.input<(typeof coreWorkContract)[K]['input']>,
): Promise<z.output<(typeof coreWorkContract)[K]['output']>> {
  const spec = coreWorkContract[method]
  const result = await (handlers[method] as (i: unknown) => unknown)(spec.input.parse(input))
  return spec.output.parse(result) as z.output<(typeof coreWorkContract)[K]['output']>
}

async function newCase(title: string): Promise<string> {
  const opened = await call('caseNew', { title, note: 'Opened for the export tests.' })
  if (!opened.ok) throw new Error(opened.message)
  return opened.case.id
}

/** A report filed through Casefile and sent to the sandbox: its registry id. */
async function sentReport(): Promise<string> {
  const draft = Drafts.createDraft(core, {
    fraudType: 'money_mule',
    fraudReason: 'Received the proceeds of a phishing call and moved them on within the hour.',
    identifiers: [{ label: 'email', value: 'export.handlers@example.com' }],
  })
  expect(Outbox.queueReport(core, draft.localId).ok).toBe(true)
  await Sync.syncNow(core)
  return Drafts.findReport(core, draft.localId)!.registryId!
}

/**
 * The folder's signing key kept, as `casefile signing-key create` keeps it: in the OS keychain
 * (`where`), or in signing-key.json where there is none. Its certificate as a CA file.
 */
async function keepKey(where: 'keychain' | 'file'): Promise<{ key: SigningKey; ca: string }> {
  const key = await createSelfSignedKey({ name: 'Lagoon MFB fraud desk', now: new Date() })
  expect(
    (await keepSigningKey(core.dataDir, where === 'keychain' ? keychain : null, key)).where,
  ).toBe(where)
  const ca = join(mkdtempSync(join(tmpdir(), 'casefile-ca-')), 'ORG-CA.pem')
  writeFileSync(ca, certificatePem(key.certificate))
  return { key, ca }
}

describe('the window’s exports, as main asks the core for them', () => {
  it('suggests a name before the dialog, and refuses an unknown case before it opens', async () => {
    const caseId = await newCase('Offered')
    const offer = await call('caseExportOffer', { kind: 'case', caseId })
    expect(offer).toEqual({
      outcome: 'offered',
      fileName: expect.stringMatching(new RegExp(`^${caseId}-\\d{8}-\\d{6}\\.zip$`)),
    })
    expect(await call('caseExportOffer', { kind: 'report', id: 'r-2026/0042' })).toEqual({
      outcome: 'offered',
      fileName: expect.stringMatching(/^case-r-2026_0042-\d{8}-\d{6}\.zip$/),
    })
    expect(await call('caseExportOffer', { kind: 'case', caseId: 'case-0000000000' })).toEqual({
      outcome: 'refused',
      message: 'No case case-0000000000 in this data folder.',
    })
  })

  it('writes an unsigned bundle where it was told, 0600, and records it under that name', async () => {
    const caseId = await newCase('Unsigned')
    const path = join(folder, 'unsigned.zip')
    const written = await call('caseExportWrite', { what: { kind: 'case', caseId }, path })
    expect(written).toMatchObject({ outcome: 'written', signedBy: null, savedCopies: [] })
    expect(statSync(path).mode & 0o777).toBe(0o600)
    const { files } = unpack(readFileSync(path))
    expect(files).toContain('SHA256SUMS')
    expect(files).not.toContain('SHA256SUMS.p7s')
    // Nothing left beside it under a temporary name.
    expect(readdirSync(folder)).toEqual(['unsigned.zip'])
    const shown = await call('caseShow', { caseId })
    expect(shown.ok && shown.case.exports.map((e) => [e.file, e.fingerprint])).toEqual([
      ['unsigned.zip', written.outcome === 'written' ? written.fingerprint : ''],
    ])
  }, 60_000)

  it('signs with the key kept for the folder: openssl cms -verify accepts SHA256SUMS.p7s', async () => {
    const { key, ca } = await keepKey('keychain')
    try {
      const facts = certificateFacts(key.certificate)
      const caseId = await newCase('Signed')
      const path = join(folder, 'signed-case.zip')
      const written = await call('caseExportWrite', { what: { kind: 'case', caseId }, path })
      expect(written).toMatchObject({
        outcome: 'written',
        signedBy: { subject: 'CN=Lagoon MFB fraud desk', fingerprint: colonHex(facts.fingerprint) },
      })
      const bundle = unpack(readFileSync(path))
      expect(bundle.files).toContain('SHA256SUMS.p7s')
      expect(opensslVerify(bundle.dir, ca)).toMatchObject({ status: 0 })

      // A report's case file, from its details: signed the same way.
      const reportId = await sentReport()
      const filePath = join(folder, 'signed-report.zip')
      const file = await call('caseExportWrite', {
        what: { kind: 'report', id: reportId },
        path: filePath,
      })
      expect(file).toMatchObject({
        outcome: 'written',
        signedBy: { fingerprint: colonHex(facts.fingerprint) },
      })
      expect(statSync(filePath).mode & 0o777).toBe(0o600)
      const caseFile = unpack(readFileSync(filePath))
      expect(opensslVerify(caseFile.dir, ca)).toMatchObject({ status: 0 })
      // Another organization's CA is not the one that signed it.
      const other = await keepKeyElsewhere()
      expect(opensslVerify(caseFile.dir, other).status).not.toBe(0)
    } finally {
      await keychain.remove(account())
    }
  }, 90_000)

  it('refuses, before the dialog and when writing, while the key kept cannot be read', async () => {
    writeFileSync(join(core.dataDir, SIGNING_KEY_FILE), 'not a key\n', { mode: 0o600 })
    try {
      const caseId = await newCase('Damaged key')
      const refusal = {
        outcome: 'refused',
        message:
          'The signing key kept for this data folder cannot be read, so nothing was exported: the zip would have gone unsigned.',
      }
      expect(await call('caseExportOffer', { kind: 'case', caseId })).toEqual(refusal)
      const path = join(folder, 'never.zip')
      expect(await call('caseExportWrite', { what: { kind: 'case', caseId }, path })).toEqual(
        refusal,
      )
      expect(existsSync(path)).toBe(false)
    } finally {
      rmSync(join(core.dataDir, SIGNING_KEY_FILE), { force: true })
    }
  })
})

/** The keychain entry a signing key is kept under: the folder's identity. */
const account = () => `signing-key:${readFolderIdentity(core.dataDir)!.id}`

/** A second, unrelated certificate, as another organization's CA file. */
async function keepKeyElsewhere(): Promise<string> {
  const key = await createSelfSignedKey({ name: 'Another bank', now: new Date() })
  const ca = join(mkdtempSync(join(tmpdir(), 'casefile-ca-')), 'OTHER-CA.pem')
  writeFileSync(ca, certificatePem(key.certificate))
  return ca
}

describe('a path that went wrong between the dialog and the write', () => {
  it('makes nothing for a folder that is gone, and says so as a reason', async () => {
    const caseId = await newCase('Folder gone')
    const gone = join(folder, 'unplugged-drive')
    mkdirSync(gone)
    rmSync(gone, { recursive: true })
    expect(
      await call('caseExportWrite', { what: { kind: 'case', caseId }, path: join(gone, 'c.zip') }),
    ).toEqual({ outcome: 'unwritten', reason: 'folder_missing', errno: 'ENOENT' })
    expect(existsSync(gone)).toBe(false)
    const shown = await call('caseShow', { caseId })
    expect(shown.ok && shown.case.exports).toEqual([])
  })

  it('will not put a zip over a folder of that name', async () => {
    const caseId = await newCase('A folder in the way')
    const path = join(folder, 'in-the-way.zip')
    mkdirSync(path)
    expect(await call('caseExportWrite', { what: { kind: 'case', caseId }, path })).toEqual({
      outcome: 'unwritten',
      reason: 'not_a_file',
      errno: null,
    })
    expect(statSync(path).isDirectory()).toBe(true)
  })

  it('replaces a file of that name only once the new zip is whole, 0600', async () => {
    const caseId = await newCase('A name that exists')
    const path = join(folder, 'exists.zip')
    writeFileSync(path, 'an older export', { mode: 0o644 })
    // A report the registry does not know: refused, and what was there is as it was.
    expect(
      await call('caseExportWrite', { what: { kind: 'report', id: 'no-such-report' }, path }),
    ).toMatchObject({ outcome: 'refused' })
    expect(readFileSync(path, 'utf8')).toBe('an older export')
    const written = await call('caseExportWrite', { what: { kind: 'case', caseId }, path })
    expect(written.outcome).toBe('written')
    expect(readFileSync(path).subarray(0, 2).toString('latin1')).toBe('PK')
    expect(statSync(path).mode & 0o777).toBe(0o600)
    expect(readdirSync(folder).filter((name) => name.endsWith('.tmp'))).toEqual([])
  }, 60_000)

  it('takes only an absolute path to a .zip, on one line', () => {
    const input = coreWorkContract.caseExportWrite.input
    const what = { kind: 'case', caseId: 'case-0123456789' }
    expect(input.safeParse({ what, path: join(folder, 'ok.zip') }).success).toBe(true)
    for (const path of ['relative/c.zip', join(folder, 'c.exe'), `${folder}/a\n.zip`, ''])
      expect(input.safeParse({ what, path }).success, path).toBe(false)
  })
})
