import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { expectAccessible } from './axe'
import { goTo, REASON, see, useDesk } from './desk'
import { fillReport, overflowing } from './report-steps'

const LONG = 'REF/LAG/2026/'.repeat(4) + 'X'.repeat(120)

/** How far right the main area's content reaches, as a share of the main area's width. */
const reach = (page: Page, selector: string) =>
  page.evaluate(`(() => {
    const main = document.querySelector('main').getBoundingClientRect()
    const right = Math.max(...[...document.querySelectorAll(${JSON.stringify(selector)})]
      .map((el) => el.getBoundingClientRect().right))
    return (right - main.left) / main.width
  })()`) as Promise<number>

/** The selects narrower than their longest choice: their text is cut where they stand. */
const cutSelects = (page: Page, selector: string) =>
  page.evaluate(`[...document.querySelectorAll(${JSON.stringify(selector)})].filter((select) => {
    const copy = select.cloneNode(true)
    Object.assign(copy.style, { width: 'max-content', minWidth: '0', position: 'absolute', visibility: 'hidden' })
    document.body.appendChild(copy)
    const needed = copy.getBoundingClientRect().width
    copy.remove()
    return select.getBoundingClientRect().width + 1 < needed
  }).map((select) => select.id)`) as Promise<string[]>

async function expectNothingClipped(page: Page): Promise<void> {
  expect(await overflowing(page)).toEqual([])
}

/** Every screen in a state with content in it, checked for clipped controls and with axe. */
async function everyScreen(page: Page): Promise<void> {
  await goTo(page, 'Report')
  await see(page, /Draft report|New report/)
  await expectNothingClipped(page)
  await goTo(page, 'Outbox')
  await see(page, 'History')
  await expectNothingClipped(page)
  await goTo(page, 'Submissions')
  await page.getByRole('list', { name: 'Submitted reports' }).getByRole('button').first().click()
  await page.getByRole('button', { name: 'Edit', exact: true }).waitFor()
  await expectNothingClipped(page)
  await expectAccessible(page)
  await goTo(page, 'Search')
  await page.getByLabel('Identifier type').selectOption('phone')
  await page.getByLabel('Value').fill('08031234567')
  await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click()
  await see(page, /^Public reports \(/)
  await expectNothingClipped(page)
  await expectAccessible(page)
  await goTo(page, 'Bulk import')
  await expectNothingClipped(page)
  await goTo(page, 'Settings')
  await expectNothingClipped(page)
}

/*
 * Issue 27, item 11: the desk at 900×650 and 1440×900 with nothing clipped or pushed out (each
 * main region and control measured: scrollWidth against clientWidth, and the window's edge), a
 * long unbroken string in a draft that stays in its panel, the width used at 1440, no pile of
 * empty drafts, and the Submissions list with an identifier column and filter.
 */
describe('the desk at 900 and 1440 px wide, in Chromium', { timeout: 120_000 }, () => {
  const session = useDesk()

  it('keeps no empty "Untitled draft": a blank new report is not a draft', async () => {
    const { page } = session.desk
    await goTo(page, 'Report')
    // A blank identifier row, past the autosave delay (400 ms), then removed: no draft yet.
    await page.getByRole('button', { name: 'Add identifier' }).click()
    await page.waitForTimeout(600)
    await page.getByRole('button', { name: /^Remove/ }).click()
    await page.getByLabel('Fraud type').selectOption({ label: 'Theft' })
    await see(page, /Draft saved/)
    await page.getByLabel('Fraud type').selectOption('')
    await page.getByRole('button', { name: 'New report' }).click()
    await page.reload()
    await page.getByRole('navigation', { name: 'Screens' }).waitFor()
    const drafts = page.getByRole('complementary', { name: 'Drafts' })
    await drafts.getByText(/No drafts\./).waitFor()
    expect(await drafts.getByText('Untitled draft').count()).toBe(0)
  })

  it('at 900×650, a long unbroken string in a draft stays in its panel; "Already on file" is not pushed out', async () => {
    const { page } = session.desk
    await page.setViewportSize({ width: 900, height: 650 })
    await fillReport(page, { reason: `${LONG} ${REASON}`, email: `${'a'.repeat(90)}@example.com` })
    await see(page, /Draft saved/)
    const drafts = page.getByRole('complementary', { name: 'Drafts' })
    await drafts.getByText(/^REF\/LAG/).waitFor()
    const onFile = page.getByTestId('on-file')
    await onFile.getByRole('heading', { name: 'Already on file' }).waitFor()
    const box = await onFile.boundingBox()
    expect(box && box.x + box.width).toBeLessThanOrEqual(900)
    await expectNothingClipped(page)
    await expectAccessible(page)
  })

  it('at 900×650: every screen, the Submissions list with its identifier column and filter', async () => {
    const { page } = session.desk
    const welcome = page.getByRole('region', { name: 'Welcome to the Sandbox' })
    await goTo(page, 'Report')
    await welcome.getByRole('button', { name: 'Load demo reports' }).click()
    await welcome.getByText(/3 demo reports are/).waitFor()
    await see(page, '0 pending', 30_000)
    await goTo(page, 'Submissions')
    await see(page, /^3 reports/)
    const head = page.locator('.virtual-head')
    await head.getByText('Identifier').waitFor()
    const list = page.getByRole('list', { name: 'Submitted reports' })
    await list.getByText('0123456789 · Access Bank').first().waitFor()
    // The reason keeps room to be read beside the detail: well past "Case LAG-1…".
    const reason = await list.locator('.cell-reason').first().boundingBox()
    expect(reason?.width ?? 0).toBeGreaterThan(240)
    await page.getByLabel('Identifier', { exact: true }).fill('0803 123 4567')
    await see(page, /^2 reports/)
    await page.getByLabel('Identifier', { exact: true }).fill('mule.demo@')
    await see(page, /^2 reports/)
    await page.getByLabel('Identifier', { exact: true }).fill('no-such-identifier')
    await see(page, 'No report matches these filters.')
    await page.getByLabel('Identifier', { exact: true }).fill('')
    await see(page, /^3 reports/)
    // Issue 38, item 7: the list's scroll box stays inside its card, and each filter shows its
    // choice whole ("Listed and unlisted" was cut to "Listed ar").
    const [listBottom, cardBottom] = (await page.evaluate(`(() => {
      const card = document.querySelector('.list-panel').getBoundingClientRect()
      const list = document.querySelector('.submissions-list').getBoundingClientRect()
      return [Math.round(list.bottom), Math.round(card.bottom)]
    })()`)) as [number, number]
    expect(listBottom).toBeLessThanOrEqual(cardBottom)
    expect(await cutSelects(page, '.list-panel .filters select')).toEqual([])
    await everyScreen(page)
  })

  it('at 1440×900: every screen, with Report, Search and Settings using the width', async () => {
    const { page } = session.desk
    await page.setViewportSize({ width: 1440, height: 900 })
    await everyScreen(page)
    await goTo(page, 'Settings')
    expect(await reach(page, 'main .panel')).toBeGreaterThan(0.95)
    await goTo(page, 'Search')
    expect(await reach(page, 'main .panel')).toBeGreaterThan(0.95)
    await goTo(page, 'Report')
    expect(await reach(page, 'main .panel')).toBeGreaterThan(0.95)
    // The list's row is one line of five columns where it is wide.
    await goTo(page, 'Submissions')
    const cells = await page
      .locator('.virtual-row .row-button')
      .first()
      .evaluate((el) => [...el.children].map((c) => Math.round(c.getBoundingClientRect().top)))
    expect(new Set(cells).size).toBe(1)
    await expectAccessible(page)
  })
})
