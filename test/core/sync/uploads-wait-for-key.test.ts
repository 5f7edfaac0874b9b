// Evidence goes to {upload_url}, which takes no key. A data folder with no key for its registry
// (handed over, or an address confirmed before the key was pasted) used to upload the decrypted
// attachments anyway. Uploads now wait until a keyed call has succeeded with the key (issue 26,
// item 2).
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningSandbox } from '../../../src/sandbox'
import { openTestCore, startTestSandbox } from '../../support/core-with-sandbox'
import { PDF_BYTES } from '../../support/temp-store'
import * as Drafts from '../../../src/core/drafts/drafts'
import * as Attachments from '../../../src/core/drafts/attachments'
import * as Outbox from '../../../src/core/outbox/outbox'

let sandbox: RunningSandbox
beforeAll(async () => {
  sandbox = await startTestSandbox()
})
afterAll(() => sandbox.stop())

const uploads = () => readdirSync(join(sandbox.dataDir, 'uploads')).length

function queueWithEvidence(core: ReturnType<typeof openTestCore>, label: string) {
  const content = {
    fraudType: 'money_mule',
    fraudReason: `Case ${label} ${Date.now()}: the customer was tricked into sending money to a fake agent.`,
    identifiers: [{ label: 'phone', value: '08031234567' }],
    showUploaderInfo: true,
  }
  const draft = Drafts.createDraft(core, content)
  const pdf = Attachments.addAttachment(core, draft.localId, {
    fileName: 'statement.pdf',
    bytes: PDF_BYTES,
  })
  Drafts.saveDraft(core, draft.localId, { ...content, attachmentIds: [pdf.id] })
  expect(Outbox.queueReport(core, draft.localId).ok).toBe(true)
}

describe('uploads wait for the key', () => {
  it('with no key, no file leaves: the queue pauses asking for one', async () => {
    const before = uploads()
    const core = openTestCore(sandbox, { key: () => undefined })
    queueWithEvidence(core, 'no key')
    const summary = await core.engine.runOnce()
    expect(summary.paused).toMatchObject({ reason: 'unauthorized' })
    expect(uploads()).toBe(before)
    await core.close()
  })

  it('with a refused key, no file leaves either', async () => {
    const before = uploads()
    const core = openTestCore(sandbox, { key: () => 'sbx_refused_key_000000000000000000000000' })
    queueWithEvidence(core, 'refused key')
    const summary = await core.engine.runOnce()
    expect(summary.paused).toMatchObject({ reason: 'unauthorized' })
    expect(uploads()).toBe(before)
    await core.close()
  })

  it('with the right key, the evidence and the report go out', async () => {
    const before = uploads()
    const key = sandbox.demoKeys[0]?.key as string
    const core = openTestCore(sandbox, { key: () => key })
    queueWithEvidence(core, 'right key')
    const summary = await core.engine.runOnce()
    expect(summary.paused).toBeNull()
    expect(summary.reports).toBe(1)
    expect(uploads()).toBe(before + 1)
    await core.close()
  })
})
