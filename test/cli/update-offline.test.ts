import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useSandbox } from '../support/use-sandbox'
import { runCli } from '../../src/cli/main'
import { EXIT } from '../../src/cli/exit-codes'
import { inspector, uniqueReason } from '../support/core-with-sandbox'
import { PDF_BYTES } from '../support/temp-store'
import { cliFolderKeychain, sandboxFolder } from './cli-harness'

/*
 * `casefile update ID FILE` while the registry cannot give its copy of the report: the update
 * starts from the cache, which must hold the attachments the report was sent with (the
 * registry's answer to a create does not list them).
 */

const registry = useSandbox()

async function cli(args: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await runCli(args, {
    io: { out: (l) => out.push(l), err: (l) => err.push(l) },
    env: { CASEFILE_API_KEY: registry.key },
    folderKeychain: cliFolderKeychain,
  })
  return { code, stdout: out.join('\n'), stderr: err.join('\n') }
}

describe('casefile update while the registry cannot give its copy', () => {
  it('keeps the attachment of a report submitted from this folder', async () => {
    const dataDir = await sandboxFolder(cli, registry.sandbox)
    writeFileSync(join(dataDir, 'evidence.pdf'), PDF_BYTES)
    const reportPath = join(dataDir, 'report.json')
    writeFileSync(
      reportPath,
      JSON.stringify({
        fraudType: 'money_mule',
        fraudReason: uniqueReason('cli offline update'),
        identifiers: [{ label: 'phone', value: '08031234567' }],
        attachments: ['evidence.pdf'],
        showUploaderInfo: true,
      }),
    )
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
