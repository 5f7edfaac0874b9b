import { existsSync, mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3-multiple-ciphers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openCore } from '../../../src/core/open-core'
import { openDataFolder } from '../../../src/core/encryption/open-data-folder'
import type { RunningSandbox } from '../../../src/sandbox'
import {
  startTestSandbox,
  TEST_RETRY_POLICY,
  TEST_TIMEOUT_MS,
} from '../../support/core-with-sandbox'
import { whereFound } from '../../support/folder-scan'
import { memorySecretBackend } from '../../web-harness/memory-secret-backend'
import * as Banks from '../../../src/core/banks/banks'
import * as Drafts from '../../../src/core/drafts/drafts'
import * as Attachments from '../../../src/core/drafts/attachments'
import * as Outbox from '../../../src/core/outbox/outbox'
import * as Submissions from '../../../src/core/submissions/submissions'
import * as Search from '../../../src/core/search/search'

// What a stolen disk shows: a folder the core wrote reports, an attachment, caches and the
// exchange log into, scanned byte by byte for what the investigator typed.
const BVN = '22298765431'
const ACCOUNT = '7730019284'
const PHONE = '08039918274'
const REASON_WORDS = 'Halvorsen-Okonkwo laundered the proceeds through a chain of mule accounts'
const EVIDENCE = 'EVIDENCE-7f3a9c statement of the suspect account, page one'
const NEEDLES = [BVN, ACCOUNT, PHONE, 'Halvorsen-Okonkwo', 'EVIDENCE-7f3a9c']

let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startTestSandbox()
})
afterAll(() => sandbox.stop())

async function writeThroughCore(dataDir: string, folderKey: Buffer | undefined) {
  const core = openCore({
    dataDir,
    folderKey,
    connection: { baseUrl: sandbox.baseUrl, uploadUrl: sandbox.uploadUrl },
    getApiKey: () => sandbox.demoKeys[0]!.key,
    retryPolicy: TEST_RETRY_POLICY,
    timeoutMs: 5000,
    uploadTimeoutMs: 5000,
  })
  await Banks.refreshBanks(core)
  const draft = Drafts.createDraft(core, {
    fraudType: 'money_mule',
    fraudReason: `${REASON_WORDS}, then withdrew everything in cash within the hour.`,
    identifiers: [
      { label: 'bvn', value: BVN },
      { label: 'account', value: `${ACCOUNT}_access-bank` },
      { label: 'phone', value: PHONE },
    ],
  })
  const attachment = Attachments.addAttachment(core, draft.localId, {
    bytes: Buffer.from(`${EVIDENCE}\n`.repeat(40)),
    fileName: 'statement.txt',
  })
  Drafts.saveDraft(core, draft.localId, {
    ...Drafts.getReport(core, draft.localId).draft,
    attachmentIds: [attachment.id],
  })
  expect(Outbox.queueReport(core, draft.localId).ok).toBe(true)
  // A second report only queued, never sent: the outbox holds it in full.
  expect(
    Outbox.submit(core, {
      fraudType: 'hacker',
      fraudReason: `${REASON_WORDS} and phoned the victims pretending to be the bank.`,
      identifiers: [{ label: 'bvn', value: BVN }],
    }).ok,
  ).toBe(true)
  await core.engine.runUntilIdle()
  await Submissions.refreshSubmissions(core)
  await Search.search(core, { identifier: 'bvn', value: BVN })
  return core
}

describe('a data folder at rest', () => {
  it('holds none of the typed BVN, account, phone, reason or evidence bytes in any file', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'casefile-rest-'))
    const keychain = memorySecretBackend()
    const { key, outcome } = await openDataFolder(dataDir, { keychain })
    expect(outcome).toBe('created')
    const open = await writeThroughCore(dataDir, key)
    // While the core runs, with its WAL and shared-memory files beside the database…
    expect(existsSync(join(dataDir, 'casefile.db-wal'))).toBe(true)
    expect(whereFound(dataDir, NEEDLES)).toEqual([])
    await open.close()
    // …and once it stopped.
    expect(whereFound(dataDir, NEEDLES)).toEqual([])
    // And the folder reads back with the key: the data is there, only not in the clear.
    const again = await openDataFolder(dataDir, { keychain })
    expect(again.outcome).toBe('opened')
    const core = openCore({
      dataDir,
      folderKey: again.key,
      connection: { baseUrl: sandbox.baseUrl, uploadUrl: sandbox.uploadUrl },
      getApiKey: () => undefined,
      timeoutMs: TEST_TIMEOUT_MS,
    })
    expect(
      Drafts.listReports(core, { status: 'submitted' }).map((r) => r.draft.identifiers[0]?.value),
    ).toContain(BVN)
    await core.close()
    // An administrator with the key opens it with SQLite3 Multiple Ciphers, as the README says.
    const admin = new Database(join(dataDir, 'casefile.db'), { readonly: true })
    admin.pragma(`cipher = 'aegis'`)
    admin.pragma(`key = "x'${again.key.toString('hex')}'"`)
    const drafts = admin.prepare<[], { draft_json: string }>('SELECT draft_json FROM reports').all()
    admin.close()
    expect(drafts.map((row) => row.draft_json).join()).toContain(BVN)
  })

  it('the scan finds those bytes in a plain folder (so an empty answer above means something)', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'casefile-plain-'))
    const open = await writeThroughCore(dataDir, undefined)
    await open.close()
    const found = whereFound(dataDir, NEEDLES).join('\n')
    for (const needle of NEEDLES) expect(found).toContain(needle)
  })
})
