import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { coreWorkContract } from '../../../src/shared/contracts/work'
import { createWorkHandlers, type WorkHandlers } from '../../../src/core/work-handlers'
import type { Core } from '../../../src/core/open-core'
import type { RunningSandbox } from '../../../src/sandbox'
import { openTestCore, startTestSandbox } from '../../support/core-with-sandbox'
import { unpack } from '../case-file/case-file-support'

/* Cases over the contract: every answer parses with its channel's output schema. */

let sandbox: RunningSandbox
let core: Core
let handlers: WorkHandlers
beforeAll(async () => {
  sandbox = await startTestSandbox()
  const key = sandbox.demoKeys[0]!.key
  core = openTestCore(sandbox, { key: () => key, timeoutMs: 5000 })
  handlers = createWorkHandlers(() => core)
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

describe('the cases channels', () => {
  it('open a case, add a search and a note, show, list and write its zip where main says', async () => {
    const opened = await call('caseNew', { title: 'From the window', note: 'First note.' })
    if (!opened.ok) throw new Error(opened.message)
    const caseId = opened.case.id
    const added = await call('caseAdd', {
      caseId,
      source: { kind: 'search', type: 'bvn', value: '22212345678' },
    })
    expect(added.ok && added.case.items.map((i) => i.kind)).toEqual(['note', 'search'])
    expect((await call('caseNote', { caseId, text: 'Second note.' })).ok).toBe(true)
    const offer = await call('caseExportOffer', { kind: 'case', caseId })
    if (offer.outcome !== 'offered') throw new Error(offer.message)
    expect(offer.fileName).toMatch(new RegExp(`^${caseId}-\\d{8}-\\d{6}\\.zip$`))
    const path = join(mkdtempSync(join(tmpdir(), 'casefile-chosen-')), offer.fileName)
    const built = await call('caseExportWrite', { what: { kind: 'case', caseId }, path })
    if (built.outcome !== 'written') throw new Error(built.outcome)
    expect(unpack(readFileSync(path)).files).toContain('items/02-search-bvn/registry-answer.json')
    const shown = await call('caseShow', { caseId })
    expect(shown.ok && shown.case.exports.map((e) => [e.file, e.fingerprint])).toEqual([
      [offer.fileName, built.fingerprint],
    ])
    const listed = await call('caseList', undefined)
    expect(listed.find((c) => c.id === caseId)).toMatchObject({
      items: 3,
      title: 'From the window',
    })
  }, 60_000)

  it('answer what the window could not know was wrong with a message, never a throw', async () => {
    expect(await call('caseShow', { caseId: 'case-0000000000' })).toEqual({
      ok: false,
      // The core's words name no command: the window shows them as they are.
      message: 'No case case-0000000000 in this data folder.',
    })
    expect(await call('caseNew', { title: ' ' })).toMatchObject({ ok: false })
    const opened = await call('caseNew', { title: 'Refusals' })
    if (!opened.ok) throw new Error(opened.message)
    expect(await call('caseNote', { caseId: opened.case.id, text: '' })).toEqual({
      ok: false,
      message: 'The note is empty: write what it should say.',
    })
    expect(
      await call('caseAdd', { caseId: opened.case.id, source: { kind: 'alert', alertId: 77 } }),
    ).toMatchObject({ ok: false, message: expect.stringMatching(/No watch alert 77/) })
    expect(
      await call('caseExportWrite', {
        what: { kind: 'case', caseId: 'case-0000000000' },
        path: join(tmpdir(), 'never-written.zip'),
      }),
    ).toMatchObject({ outcome: 'refused' })
  })
})
