import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useSandbox } from '../support/use-sandbox'
import { EXIT } from '../../src/cli/exit-codes'
import { inspector, uniqueReason } from '../support/core-with-sandbox'
import { reportFile, runCasefile, sandboxFolder } from './cli-harness'

/*
 * `casefile update ID FILE` while the registry cannot give its copy of the report: the update
 * starts from the cache, which must hold the attachments the report was sent with (the
 * registry's answer to a create does not list them).
 */

const registry = useSandbox()

const cli = (args: string[]) => runCasefile(args, { CASEFILE_API_KEY: registry.key })

describe('casefile update while the registry cannot give its copy', () => {
  it('keeps the attachment of a report submitted from this folder', async () => {
    const dataDir = await sandboxFolder(cli, registry.sandbox)
    const reportPath = reportFile(dataDir, {
      fraudReason: uniqueReason('cli offline update'),
      showUploaderInfo: true,
    })
    expect((await cli(['submit', reportPath, '--data-dir', dataDir])).code).toBe(EXIT.ok)
    expect((await cli(['sync', '--until-idle', '--data-dir', dataDir])).code).toBe(EXIT.ok)
    const list = await inspector(registry.sandbox, registry.key).listSubmissions({ limit: 100 })
    const reason = (JSON.parse(readFileSync(reportPath, 'utf8')) as { fraudReason: string })
      .fraudReason
    const sent = list.data.find((r) => r.fraudReason === reason)!
    expect(sent.attachments).toHaveLength(1)

    const changePath = join(dataDir, 'change.json')
    const newReason = uniqueReason('changed while the registry could not answer')
    writeFileSync(changePath, JSON.stringify({ fraudReason: newReason }))
    registry.sandbox.setFaults([{ kind: 'error', status: 503, route: 'decode' }])
    let queued
    try {
      queued = await cli(['update', sent.id, changePath, '--data-dir', dataDir])
    } finally {
      registry.sandbox.clearFaults()
    }
    expect(queued.code).toBe(EXIT.ok)
    expect((await cli(['sync', '--until-idle', '--data-dir', dataDir])).code).toBe(EXIT.ok)
    const after = await inspector(registry.sandbox, registry.key).decodeSubmission(sent.id)
    expect(after).toMatchObject({
      fraudReason: newReason,
      fraudType: 'money_mule',
      attachments: sent.attachments,
    })
    expect(String(after.showUploaderInfo)).toBe('true')
  })
})
