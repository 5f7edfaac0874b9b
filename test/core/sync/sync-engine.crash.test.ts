import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useSandbox } from '../../support/use-sandbox'
import { openCore } from '../../../src/core/open-core'
import { inspector, testFolderKey } from '../../support/core-with-sandbox'
import { PDF_BYTES } from '../../support/temp-store'
import { startSyncChild } from '../../support/sync-child-process'
import * as Drafts from '../../../src/core/drafts/drafts'
import * as Attachments from '../../../src/core/drafts/attachments'
import * as Outbox from '../../../src/core/outbox/outbox'

/*
 * Crash test: a child process syncing 200 queued reports (attachments, updates that add and
 * remove attachments, and unlists mixed in, some queued by this process while the child runs) is killed with SIGKILL at 20
 * random moments and started again each time. At the end the registry holds each report
 * exactly once, in its final state, and the database passes integrity_check. It runs once
 * more, shorter, with this computer's clock (the child's and this process's) 2 hours ahead of
 * the registry's, and once 3 days behind (issue 24: time from the registry, not the laptop).
 */

const HOUR = 60 * 60 * 1000
const RUNS = [
  { clock: 'right', skewMs: 0, reports: 200, kills: 20 },
  { clock: '2 h ahead', skewMs: 2 * HOUR, reports: 100, kills: 10 },
  { clock: '3 days behind', skewMs: -72 * HOUR, reports: 100, kills: 10 },
]
const SEED = Number(process.env['CRASH_SEED'] ?? 20261122)

/** A small seeded generator (mulberry32), so a failing run can be repeated with CRASH_SEED. */
function seeded(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const registry = useSandbox()

describe.each(RUNS)('crash test, clock $clock', ({ skewMs, reports: REPORTS, kills: KILLS }) => {
  const reasonOf = (i: number) =>
    `Crash-test report ${i} (clock ${skewMs}): the account received stolen funds from several victims of a phishing campaign.`
  const draftOf = (i: number, fraudType = 'money_mule') => ({
    fraudType,
    fraudReason: reasonOf(i),
    identifiers: [{ label: 'account', value: `${String(1_000_000_000 + i)}_access-bank` }],
  })
  const startChild = (dataDir: string) =>
    startSyncChild(registry.sandbox, { dataDir, apiKey: registry.key, clockSkewMs: skewMs })
  // The rounds after which this process edits and unlists (5, 12 and 9 of 20).
  const [editRound, secondEditRound, unlistRound] = [0.25, 0.6, 0.45].map((share) =>
    Math.floor(KILLS * share),
  )

  it(`${REPORTS} reports survive ${KILLS} SIGKILLs mid-sync: each on the registry once, in its final state`, async () => {
    const random = seeded(SEED)
    const dataDir = mkdtempSync(join(tmpdir(), 'casefile-crash-'))
    const core = openCore({
      clock: { now: () => Date.now() + skewMs },
      dataDir,
      folderKey: testFolderKey(dataDir), // the encrypted folder the app keeps
      connection: { baseUrl: registry.sandbox.baseUrl, uploadUrl: registry.sandbox.uploadUrl },
      getApiKey: () => registry.key,
    })
    const localIds: string[] = []
    for (let i = 0; i < REPORTS; i++) {
      const draft = Drafts.createDraft(core, draftOf(i))
      if (i % 5 === 0) {
        const attachment = Attachments.addAttachment(core, draft.localId, {
          bytes: PDF_BYTES,
          fileName: `evidence-${i}.pdf`,
        })
        Drafts.saveDraft(core, draft.localId, { ...draftOf(i), attachmentIds: [attachment.id] })
      }
      const queued = Outbox.queueReport(core, draft.localId)
      if (!queued.ok) throw new Error(queued.message)
      localIds.push(draft.localId)
    }

    const finalType = new Map<number, string>()
    const attachmentCount = new Map<number, number>()
    for (let i = 0; i < REPORTS; i++) attachmentCount.set(i, i % 5 === 0 ? 1 : 0)
    const unlisted = new Set<number>()
    let kills = 0
    // Every request takes a little while, so the child always has requests in flight: each kill
    // lands mid-sync whatever the machine's speed, not after the work ran out.
    registry.sandbox.setFaults([{ kind: 'latency', ms: 100 }])
    const doneCount = () =>
      (
        core.db.prepare("SELECT count(*) AS n FROM operations WHERE state = 'done'").get() as {
          n: number
        }
      ).n
    for (let round = 0; round < KILLS; round++) {
      const { child, exited } = startChild(dataDir)
      let finished = false
      void exited.then(() => (finished = true))
      // Kill only once this child has committed progress, then at a random moment after it.
      const before = doneCount()
      while (!finished && doneCount() === before)
        await new Promise((resolve) => setTimeout(resolve, 10))
      await new Promise((resolve) => setTimeout(resolve, Math.floor(random() * 150)))
      if (!finished) {
        child.kill('SIGKILL')
        kills++
      }
      await exited
      // Meanwhile the "user" keeps working in the same data folder, from this process.
      if (round === editRound || round === secondEditRound) {
        for (let i = round; i < REPORTS; i += 9) {
          const type = round === editRound ? 'identity_theft' : 'fraudulent_loan'
          if (unlisted.has(i)) continue
          // An edit as the user makes it: the current draft (attachments included) with a new
          // type; some edits add a file, others remove every file.
          const current = Drafts.getReport(core, localIds[i]!).draft
          let attachmentIds = current.attachmentIds
          let attachmentUrls = current.attachmentUrls
          const adds = round === editRound && i % 2 === 0
          const removes = round === secondEditRound && i % 3 === 0
          if (adds)
            attachmentIds = [
              ...attachmentIds,
              Attachments.addAttachment(core, localIds[i]!, {
                bytes: Buffer.concat([PDF_BYTES, Buffer.from(`% added to report ${i}\n`)]),
                fileName: `added-${i}.pdf`,
              }).id,
            ]
          if (removes) [attachmentIds, attachmentUrls] = [[], []]
          const result = Outbox.queueUpdate(core, localIds[i]!, {
            ...current,
            attachmentIds,
            attachmentUrls,
            fraudType: type,
          })
          if (result.ok) {
            finalType.set(i, type)
            if (adds) attachmentCount.set(i, (attachmentCount.get(i) ?? 0) + 1)
            if (removes) attachmentCount.set(i, 0)
          }
        }
      }
      if (round === unlistRound) {
        for (let i = 3; i < REPORTS; i += 17)
          if (Outbox.queueUnlist(core, localIds[i]!).ok) unlisted.add(i)
      }
    }
    expect(kills).toBe(KILLS) // every round was cut short mid-sync, none ran out of work

    registry.sandbox.clearFaults()
    const last = startChild(dataDir)
    expect(await last.exited).toBe(0)

    expect(Outbox.outbox(core).pending).toBe(0)
    expect(core.db.pragma('integrity_check', { simple: true })).toBe('ok')

    const client = inspector(registry.sandbox, registry.key)
    const onRegistry = new Map<string, string[]>()
    for (let page = 1; ; page++) {
      const { data, meta } = await client.listSubmissions({ page, limit: 100 })
      for (const record of data)
        onRegistry.set(record.fraudReason ?? '', [
          ...(onRegistry.get(record.fraudReason ?? '') ?? []),
          record.id,
        ])
      if (page * meta.limit >= meta.total) break
    }
    for (let i = 0; i < REPORTS; i++) {
      const ids = onRegistry.get(reasonOf(i)) ?? []
      expect(ids, `report ${i}`).toHaveLength(1)
      const local = Drafts.getReport(core, localIds[i]!)
      expect(local.registryId).toBe(ids[0])
      const record = await client.decodeSubmission(ids[0]!)
      expect(record.fraudType, `report ${i} type`).toBe(finalType.get(i) ?? 'money_mule')
      expect(record.listingStatus, `report ${i} listing`).toBe(
        unlisted.has(i) ? 'unlisted' : 'listed',
      )
      expect(record.attachments ?? [], `report ${i} attachments`).toHaveLength(
        attachmentCount.get(i) ?? 0,
      )
    }
    await core.close()
  }, 240_000)
})
