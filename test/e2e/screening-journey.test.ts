import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readTableRows } from '../../src/core/spreadsheet/read-table'
import { expectAccessible } from './axe'
import { goTo, REASON, see, useDesk } from './desk'
import { overflowing, reportOnRegistry } from './report-steps'

// A customer list as another system exports it: its phone column's header ("Contact") says
// nothing Casefile knows, so the mapping is corrected by hand; one phone Excel has rounded.
const LIST = [
  'Customer,Contact,E-mail address',
  'Ada Obi,0805 111 2222,screen.hit@example.com',
  'Bayo Ade,08060000001,nobody.here@example.com',
  'Chi Eze,8.03123E+09,',
].join('\n')

const folder = mkdtempSync(join(tmpdir(), 'casefile-screening-'))
const savedAt = join(folder, 'hits.csv')
const recordAt = join(folder, 'record.xlsx')

/*
 * Issue 28, the window: a list dropped on the Screening screen, its mapping corrected, screened
 * against the sandbox registry by the core's job (progress polled to the end), its hits read with
 * the matching reports' fraud types, saved through main's save dialog, and the job reopened.
 */
describe('screening a list, in Chromium', { timeout: 180_000 }, () => {
  const session = useDesk({
    chooseSavePath: (suggested) => (suggested.includes('-record.') ? recordAt : savedAt),
  })

  it('reads the list, suggests a mapping and takes a correction', async () => {
    const { page, harness } = session.desk
    await reportOnRegistry(harness, {
      fraudType: 'money_mule',
      fraudReason: REASON,
      identifiers: [{ label: 'email', value: 'screen.hit@example.com' }],
    })
    await reportOnRegistry(harness, {
      fraudType: 'hacker',
      fraudReason: REASON,
      identifiers: [{ label: 'phone', value: '08051112222' }],
    })
    await goTo(page, 'Screening')
    await page.getByLabel('Choose a file to screen').setInputFiles({
      name: 'customers.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(LIST),
    })
    await see(page, '3 rows under the header.', 20_000)
    const contact = page.getByLabel('What column B (Contact) holds')
    expect(await contact.inputValue()).toBe('ignore')
    expect(await page.getByLabel('What column C (E-mail address) holds').inputValue()).toBe('email')
    await contact.selectOption({ label: 'Phone' })
    expect(await page.getByLabel('Searches a second').inputValue()).toBe('2')
    await expectAccessible(page)
  })

  it('starts, and progress reaches the end', async () => {
    const { page } = session.desk
    await page.getByLabel('Searches a second').fill('10')
    await page.getByRole('button', { name: 'Start screening' }).click()
    await page.getByRole('progressbar', { name: 'Identifiers searched on the registry' }).waitFor()
    await expect
      .poll(() => page.getByTestId('screening-counts').innerText(), { timeout: 60_000 })
      .toMatch(/^Searched 4 of 4 identifiers · 1 row with a hit · 1 not fully checked$/)
    await see(page, 'Finished')
    await see(
      page,
      '3 rows: 1 with a hit, 1 with no report on file, 0 partly checked, 0 could not check, 1 could not be read.',
    )
  })

  it('says the value it could not read, by row and cell, and the hits with their fraud types', async () => {
    const { page } = session.desk
    await see(page, '1 value could not be read')
    await see(page, /Row 4, cell B4 \(Contact\): “8\.03123E\+09”/)
    const results = page.getByRole('list', { name: 'Results by row' })
    const hitRow = results.getByRole('listitem').filter({ hasText: 'Row 2' }).first()
    const text = await hitRow.innerText()
    expect(text).toMatch(/Hit/)
    expect(text).toMatch(/Money mule · Listed|Money mule · Unlisted/)
    expect(text).toMatch(/Hacker/)
    expect(text).toMatch(/Email screen\.hit@example\.com/)
    expect(text).toMatch(/Matched once written as the editor writes it/)
    expect(text).not.toMatch(/money_mule|_hacker|undefined|null/)
    // Not fully checked: only the unreadable row.
    await page.getByLabel('Show').selectOption({ label: 'Not fully checked only' })
    await expect.poll(() => results.getByRole('listitem').count()).toBe(1)
    await see(page, 'Row 4')
    await page.getByLabel('Show').selectOption({ label: 'Hits only' })
    await expect.poll(() => results.locator(':scope > li').count()).toBe(1)
    await page.getByLabel('Sort by').selectOption({ label: 'Fraud type' })
    await expectAccessible(page)
  })

  it('saves the hits where main’s save dialog says', async () => {
    const { page } = session.desk
    await page.getByRole('button', { name: 'Save the hits (XLSX or CSV)…' }).click()
    await see(page, /^Saved \d+ lines? of hits in hits\.csv\.$/)
    const saved = readFileSync(savedAt, 'utf8')
    expect(saved).toMatch(/screen\.hit@example\.com/)
    expect(saved).toMatch(/08051112222|0805 111 2222/)
    expect(saved).not.toMatch(/nobody\.here/)
  })

  it('saves the screening record: every row once, each with its outcome, by keyboard', async () => {
    const { page } = session.desk
    await see(page, /the screening record lists every row\.$/)
    await page
      .getByRole('button', { name: 'Save the screening record (every row)…' })
      .press('Enter')
    await see(page, 'Saved the screening record of 3 rows in record.xlsx.')
    const rows: string[][] = []
    for await (const row of readTableRows({ path: recordAt })) rows.push(row.cells)
    const [header = [], ...body] = rows
    const at = (name: string) => header.indexOf(name)
    expect(header.slice(0, 5)).toEqual([
      'Customer',
      'Contact',
      'E-mail address',
      'screening_row',
      'outcome',
    ])
    expect(body.map((r) => [r[0], r[at('screening_row')], r[at('outcome')]])).toEqual([
      ['Ada Obi', '2', 'Reports on file'],
      ['Bayo Ade', '3', 'No report on file'],
      ['Chi Eze', '4', expect.stringMatching(/^Could not read: B4: /)],
    ])
    expect(body[1]?.[at('identifier_1_as_of')]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d/)
    await expectAccessible(page)
  })

  it('watches the identifiers that hit, then the whole list, and says how many', async () => {
    const { page } = session.desk
    await page.getByRole('button', { name: 'Watch the identifiers that hit' }).click()
    await see(page, /^Now watching 2 identifiers that hit a report\.$/)
    await page.getByRole('button', { name: 'Watch the identifiers that hit' }).click()
    await see(page, /^Now watching 0 identifiers that hit a report \(2 already watched\)\.$/)
    // The clean ones too: a report filed on one later is an alert.
    await page.getByRole('button', { name: 'Watch the whole list' }).click()
    await see(page, /^Now watching [1-9]\d* identifiers? of the list \(2 already watched\)\.$/)
    await goTo(page, 'Watchlist')
    await see(page, 'screen.hit@example.com')
    await see(page, 'nobody.here@example.com')
    await goTo(page, 'Screening')
  })

  it('opens the hit’s reports in Search, and the job again from the earlier screenings', async () => {
    const { page } = session.desk
    await page.getByRole('button', { name: 'Open the reports in Search' }).first().click()
    await page.getByRole('heading', { name: 'Search', level: 2 }).first().waitFor()
    await goTo(page, 'Screening')
    const jobs = page.getByRole('table', { name: 'Earlier screenings' })
    await jobs.getByText('customers.csv').waitFor()
    await jobs.getByRole('button', { name: /^Open the screening of customers\.csv/ }).click()
    await see(
      page,
      '3 rows: 1 with a hit, 1 with no report on file, 0 partly checked, 0 could not check, 1 could not be read.',
    )
    await expectAccessible(page)
  })

  it('pauses, resumes and cancels a pasted list, from the keyboard', async () => {
    const { page } = session.desk
    const counts = () => page.getByTestId('screening-counts').innerText()
    await page.getByRole('button', { name: 'Screen another list' }).click()
    await page.getByText('Or paste a list').click()
    const emails = Array.from({ length: 8 }, (_, i) => `pasted.${i}@example.com`)
    await page.getByLabel('One value a line').fill(emails.join('\n'))
    await page.getByLabel('What every line is').selectOption({ label: 'Email' })
    await page.getByRole('button', { name: 'Use this list' }).press('Enter')
    await see(page, 'Pasted list: 8 lines')
    await page.getByLabel('Searches a second').fill('0.5')
    await page.getByRole('button', { name: 'Start screening' }).press('Enter')
    await expect.poll(counts).toMatch(/of 8 identifiers .* left at 0\.5 a second$/)
    await page.getByRole('button', { name: 'Pause' }).press('Enter')
    await page.locator('.screening-state').getByText('Paused').waitFor()
    const searched = (await counts()).replace(/ ·.*$/, '')
    await new Promise((resolve) => setTimeout(resolve, 2500))
    expect((await counts()).replace(/ ·.*$/, '')).toBe(searched)
    await page.getByRole('button', { name: 'Resume' }).press('Enter')
    await page.getByRole('button', { name: 'Pause' }).waitFor()
    await page.getByRole('button', { name: 'Cancel the job' }).press('Enter')
    await page.locator('.screening-state').getByText('Cancelled').waitFor()
    await expectAccessible(page)
  })

  it('takes a file dropped on it, with the mapping corrected before remembered', async () => {
    const { page } = session.desk
    await page.getByRole('button', { name: 'Screen another list' }).click()
    // Made in the page (a DataTransfer holds the page's own File), as a drag from the desktop.
    const dataTransfer = await page.evaluateHandle(
      `(() => {
        const transfer = new DataTransfer()
        transfer.items.add(new File([${JSON.stringify(LIST)}], 'dropped.csv', { type: 'text/csv' }))
        return transfer
      })()`,
    )
    await page.getByTestId('screening-drop').dispatchEvent('drop', { dataTransfer })
    await see(page, '3 rows under the header.')
    await see(page, 'The columns are mapped as you mapped these headers last time.')
    expect(await page.getByLabel('What column B (Contact) holds').inputValue()).toBe('phone')
    await page.getByRole('button', { name: 'Choose another list' }).click()
  })

  it('in the dark theme axe finds nothing, and nothing is clipped at 900×650 or 1440×900', async () => {
    const { page } = session.desk
    await goTo(page, 'Settings')
    await page.getByLabel('Dark', { exact: true }).check()
    await goTo(page, 'Screening')
    await page.getByRole('table', { name: 'Earlier screenings' }).waitFor()
    await page.getByRole('button', { name: /^Open the screening of customers\.csv/ }).click()
    await see(page, 'Finished')
    await expectAccessible(page)
    for (const [width, height] of [
      [900, 650],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height })
      expect(await overflowing(page), `${width}×${height}, results`).toEqual([])
      await page.getByRole('button', { name: 'Screen another list' }).click()
      await page.getByLabel('Choose a file to screen').setInputFiles({
        name: 'customers.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(LIST),
      })
      await see(page, '3 rows under the header.')
      expect(await overflowing(page), `${width}×${height}, mapping`).toEqual([])
      await page.getByRole('button', { name: 'Choose another list' }).click()
      await page.getByText('Or paste a list').click()
      expect(await overflowing(page), `${width}×${height}, choosing`).toEqual([])
      await expectAccessible(page)
      const nav = await page.getByRole('navigation', { name: 'Screens' }).boundingBox()
      expect((nav?.x ?? 0) + (nav?.width ?? 0)).toBeLessThanOrEqual(width)
      await page.getByRole('button', { name: /^Open the screening of customers\.csv/ }).click()
      await see(page, 'Finished')
    }
    await expectAccessible(page)
  })
})
