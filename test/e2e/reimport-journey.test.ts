import { mkdtempSync, readFileSync, existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { expectAccessible } from './axe'
import { goTo, REASON, see, useDesk } from './desk'

const HEADER = 'fraud_type,fraud_reason,show_uploader_info,email'
const row = (type: string, reason: string, email: string) => `${type},"${reason}",,${email}`
const ROW_A = row('money_mule', `${REASON} Row A.`, 'reimport.a@example.com')
const ROW_B = row('hacker', `${REASON} Row B.`, 'reimport.b@example.com')
const ROW_C_BAD = row('money_mule', 'Too short.', 'reimport.c@example.com')
const ROW_C_FIXED = row(
  'money_mule',
  `${REASON} Row C, its reason written in full.`,
  'reimport.c@example.com',
)

const savedTo = join(mkdtempSync(join(tmpdir(), 'casefile-rows-to-fix-')), 'cases-to-fix.xlsx')
const savedCsv = join(mkdtempSync(join(tmpdir(), 'casefile-rows-to-fix-')), 'cases-to-fix.csv')
let answerWith = savedTo

async function choose(page: Page, name: string, lines: string[]): Promise<void> {
  await goTo(page, 'Bulk import')
  await page.getByLabel('Choose a spreadsheet').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from([HEADER, ...lines].join('\n')),
  })
  await see(page, `Preview of ${name}`)
}

/*
 * Issue 27, item 7: importing a spreadsheet again once its bad rows are fixed reads as what it
 * is (the rows already submitted are skipped, not problems), and the window saves the rows to
 * fix as a spreadsheet, through main's own save dialog, as `casefile import --rejected-out` does.
 */
describe('a spreadsheet imported again, in Chromium', { timeout: 90_000 }, () => {
  const session = useDesk({ chooseSavePath: () => answerWith })

  it('queues the good rows of a file with a bad one', async () => {
    const { page } = session.desk
    await choose(page, 'cases.csv', [ROW_A, ROW_B, ROW_C_BAD])
    await see(page, '3 rows: 2 valid, 1 with problems.')
    await page.getByRole('button', { name: 'Queue the 2 valid rows' }).click()
    await see(page, 'Queued from cases.csv')
    await see(page, '0 pending', 30_000)
  })

  it('the fixed file reads as one row to queue and two already submitted, not as problems', async () => {
    const { page } = session.desk
    await choose(page, 'cases.csv', [ROW_A, ROW_B, ROW_C_FIXED])
    await see(page, '3 rows: 1 valid, 2 already submitted, 0 with problems.')
    const rows = page.getByRole('list', { name: 'Rows skipped' })
    await rows.getByText(/Already submitted\s+rows 2-3: nothing to fix\./).waitFor()
    // Nothing red, no table of "problems", no line starting with a stray ": ".
    expect(await page.locator('.state-needs_attention').count()).toBe(0)
    expect(await page.getByRole('table', { name: 'Rows to fix' }).count()).toBe(0)
    const text = await page.getByRole('main').innerText()
    expect(text).not.toMatch(/(^|\n)\s*:\s/)
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Queue the 1 valid row' }).click()
    await see(page, /3 rows: 1 queued, 2 already submitted, 0 with problems\./)
    await see(page, '0 pending', 30_000)
  })

  it('saves the rows to fix where the person chooses, each as it was with what to fix', async () => {
    const { page } = session.desk
    const ROW_D_BAD = row('hacker', 'Short.', 'reimport.d@example.com')
    await choose(page, 'more cases.csv', [ROW_A, ROW_D_BAD])
    await see(page, '2 rows: 0 valid, 1 already submitted, 1 with problems.')
    const toFix = page.getByRole('table', { name: 'Rows to fix' })
    await toFix.getByText(/it needs at least 50/).waitFor()
    await page.getByRole('button', { name: 'Save the row to fix…' }).click()
    await see(page, /Saved 1 row to fix in cases-to-fix\.xlsx/)
    expect(existsSync(savedTo)).toBe(true)
    expect(readFileSync(savedTo).subarray(0, 2).toString()).toBe('PK')
    await expectAccessible(page)
    // A name ending in .csv is written as CSV: the row as it was, its number and what to fix.
    answerWith = savedCsv
    await page.getByRole('button', { name: 'Save the row to fix…' }).click()
    await see(page, /Saved 1 row to fix in cases-to-fix\.csv/)
    const csv = readFileSync(savedCsv, 'utf8')
    expect(csv).toContain('reimport.d@example.com')
    expect(csv).toMatch(/at least 50/)
    expect(csv).not.toContain('reimport.a@example.com')
  })
})
