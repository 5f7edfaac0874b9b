import { describe, expect, it } from 'vitest'
import { expectAccessible } from './axe'
import { goTo, REASON, see, useDesk } from './desk'
import * as Outbox from '../../src/core/outbox/outbox'

const SHEET = [
  'fraud_type,fraud_reason,show_uploader_info,account_number_1,bank_1,bvn,phone',
  `money_mule,"${REASON}",,0123456789,Access Bank,,`,
  `hacker,"${REASON} Second row.",,01234X6789,Access Bank,,`,
  'hacker,Too short a reason.,,,,22212345678,',
].join('\n')

/*
 * Bulk import in Chromium: the template downloads, a spreadsheet with bad rows is previewed with
 * each row's problems (nothing queued), then only its valid row is queued and sent.
 */
describe('bulk import, in Chromium', { timeout: 60_000 }, () => {
  const session = useDesk()

  it('downloads the template', async () => {
    const { page } = session.desk
    await goTo(page, 'Bulk import')
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download the template (XLSX)' }).click(),
    ])
    expect(file.suggestedFilename()).toMatch(/\.xlsx$/)
  })

  it('previews a spreadsheet with bad rows, saying what to fix, and queues nothing', async () => {
    const { page, harness } = session.desk
    await page.getByLabel('Choose a spreadsheet').setInputFiles({
      name: 'reports.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(SHEET),
    })
    await see(page, 'Preview of reports.csv')
    await see(page, '3 rows: 1 valid, 2 with problems.')
    await see(page, /01234X6789/)
    await see(page, /it needs at least 50/)
    expect(Outbox.outbox(harness.core()).pending).toBe(0)
  })

  it('counts a row with a file name for an attachment as a problem, as queueing would', async () => {
    const { page } = session.desk
    const sheet = [
      'fraud_type,fraud_reason,account_number_1,bank_1,attachment_1',
      `money_mule,"${REASON}",0123456789,Access Bank,statement.pdf`,
    ].join('\n')
    await page.getByLabel('Choose a spreadsheet').setInputFiles({
      name: 'with-files.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(sheet),
    })
    await see(page, 'Preview of with-files.csv')
    await see(page, '1 row: 0 valid, 1 with problems.')
    await see(page, /"statement\.pdf": a spreadsheet opened in the window .* can only carry links/)
    expect(await page.getByText(/casefile import/).count()).toBe(0)
    await expectAccessible(page)
    await page.getByLabel('Choose a spreadsheet').setInputFiles({
      name: 'reports.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(SHEET),
    })
    await see(page, 'Preview of reports.csv')
  })

  it('queues the valid row only, and it is sent', async () => {
    const { page } = session.desk
    await page.getByRole('button', { name: 'Queue the 1 valid row' }).click()
    await see(page, 'Queued from reports.csv')
    await see(page, /1 queued, 2 with problems/)
    await see(page, '0 pending', 30_000)
    await page.getByRole('button', { name: 'Open the Outbox' }).click()
    await see(page, /Create report: Money mule · 0123456789 · Access Bank/)
  })
  it('a 120-row bulk upload is reported as 120 reports sent, not one item', async () => {
    const { page } = session.desk
    const rows = Array.from(
      { length: 120 },
      (_, i) => `money_mule,"${REASON} Row ${i + 1}.",${String(1_100_000_000 + i)},Access Bank`,
    )
    await goTo(page, 'Bulk import')
    await page.getByLabel('Choose a spreadsheet').setInputFiles({
      name: 'many.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(['fraud_type,fraud_reason,account_number_1,bank_1', ...rows].join('\n')),
    })
    await see(page, '120 rows: 120 valid, 0 with problems.')
    await page.getByLabel(/Send as one bulk upload/).check()
    await page.getByRole('button', { name: 'Queue the 120 valid rows' }).click()
    await see(page, 'Queued from many.csv')
    await see(page, '0 pending', 30_000)
    await goTo(page, 'Outbox')
    await see(page, /Sync finished: 120 reports sent/)
  })
})
