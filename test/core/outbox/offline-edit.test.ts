import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Core } from '../../../src/core/open-core'
import type { RunningSandbox } from '../../../src/sandbox'
import {
  inspector,
  openTestCore,
  startTestSandbox,
  uniqueReason,
} from '../../support/core-with-sandbox'
import { PDF_BYTES } from '../../support/temp-store'
import * as Drafts from '../../../src/core/drafts/drafts'
import * as Attachments from '../../../src/core/drafts/attachments'
import * as Outbox from '../../../src/core/outbox/outbox'

/*
 * An edit made while the registry cannot give its copy starts from the cache. The registry's
 * answer to a create or update carries no attachments and no showUploaderInfo, so the cache
 * must keep what was sent: otherwise an offline edit of a report sent from here goes out with
 * attachments: [] (the registry replaces the whole report on PUT), or brings back files the
 * last update removed. Core over real HTTP against the sandbox registry.
 */

let sandbox: RunningSandbox
let key: string
let core: Core
beforeAll(async () => {
  sandbox = await startTestSandbox()
  key = sandbox.demoKeys[0]!.key
  core = openTestCore(sandbox, { key: () => key })
})
afterAll(async () => {
  await core.close()
  await sandbox.stop()
})

const base = (reason: string) => ({
  fraudType: 'money_mule',
  fraudReason: reason,
  identifiers: [{ label: 'phone', value: '08031234567' }],
  showUploaderInfo: true,
})

/** The registry cannot answer reads of single reports while `work` runs (503 on decode). */
async function withDecodeDown<T>(work: () => Promise<T>): Promise<T> {
  sandbox.setFaults([{ kind: 'error', status: 503, route: 'decode' }])
  try {
    return await work()
  } finally {
    sandbox.clearFaults()
  }
}

describe('an edit made while the registry cannot give its copy', () => {
  it('keeps the attachments and settings the report has, and none it no longer has', async () => {
    const reason = uniqueReason('offline-edit')
    const draft = Drafts.createDraft(core, base(reason))
    const pdf = Attachments.addAttachment(core, draft.localId, {
      bytes: PDF_BYTES,
      fileName: 'statement.pdf',
    })
    const txt = Attachments.addAttachment(core, draft.localId, {
      bytes: new TextEncoder().encode(`call log ${reason}\n`),
      fileName: 'calls.txt',
    })
    Drafts.saveDraft(core, draft.localId, { ...base(reason), attachmentIds: [pdf.id, txt.id] })
    expect(Outbox.queueReport(core, draft.localId).ok).toBe(true)
    await core.engine.runUntilIdle()
    const registryId = Drafts.getReport(core, draft.localId).registryId!
    const client = inspector(sandbox, key)
    const links = (await client.decodeSubmission(registryId)).attachments!
    expect(links).toHaveLength(2)

    // Sent from here, never refreshed: the cache has only what the create's answer said.
    const offline = await withDecodeDown(() => Outbox.freshestContent(core, draft.localId))
    expect([...(offline.attachmentUrls ?? [])].sort()).toEqual([...links].sort())
    expect(offline.showUploaderInfo).toBe(true)
    const newReason = uniqueReason('changed offline')
    expect(Outbox.queueUpdate(core, draft.localId, { ...offline, fraudReason: newReason }).ok).toBe(
      true,
    )
    await core.engine.runUntilIdle()
    const afterFirst = await client.decodeSubmission(registryId)
    expect(afterFirst).toMatchObject({ fraudReason: newReason, fraudType: 'money_mule' })
    expect([...afterFirst.attachments!].sort()).toEqual([...links].sort())
    expect(String(afterFirst.showUploaderInfo)).toBe('true')

    // Online, one file is removed; the next offline edit must not bring it back.
    const online = await Outbox.freshestContent(core, draft.localId)
    const kept = links.find((l) => l !== links[0])!
    expect(
      Outbox.queueUpdate(core, draft.localId, {
        ...online,
        attachmentUrls: [kept],
        attachmentIds: [],
      }).ok,
    ).toBe(true)
    await core.engine.runUntilIdle()
    expect((await client.decodeSubmission(registryId)).attachments).toEqual([kept])

    const later = await withDecodeDown(() => Outbox.freshestContent(core, draft.localId))
    expect(later.attachmentUrls).toEqual([kept])
    expect(Outbox.queueUpdate(core, draft.localId, { ...later, fraudType: 'hacker' }).ok).toBe(true)
    await core.engine.runUntilIdle()
    expect(await client.decodeSubmission(registryId)).toMatchObject({
      fraudType: 'hacker',
      fraudReason: newReason,
      attachments: [kept],
    })
  })
})
