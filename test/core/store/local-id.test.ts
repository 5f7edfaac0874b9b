import { describe, expect, it } from 'vitest'
import { newLocalId } from '../../../src/core/store/local-id'
import { openDatabase } from '../../../src/core/store/open-database'
import { insertDraft } from '../../../src/core/drafts/drafts-repository'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const UUID_V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

describe('local ids', () => {
  it('are UUIDs version 7, each new one sorting after the last, even many in one millisecond', () => {
    const ids = Array.from({ length: 10_000 }, () => newLocalId())
    for (const id of ids) expect(id).toMatch(UUID_V7)
    expect(new Set(ids).size).toBe(ids.length)
    expect([...ids].sort()).toEqual(ids)
  })

  it('carry the time they were made in their first 48 bits', () => {
    const before = Date.now()
    const id = newLocalId()
    const ms = parseInt(id.replace(/-/g, '').slice(0, 12), 16)
    // A burst may have borrowed a few milliseconds ahead to keep the order.
    expect(ms).toBeGreaterThanOrEqual(before)
    expect(ms).toBeLessThan(Date.now() + 1000)
  })

  it('are what a new draft gets, so reports are indexed in the order they were made', () => {
    const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'casefile-id-')), 'casefile.db'))
    const made = [1, 2, 3].map((n) => insertDraft(db, {}, { now: n }).localId)
    for (const id of made) expect(id).toMatch(UUID_V7)
    const listed = db.prepare('SELECT local_id FROM reports ORDER BY local_id').pluck().all()
    expect(listed).toEqual(made)
    db.close()
  })
})
