// "Already submitted" is the organization's answer, not one data folder's: two laptops of one
// organization importing the same spreadsheet must not create its reports twice (issue 24, 17).
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importSpreadsheet } from '../../../src/core/import/import-spreadsheet'
import {
  closedPortUrl,
  openTestCore,
  submissionsWithReason,
  uniqueReason,
} from '../../support/core-with-sandbox'
import { useSandbox } from '../../support/use-sandbox'
import * as Submissions from '../../../src/core/submissions/submissions'

const registry = useSandbox()

/** A spreadsheet of one report (no bank cell, so no bank list is needed), in `dir`. */
function oneRowFile(dir: string, reason: string): string {
  const file = join(dir, 'cases.csv')
  writeFileSync(
    file,
    ['fraud_type,fraud_reason,phone', `money_mule,"${reason}",08031234567`].join('\n'),
  )
  return file
}

describe('"already submitted" asks the registry, not this data folder alone', () => {
  it('a row another data folder of the organization sent is recognised, and not created twice', async () => {
    const reason = uniqueReason('two-folders')
    const first = openTestCore(registry.sandbox, { key: () => registry.key })
    const second = openTestCore(registry.sandbox, { key: () => registry.key })
    try {
      // The second laptop has looked at the organization's submissions before: its cache is
      // not empty, only older than the first laptop's report.
      await Submissions.refreshSubmissions(second)

      const sent = await importSpreadsheet(first, { path: oneRowFile(first.dataDir, reason) })
      expect(sent.totals.queued).toBe(1)
      await first.engine.runUntilIdle()
      expect(await submissionsWithReason(registry.sandbox, registry.key, reason)).toHaveLength(1)

      const again = await importSpreadsheet(second, { path: oneRowFile(second.dataDir, reason) })
      expect(again.totals).toMatchObject({ dataRows: 1, queued: 0, rejected: 1 })
      expect(again.rejected[0]).toMatchObject({
        rowNumber: 2,
        reason: 'already_submitted',
        errors: [{ message: expect.stringMatching(/already sent to the registry/) }],
      })
      expect(again.fileProblems).toEqual([])
      await second.engine.runUntilIdle()
      expect(await submissionsWithReason(registry.sandbox, registry.key, reason)).toHaveLength(1)
    } finally {
      await first.close()
      await second.close()
    }
  })

  it('the dry run asks the registry too', async () => {
    const reason = uniqueReason('two-folders-dry')
    const first = openTestCore(registry.sandbox, { key: () => registry.key })
    const second = openTestCore(registry.sandbox, { key: () => registry.key })
    try {
      await importSpreadsheet(first, { path: oneRowFile(first.dataDir, reason) })
      await first.engine.runUntilIdle()
      const preview = await importSpreadsheet(
        second,
        { path: oneRowFile(second.dataDir, reason) },
        { dryRun: true },
      )
      expect(preview.queued).toEqual([])
      expect(preview.rejected[0]).toMatchObject({ reason: 'already_submitted' })
    } finally {
      await first.close()
      await second.close()
    }
  })

  it('when the registry cannot be asked, the import says the rows were checked against this computer only', async () => {
    const offline = openTestCore(registry.sandbox, {
      key: () => registry.key,
      connection: { baseUrl: await closedPortUrl(), uploadUrl: await closedPortUrl() },
    })
    try {
      const outcome = await importSpreadsheet(offline, {
        path: oneRowFile(offline.dataDir, uniqueReason('offline-check')),
      })
      expect(outcome.totals.queued).toBe(1)
      expect(outcome.fileProblems).toEqual([
        expect.objectContaining({
          code: 'submissions_not_checked',
          blocking: false,
          message: expect.stringMatching(
            /could not be asked .*this computer's copy of the organization's submissions \(never fetched\)/,
          ),
        }),
      ])
    } finally {
      await offline.close()
    }
  })
})
