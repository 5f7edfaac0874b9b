import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useSandbox } from '../support/use-sandbox'
import { EXIT } from '../../src/cli/exit-codes'
import { closedPortUrl, inspector, uniqueReason } from '../support/core-with-sandbox'
import { runCasefile, sandboxFolder } from './cli-harness'

/* update/unlist check the id first; `casefile outbox retry|discard|requeue` act on items that need attention. */

const registry = useSandbox()
const cli = (args: string[]) => runCasefile(args, { CASEFILE_API_KEY: registry.key })

const configured = (baseUrl = registry.sandbox.baseUrl) =>
  sandboxFolder(cli, { baseUrl, uploadUrl: registry.sandbox.uploadUrl })

function json(dir: string, name: string, body: unknown): string {
  const path = join(dir, name)
  writeFileSync(path, JSON.stringify(body))
  return path
}

const report = (reason: string) => ({
  fraudType: 'money_mule',
  fraudReason: reason,
  identifiers: [{ label: 'phone', value: '0803 555 0101' }],
})

/** A report sent and then unlisted on the registry by a colleague: its next update is refused (409). */
async function refusedUpdate(dataDir: string) {
  const reason = uniqueReason('cli-outbox')
  expect(
    (await cli(['submit', json(dataDir, 'r.json', report(reason)), '--data-dir', dataDir])).code,
  ).toBe(EXIT.ok)
  expect((await cli(['sync', '--until-idle', '--data-dir', dataDir])).code).toBe(EXIT.ok)
  const registryId = (await cli(['submissions', '--refresh', '--data-dir', dataDir, '--json']))
    .json()
    .rows.find((r: { fraudReason: string }) => r.fraudReason === reason).id
  await inspector(registry.sandbox, registry.key).unlistReport(registryId)
  const edit = json(dataDir, 'edit.json', {
    fraudReason: `${reason} More detail about the account.`,
  })
  expect((await cli(['update', registryId, edit, '--data-dir', dataDir])).code).toBe(EXIT.ok)
  const synced = await cli(['sync', '--until-idle', '--data-dir', dataDir, '--json'])
  expect(synced.code).toBe(EXIT.needsAttention)
  const stuck = (await cli(['outbox', '--data-dir', dataDir, '--json'])).json().operations[0]
  expect(stuck).toMatchObject({ kind: 'update_report', state: 'needs_attention' })
  return { registryId, reason, stuck }
}

describe('casefile update/unlist check the id', () => {
  it('refuses an id the registry does not have (exit 1), and queues nothing', async () => {
    const dataDir = await configured()
    const file = json(dataDir, 'u.json', report(uniqueReason('cli-unknown')))
    for (const args of [
      ['update', 'no-such-report', file],
      ['unlist', 'no-such-report'],
    ]) {
      const run = await cli([...args, '--data-dir', dataDir])
      expect(run.code).toBe(EXIT.usage)
      expect(run.stderr).toMatch(
        /registry has no report no-such-report among your organization's reports/,
      )
    }
    expect((await cli(['outbox', '--data-dir', dataDir, '--json'])).json().operations).toEqual([])
  })

  it('offline, refuses an id it cannot check and says to refresh the submissions first', async () => {
    const dataDir = await configured(await closedPortUrl())
    const run = await cli(['unlist', 'not-cached-here', '--data-dir', dataDir])
    expect(run.code).toBe(EXIT.usage)
    expect(run.stderr).toMatch(
      /registry cannot be reached to check it.*casefile submissions --refresh/s,
    )
    expect((await cli(['outbox', '--data-dir', dataDir, '--json'])).json().operations).toEqual([])
  })

  it('an update file keeps the fields it leaves out', async () => {
    const dataDir = await configured()
    const reason = uniqueReason('cli-keep')
    expect(
      (
        await cli([
          'submit',
          json(dataDir, 'r.json', {
            ...report(reason),
            attachments: ['https://example.com/evidence.pdf'],
          }),
          '--data-dir',
          dataDir,
        ])
      ).code,
    ).toBe(EXIT.ok)
    expect((await cli(['sync', '--until-idle', '--data-dir', dataDir])).code).toBe(EXIT.ok)
    const id = (await cli(['submissions', '--refresh', '--data-dir', dataDir, '--json']))
      .json()
      .rows.find((r: { fraudReason: string }) => r.fraudReason === reason).id
    const longer = `${reason} The account was emptied the same night.`
    expect(
      (
        await cli([
          'update',
          id,
          json(dataDir, 'e.json', { fraudReason: longer }),
          '--data-dir',
          dataDir,
        ])
      ).code,
    ).toBe(EXIT.ok)
    expect((await cli(['sync', '--until-idle', '--data-dir', dataDir])).code).toBe(EXIT.ok)
    const onRegistry = await inspector(registry.sandbox, registry.key).decodeSubmission(id)
    expect(onRegistry).toMatchObject({
      fraudReason: longer,
      fraudType: 'money_mule',
      attachments: ['https://example.com/evidence.pdf'],
    })
  })
})

describe('casefile update of a report this folder has never seen', () => {
  it("starts from the registry's copy: what the file leaves out is kept", async () => {
    const elsewhere = await configured()
    const reason = uniqueReason('cli-elsewhere')
    const body = { ...report(reason), attachments: ['https://example.com/scan.pdf'] }
    expect(
      (await cli(['submit', json(elsewhere, 'r.json', body), '--data-dir', elsewhere])).code,
    ).toBe(EXIT.ok)
    expect((await cli(['sync', '--until-idle', '--data-dir', elsewhere])).code).toBe(EXIT.ok)
    const id = (await cli(['submissions', '--refresh', '--data-dir', elsewhere, '--json']))
      .json()
      .rows.find((r: { fraudReason: string }) => r.fraudReason === reason).id

    const here = await configured() // a colleague's laptop: a new folder, no cache
    const longer = `${reason} Confirmed by the bank on a second call.`
    const updated = await cli([
      'update',
      id,
      json(here, 'e.json', { fraudReason: longer }),
      '--data-dir',
      here,
    ])
    expect(updated.code, updated.stderr).toBe(EXIT.ok)
    expect((await cli(['sync', '--until-idle', '--data-dir', here])).code).toBe(EXIT.ok)
    expect(await inspector(registry.sandbox, registry.key).decodeSubmission(id)).toMatchObject({
      fraudReason: longer,
      fraudType: 'money_mule',
      identifiers: [expect.objectContaining({ label: 'phone' })],
      attachments: ['https://example.com/scan.pdf'],
    })
  })
})

describe('casefile outbox retry|discard|requeue', () => {
  it('retry sends a stuck item again; discard drops it and what waits behind it', async () => {
    const dataDir = await configured()
    const { registryId, stuck } = await refusedUpdate(dataDir)
    expect((await cli(['unlist', registryId, '--data-dir', dataDir])).code).toBe(EXIT.ok)

    const retried = await cli([
      'outbox',
      'retry',
      String(stuck.id),
      '--data-dir',
      dataDir,
      '--json',
    ])
    expect(retried.code).toBe(EXIT.ok)
    expect(retried.json().operation).toEqual({
      id: stuck.id,
      kind: 'update_report',
      state: 'queued',
    })
    expect((await cli(['sync', '--until-idle', '--data-dir', dataDir])).code).toBe(
      EXIT.needsAttention,
    ) // still 409

    const discarded = await cli([
      'outbox',
      'discard',
      String(stuck.id),
      '--data-dir',
      dataDir,
      '--json',
    ])
    expect(discarded.code).toBe(EXIT.ok)
    expect(discarded.json().discarded.map((op: { kind: string }) => op.kind)).toEqual([
      'update_report',
      'unlist_report',
    ])
    expect((await cli(['outbox', '--data-dir', dataDir, '--json'])).json().pending).toBe(0)

    const again = await cli(['outbox', 'discard', String(stuck.id), '--data-dir', dataDir])
    expect(again.code).toBe(EXIT.usage)
    expect(again.stderr).toMatch(/was discarded/)
  })

  it("requeue puts new content in the refused item's place, keeping what the file leaves out", async () => {
    const dataDir = await configured()
    const reason = uniqueReason('cli-requeue')
    const created = await cli([
      'submit',
      json(dataDir, 'r.json', {
        ...report(reason),
        identifiers: [{ label: 'account', value: '0123456789_no-such-bank' }],
      }),
      '--data-dir',
      dataDir,
    ])
    // The sandbox's bank list is not cached here, so the registry is the one to refuse the bank (422).
    expect(created.code).toBe(EXIT.ok)
    expect((await cli(['sync', '--until-idle', '--data-dir', dataDir])).code).toBe(
      EXIT.needsAttention,
    )
    const stuck = (await cli(['outbox', '--data-dir', dataDir, '--json'])).json().operations[0]
    expect(stuck).toMatchObject({ kind: 'create_report', state: 'needs_attention' })

    const fix = json(dataDir, 'fix.json', {
      identifiers: [{ label: 'account', value: '0123456789_access-bank' }],
    })
    const requeued = await cli([
      'outbox',
      'requeue',
      String(stuck.id),
      fix,
      '--data-dir',
      dataDir,
      '--json',
    ])
    expect(requeued.code, requeued.stderr).toBe(EXIT.ok)
    expect((await cli(['sync', '--until-idle', '--data-dir', dataDir])).code).toBe(EXIT.ok)
    const rows = (await cli(['submissions', '--refresh', '--data-dir', dataDir, '--json'])).json()
      .rows
    expect(rows.filter((r: { fraudReason: string }) => r.fraudReason === reason)).toHaveLength(1) // reason kept, sent once
  })

  it('says what is wrong with a bad id, a sent item or a bad file, and changes nothing', async () => {
    const dataDir = await configured()
    expect((await cli(['outbox', 'retry', 'abc', '--data-dir', dataDir])).stderr).toMatch(
      /not an outbox item id/,
    )
    expect((await cli(['outbox', 'retry', '999', '--data-dir', dataDir])).stderr).toMatch(
      /no outbox item 999/,
    )
    const { stuck } = await refusedUpdate(dataDir)
    const bad = json(dataDir, 'bad.json', { fraudReason: 'too short' })
    const refused = await cli(['outbox', 'requeue', String(stuck.id), bad, '--data-dir', dataDir])
    expect(refused.code).toBe(EXIT.usage)
    expect(refused.stderr).toMatch(/Not requeued/)
    const local = json(dataDir, 'local.json', { attachments: ['evidence.pdf'] })
    expect(
      (await cli(['outbox', 'requeue', String(stuck.id), local, '--data-dir', dataDir])).stderr,
    ).toMatch(/names files on this computer/)
    expect(
      (await cli(['outbox', '--data-dir', dataDir, '--json'])).json().operations[0],
    ).toMatchObject({ id: stuck.id, state: 'needs_attention' })
  })
})
