// Two sealed attachments swapped on disk each decrypt whole (the seal covers a file, not which
// attachment it is): each report would go out with the other's evidence. The copy is checked
// against the hash it was kept under before it is sent (issue 26, item 1).
import { randomBytes } from 'node:crypto'
import { mkdtempSync, renameSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readdirSync } from 'node:fs'
import { AttachmentFiles, AttachmentMismatchError } from '../../../src/core/drafts/attachment-files'
import { attachmentKeys } from '../../../src/core/drafts/attachment-cipher'
import { createHash } from 'node:crypto'
import type { RunningSandbox } from '../../../src/sandbox'
import { openTestCore, startTestSandbox } from '../../support/core-with-sandbox'
import { PDF_BYTES } from '../../support/temp-store'
import * as Drafts from '../../../src/core/drafts/drafts'
import * as Attachments from '../../../src/core/drafts/attachments'
import * as Outbox from '../../../src/core/outbox/outbox'

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

describe('swapped evidence', () => {
  it('a kept copy swapped with another is refused when read, not returned as the other', () => {
    const files = new AttachmentFiles(
      mkdtempSync(join(tmpdir(), 'casefile-att-')),
      attachmentKeys(randomBytes(32)),
    )
    const a = Buffer.from('statement of account A')
    const b = Buffer.from('statement of account B')
    files.write(sha(a), a)
    files.write(sha(b), b)
    expect(files.read(sha(a)).equals(a)).toBe(true)
    const [pa, pb] = [files.pathOf(sha(a)), files.pathOf(sha(b))]
    renameSync(pa, `${pa}.x`)
    renameSync(pb, pa)
    renameSync(`${pa}.x`, pb)
    expect(() => files.read(sha(a))).toThrow(AttachmentMismatchError)
    expect(() => files.read(sha(b))).toThrow(AttachmentMismatchError)
  })

  describe('through a sync', () => {
    let sandbox: RunningSandbox
    beforeAll(async () => {
      sandbox = await startTestSandbox()
    })
    afterAll(() => sandbox.stop())

    it('sends neither report nor its evidence, and says why', async () => {
      const key = sandbox.demoKeys[0]?.key as string
      const core = openTestCore(sandbox, { key: () => key })
      const pdfA = Buffer.concat([PDF_BYTES, Buffer.from('% A')])
      const pdfB = Buffer.concat([PDF_BYTES, Buffer.from('% B')])
      for (const [bytes, name] of [
        [pdfA, 'a.pdf'],
        [pdfB, 'b.pdf'],
      ] as const) {
        const content = {
          fraudType: 'money_mule',
          fraudReason: `Case ${name} ${Date.now()}: the customer was tricked into sending money to a fake agent.`,
          identifiers: [{ label: 'phone', value: '08031234567' }],
          showUploaderInfo: true,
        }
        const draft = Drafts.createDraft(core, content)
        const attached = Attachments.addAttachment(core, draft.localId, { fileName: name, bytes })
        Drafts.saveDraft(core, draft.localId, { ...content, attachmentIds: [attached.id] })
        expect(Outbox.queueReport(core, draft.localId).ok).toBe(true)
      }
      const [pa, pb] = [core.files.pathOf(sha(pdfA)), core.files.pathOf(sha(pdfB))]
      renameSync(pa, `${pa}.x`)
      renameSync(pb, pa)
      renameSync(`${pa}.x`, pb)
      await core.engine.runOnce()
      const attention = Outbox.outbox(core).operations.filter(
        (op) => op.state === 'needs_attention',
      )
      expect(attention.map((op) => op.kind).sort()).toEqual([
        'upload_attachment',
        'upload_attachment',
      ])
      expect(attention[0]?.lastError?.message).toMatch(
        /not the file that was attached|does not match/,
      )
      // Nothing reached the registry's uploads.
      expect(readdirSync(join(sandbox.dataDir, 'uploads')).length).toBe(0)
      await core.close()
    })
  })
})
