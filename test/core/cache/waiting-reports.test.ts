import { describe, expect, it } from 'vitest'
import { onFileFromCache } from '../../../src/core/search/on-file'
import { searchOffline } from '../../../src/core/search/offline-search'
import { upsertRegistryReports } from '../../../src/core/cache/reports-cache'
import { insertDraft, setReportStatus } from '../../../src/core/drafts/drafts-repository'
import { markDone } from '../../../src/core/outbox/operation-transitions'
import { dropOperation } from '../../../src/core/outbox/outbox-actions'
import { queueUpdateWith } from '../../../src/core/outbox/queue-change'
import { queueReportWith } from '../../../src/core/outbox/queue-create'
import { REASON, reportRecord, tempDatabase } from './cache-fixtures'

const T1 = Date.parse('2026-03-05T12:00:00.000Z')
const T2 = Date.parse('2026-03-06T12:00:00.000Z')

/** Queues a report with these identifiers in the outbox (nothing is sent: no engine runs). */
function queued(
  db: ReturnType<typeof tempDatabase>,
  identifiers: { label: string; value: string }[],
) {
  const draft = insertDraft(
    db,
    { fraudType: 'money_mule', fraudReason: REASON, identifiers },
    { now: T1 },
  )
  const result = queueReportWith(db, draft.localId, { now: T1 })
  if (!result.ok) throw new Error(result.message)
  return result
}

describe("what waits in this computer's outbox, in offline answers", () => {
  it('answers a search with the reports not yet sent, in whichever spelling they were typed', () => {
    const db = tempDatabase()
    const waiting = queued(db, [
      { label: 'phone', value: '+234 803 123 4567' },
      { label: 'account', value: '0000014579_first-bank' },
    ])
    const answer = searchOffline(db, { identifier: 'phone', value: '8031234567' }, T2)
    expect(answer.reports).toEqual([])
    expect(answer.waiting).toEqual([
      {
        localId: waiting.report.localId,
        registryId: null,
        fraudType: 'money_mule',
        fraudReason: REASON,
        identifiers: [
          { label: 'phone', value: '+234 803 123 4567' },
          { label: 'account', value: '0000014579_first-bank' },
        ],
        queuedAt: '2026-03-05T12:00:00.000Z',
        matchedAs: ['+234 803 123 4567'],
      },
    ])
    // Every offline answer is as of a time, even with nothing from the registry saved.
    expect(answer.asOf).toEqual({ outbox: '2026-03-06T12:00:00.000Z' })
    expect(searchOffline(db, { identifier: 'phone', value: '08031234568' }).waiting).toEqual([])
    expect(searchOffline(db, { identifier: 'account_name', value: '08031234567' }).waiting).toEqual(
      [],
    )
  })

  it('shows them in "Already on file" as not yet sent, beside what the registry has', () => {
    const db = tempDatabase()
    upsertRegistryReports(db, 'report', [reportRecord({ id: 'theirs', companyId: 'cmp_other' })], {
      own: false,
      seenAt: T1,
    })
    const waiting = queued(db, [{ label: 'phone', value: '08031234567' }])
    const answer = onFileFromCache(db, { identifier: 'phone', value: '+2348031234567' })
    expect(answer.matches.map((m) => [m.kind, m.id])).toEqual([
      ['report', 'theirs'],
      ['unsent', waiting.report.localId],
    ])
    expect(answer.matches[1]).toMatchObject({ own: true, fraudType: 'money_mule' })
  })

  it('leaves a report out once it is sent, or when its create is discarded', () => {
    const db = tempDatabase()
    const sent = queued(db, [{ label: 'bvn', value: '22212345678' }])
    const discarded = queued(db, [{ label: 'bvn', value: '22212345678' }])
    const query = { identifier: 'bvn' as const, value: '222 1234 5678' }
    expect(searchOffline(db, query).waiting).toHaveLength(2)
    const create = sent.operations[0]!
    markDone(db, create.id, { id: 'rep_sent' }, T2)
    setReportStatus(db, sent.report.localId, 'submitted', T2, 'rep_sent')
    dropOperation(db, discarded.operations[0]!.id, T2)
    expect(searchOffline(db, query).waiting).toEqual([])
  })

  it('includes an update not yet sent that adds the identifier to a report of the registry', () => {
    const db = tempDatabase()
    const update = queueUpdateWith(
      db,
      'rep_on_registry',
      {
        fraudType: 'hacker',
        fraudReason: REASON,
        identifiers: [{ label: 'email', value: 'Mule@Example.com' }],
      },
      { now: T1 },
    )
    if (!update.ok) throw new Error(update.message)
    const answer = searchOffline(db, { identifier: 'email', value: 'mule@example.com' })
    expect(answer.waiting).toEqual([
      expect.objectContaining({ registryId: 'rep_on_registry', matchedAs: ['Mule@Example.com'] }),
    ])
  })
})
