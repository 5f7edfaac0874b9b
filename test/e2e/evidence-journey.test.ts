import { describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { expectAccessible } from './axe'
import { goTo, see, useDesk } from './desk'
import { fillReport, openSubmissions, overflowing } from './report-steps'
import { drawnPdf, solidPng } from '../support/sample-files'

const PDF = drawnPdf('0.1 0.2 0.5 rg 100 400 300 300 re f')
const PNG = solidPng(24, 16, [200, 30, 30])

/** An attachment's name as listed (not the buttons' hidden words). */
const named = (scope: Locator, fileName: string) =>
  scope.locator('.attachment-name', { hasText: new RegExp(`^${fileName.replace('.', '\\.')}$`) })

/** Whether the viewer's canvas holds the drawn page: some pixels well away from white. */
const pageDrawn = (page: Page) =>
  page.evaluate(`(() => {
    const canvas = document.querySelector('dialog.viewer canvas[data-drawn="1"]')
    if (!canvas || canvas.width === 0) return false
    const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data
    let dark = 0
    for (let i = 0; i < data.length; i += 4) if (data[i] + data[i + 1] + data[i + 2] < 300) dark++
    return dark > (canvas.width * canvas.height) / 10
  })()`) as Promise<boolean>

/** The viewer's image, decoded and laid out at its size. */
const imageShown = (page: Page) =>
  page.evaluate(`(() => {
    const img = document.querySelector('dialog.viewer img')
    return !!img && img.complete && img.naturalWidth === 24 && img.naturalHeight === 16 &&
      img.getBoundingClientRect().width > 0 && img.src.startsWith('blob:')
  })()`) as Promise<boolean>

/** The viewer's controls inside the window, none clipped, and axe at 0 violations with it open. */
async function viewerFits(page: Page): Promise<void> {
  expect(await overflowing(page)).toEqual([])
  const outside = (await page.evaluate(`[...document.querySelectorAll('dialog.viewer button')]
    .map((b) => [b.textContent, b.getBoundingClientRect()])
    .filter(([, r]) => r.bottom > window.innerHeight + 1 || r.right > window.innerWidth + 1 || r.top < 0)
    .map(([t]) => t)`)) as string[]
  expect(outside).toEqual([])
  await expectAccessible(page)
}

async function openAndCheck(page: Page, fileName: string, drawn: (page: Page) => Promise<boolean>) {
  await page
    .getByRole('button', { name: `Open ${fileName}` })
    .first()
    .click()
  const viewer = page.getByRole('dialog', { name: fileName })
  await viewer.waitFor()
  await expect.poll(() => drawn(page), { timeout: 20_000 }).toBe(true)
  await viewerFits(page)
  await viewer.getByRole('button', { name: 'Close' }).click()
  await viewer.waitFor({ state: 'hidden' })
}

/*
 * Issue 27, item 9, "Evidence you can open": attachments listed by their original names with type
 * and size in the editor and in a report's details (not the registry's hashed file name, not "2
 * files"), each opened in the app's own viewer from bytes the core hands over (the PDF drawn by
 * pdf.js on a canvas, the image from a blob: address), at 900×650 and 1440×900.
 */
describe('evidence you can open, in Chromium', { timeout: 180_000 }, () => {
  const session = useDesk()

  for (const [width, height] of [
    [900, 650],
    [1440, 900],
  ] as const)
    it(`at ${width}×${height}: a draft's statement.pdf and photo, by name, type and size, opened in the viewer`, async () => {
      const { page } = session.desk
      await page.setViewportSize({ width, height })
      await fillReport(page, { email: `evidence.${width}@example.com` })
      await page.getByLabel('choose files').setInputFiles([
        { name: 'statement.pdf', mimeType: 'application/pdf', buffer: PDF },
        { name: 'till-photo.png', mimeType: 'image/png', buffer: PNG },
      ])
      const files = page.locator('.attachment-list')
      await named(files, 'statement.pdf').waitFor()
      await named(files, 'till-photo.png').waitFor()
      await files.getByText(`PDF · ${PDF.length} B`).waitFor()
      await files.getByText(`PNG image · ${PNG.length} B`).waitFor()
      expect(await overflowing(page)).toEqual([])

      await openAndCheck(page, 'statement.pdf', pageDrawn)
      await openAndCheck(page, 'till-photo.png', imageShown)
      await page.getByRole('button', { name: 'New report' }).click()
    })

  it('once sent, the report says statement.pdf (not the registry\u2019s file name) and opens it', async () => {
    const { page } = session.desk
    await page.setViewportSize({ width: 1440, height: 900 })
    await fillReport(page, { email: 'evidence.sent@example.com' })
    await page
      .getByLabel('choose files')
      .setInputFiles([{ name: 'statement.pdf', mimeType: 'application/pdf', buffer: PDF }])
    await named(page.locator('.attachment-list'), 'statement.pdf').waitFor()
    await page.getByRole('button', { name: 'Queue for sync' }).click()
    await see(page, '0 pending', 30_000)
    await openSubmissions(page)
    await page
      .getByRole('list', { name: 'Submitted reports' })
      .getByText('evidence.sent@example.com')
      .first()
      .click()
    const details = page.locator('dl.details')
    await named(details, 'statement.pdf').waitFor()
    await details.getByText(`PDF · ${PDF.length} B · on the registry`).waitFor()
    expect(await details.getByText(/files?$/).count()).toBe(0)
    await openAndCheck(page, 'statement.pdf', pageDrawn)
    // Editing it shows the name too, not the hashed file name the registry answered with.
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    await named(page.locator('.attachment-list'), 'statement.pdf').waitFor()
    expect(await page.locator('.attachment-list .attachment-name').allInnerTexts()).toEqual([
      'statement.pdf',
    ])
    await goTo(page, 'Report')
  })
})
