import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { expectAccessible } from './axe'
import { goTo, REASON, see, useDesk } from './desk'

const background = (page: Page) =>
  page.evaluate('getComputedStyle(document.body.parentElement).backgroundColor') as Promise<string>

/** Page-side: the boxes of the elements a selector finds, as {x, y, width, right}. */
const boxes = (page: Page, selector: string) =>
  page.evaluate(
    `[...document.querySelectorAll(${JSON.stringify(selector)})].map((el) => { const r = el.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, right: r.right, bottom: r.bottom } })`,
  ) as Promise<{ x: number; y: number; width: number; right: number; bottom: number }[]>

/*
 * The finish: a first-run panel on the Sandbox, a dark theme that follows the system (with a
 * choice in Settings), and layouts that still work in a 900×650 window.
 */
describe('first run, theme and small windows, in Chromium', { timeout: 90_000 }, () => {
  const session = useDesk()

  it('says on first launch what the Sandbox is, who the desk files as, and what to search for', async () => {
    const { page } = session.desk
    const panel = page.getByRole('region', { name: 'Welcome to the Sandbox' })
    await panel.waitFor()
    await panel.getByText(/practice registry that runs on this computer/).waitFor()
    await panel.getByText('Lagoon Microfinance Bank (demo)').waitFor()
    await panel.getByText('Phone 08031234567').waitFor()
    await expectAccessible(page)
    await panel.getByRole('button', { name: 'Load demo reports' }).click()
    await see(page, /3 demo reports are (queued|in the sandbox registry)/)
    await see(page, '0 pending', 30_000)
    await goTo(page, 'Search')
    await page.getByLabel('Identifier type').selectOption('phone')
    await page.getByLabel('Value').fill('08031234567')
    await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click()
    await see(page, 'Reports (2)')
  })

  it('can be dismissed, and stays dismissed', async () => {
    const { page } = session.desk
    await goTo(page, 'Report')
    await page.getByRole('button', { name: 'Dismiss' }).click()
    expect(await page.getByText('Welcome to the Sandbox').count()).toBe(0)
    await page.reload()
    await page.getByRole('navigation', { name: 'Screens' }).waitFor()
    await see(page, /New report|Draft report/)
    expect(await page.getByText('Welcome to the Sandbox').count()).toBe(0)
  })

  it('follows the system’s dark setting, and Settings can choose otherwise', async () => {
    const { page } = session.desk
    await page.emulateMedia({ colorScheme: 'light' })
    const light = await background(page)
    await page.emulateMedia({ colorScheme: 'dark' })
    const dark = await background(page)
    expect(dark).not.toBe(light)
    await expectAccessible(page)
    await goTo(page, 'Settings')
    await page.getByLabel('Light').check()
    expect(await background(page)).toBe(light)
    await page.reload()
    await page.getByRole('navigation', { name: 'Screens' }).waitFor()
    expect(await background(page)).toBe(light)
    await goTo(page, 'Settings')
    await page.getByLabel('Dark').check()
    await page.emulateMedia({ colorScheme: 'light' })
    expect(await background(page)).toBe(dark)
    await expectAccessible(page)
    await goTo(page, 'Outbox')
    await expectAccessible(page)
    await goTo(page, 'Submissions')
    await see(page, /^3 reports/)
    await expectAccessible(page)
    await goTo(page, 'Settings')
    await page.getByLabel('Same as the system').check()
    expect(await background(page)).toBe(light)
  })

  it('works in a 900×650 window: the reason column keeps its width, no filter cut off', async () => {
    const { page } = session.desk
    await page.setViewportSize({ width: 900, height: 650 })
    await goTo(page, 'Submissions')
    await see(page, /^3 reports/)
    await page.locator('.virtual-row .row-button').first().waitFor()
    // Filed, fraud type, identifier, reason, listing: the reason on a line of its own beside the
    // detail, so it keeps its width; no column over another.
    const head = await boxes(page, '.virtual-head span')
    expect(head).toHaveLength(5)
    expect(head[3]!.width).toBeGreaterThan(200)
    for (const [a, b] of [
      [0, 1],
      [1, 2],
      [2, 4],
      [0, 3],
      [3, 4],
    ] as const)
      expect(head[b]!.x).toBeGreaterThanOrEqual(head[a]!.right)
    // The list may be redrawn as its refresh lands: the locator waits for a row that is there.
    const reasonCell = await page
      .locator('.virtual-row .row-button .cell-reason')
      .first()
      .boundingBox()
    expect(reasonCell?.width).toBeGreaterThan(200)
    // The filters wrap rather than cut a choice short ("Listed ar"): two rows at most, and each
    // select as wide as its longest choice.
    const filters = await boxes(page, '.filters .field')
    expect(new Set(filters.map((f) => Math.round(f.bottom))).size).toBeLessThanOrEqual(2)
    const cut = await page.evaluate(
      `[...document.querySelectorAll('.filters select')].filter((s) => s.scrollWidth > s.clientWidth + 1).length`,
    )
    expect(cut).toBe(0)
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(900)
    await expectAccessible(page)
    await goTo(page, 'Report')
    await page.getByLabel('Reason').fill(REASON)
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(900)
    await goTo(page, 'Outbox')
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(900)
  })

  it('asks for no favicon file the app does not have', async () => {
    const { page } = session.desk
    const asked: string[] = []
    page.on('request', (request) => asked.push(new URL(request.url()).pathname))
    await page.reload()
    await page.getByRole('navigation', { name: 'Screens' }).waitFor()
    expect(asked).not.toContain('/favicon.ico')
    expect(await page.locator('link[rel="icon"]').count()).toBe(1)
  })
})
