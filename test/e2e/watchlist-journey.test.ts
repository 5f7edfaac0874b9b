import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { checkDue } from '../../src/core/watchlist/watch-check'
import type { Harness } from '../web-harness/harness-server'
import { expectAccessible } from './axe'
import { goTo, openFirstSubmission, REASON, see, useDesk } from './desk'
import { overflowing, reportOnRegistry } from './report-steps'

const WATCHED = 'watch.me@example.com'
const OURS = 'our.own.report@example.com'
/** The first report filed on it, dismissed, then updated: its alert comes back saying what changed. */
let firstReport = ''

/** Runs the watchlist's check now, through the harness's own core (as `casefile watch check --all`). */
async function checkNow(harness: Harness): Promise<number> {
  const run = await checkDue(harness.core(), { all: true })
  if (run.stopped) throw new Error(run.stopped.message)
  return run.alerts.length
}

/** Opens the Watchlist afresh (it asks the core for the items and the alerts on opening). */
async function openWatchlist(page: Page): Promise<void> {
  await goTo(page, 'Search')
  await goTo(page, 'Watchlist')
  await page.getByRole('heading', { name: 'Watchlist', level: 2, exact: true }).waitFor()
}

const badge = (page: Page) =>
  page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: /^Watchlist/ })

/** Where the keyboard is: the focused element's id, or its text. */
const focused = (page: Page) =>
  page.evaluate<string>('document.activeElement?.id || document.activeElement?.textContent || ""')

/*
 * Issue 29, the window: an identifier watched by hand (a bad value refused in words), checked by
 * the core, a new report on it raised as an alert with the nav's badge counting it, the alert
 * triaged (dismissed with a reason, another seen then escalated by starting a draft that holds
 * the identifier, its report opened in Search), a dismissed report's update back as an alert
 * saying what changed, the item removed, and a report's identifiers watched from its details in
 * one click; then, in the dark theme, the settings (the checks per hour, our own reports
 * watched) used from the keyboard.
 */
describe('the watchlist, in Chromium', { timeout: 180_000 }, () => {
  const session = useDesk()

  it('refuses a bad value in words and watches a good one with its note', async () => {
    const { page } = session.desk
    await goTo(page, 'Watchlist')
    await see(page, 'Nothing is watched yet: add an identifier above.')
    await page.getByLabel('Type', { exact: true }).selectOption({ label: 'Email' })
    await page.getByLabel('Value to watch').fill('not an email')
    await page.getByRole('button', { name: 'Watch', exact: true }).click()
    const said = page.locator('.watch-add [role="status"]')
    await expect.poll(() => said.getAttribute('class')).toBe('error-text')
    const refusal = await said.innerText()
    expect(refusal).toMatch(/is not an email address/)
    expect(refusal).not.toMatch(/undefined|Something went wrong|ZodError|\[object/)
    expect(await page.getByRole('table', { name: 'Watched identifiers' }).count()).toBe(0)

    await page.getByLabel('Value to watch').fill(WATCHED)
    await page.getByLabel('Note (optional)').fill('case 114')
    await page.getByLabel('Owner (optional)').fill('Ada Obi')
    await page.getByLabel('Check', { exact: true }).selectOption({ label: 'Every 12 hours' })
    await page.getByLabel('Value to watch').press('Enter')
    await see(page, `Now watching ${WATCHED}: it is checked shortly, then every 12 hours.`)
    const row = page.getByRole('table', { name: 'Watched identifiers' }).getByRole('row').nth(1)
    const text = await row.innerText()
    expect(text).toMatch(/Email/)
    expect(text).toMatch(/watch\.me@example\.com/)
    expect(text).toMatch(/case 114/)
    expect(text).toMatch(/Ada Obi/)
    expect(text).toMatch(/every 12 hours/)
    // The desk's core checks a new item at once: the row says it in words, either way.
    expect(text).toMatch(/(not yet|just now)\s+(due now|tomorrow|in \d+ hours)/)
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/)
    await expectAccessible(page)
  })

  it('changes an item’s owner and period in place, by keyboard; Escape leaves it as it was', async () => {
    const { page } = session.desk
    const table = page.getByRole('table', { name: 'Watched identifiers' })
    const edit = table.getByRole('button', { name: /^Edit/ })
    await edit.press('Enter')
    await expect.poll(() => edit.getAttribute('aria-expanded')).toBe('true')
    // Focus is in the owner's field: typed over, then Escape keeps what was there.
    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.type('Nobody')
    await page.keyboard.press('Escape')
    await expect.poll(() => edit.getAttribute('aria-expanded')).toBe('false')
    // The keyboard is back on the row's Edit button.
    await expect.poll(() => edit.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true)
    expect(await table.getByRole('row').nth(1).innerText()).toMatch(/Ada Obi/)

    await edit.press('Enter')
    await page.keyboard.press('ControlOrMeta+a')
    await page.keyboard.type('Tunde Bello')
    const form = page.getByRole('form', { name: `Change Email ${WATCHED}` })
    await form
      .getByLabel('Check', { exact: true })
      .selectOption({ label: 'Every day (the default)' })
    await expectAccessible(page)
    await form.getByLabel('Owner').press('Enter')
    await expect.poll(() => form.count()).toBe(0)
    const text = await table.getByRole('row').nth(1).innerText()
    expect(text).toMatch(/Tunde Bello/)
    expect(text).toMatch(/every day/)
    expect(text).toMatch(/case 114/)
  })

  it('raises an alert for a new report after a check, and the badge counts it', async () => {
    const { page, harness } = session.desk
    // The first check records what is on file (nothing), without alerts.
    expect(await checkNow(harness)).toBe(0)
    firstReport = await reportOnRegistry(harness, {
      fraudType: 'money_mule',
      fraudReason: REASON,
      identifiers: [{ label: 'email', value: WATCHED }],
    })
    expect(await checkNow(harness)).toBe(1)
    await openWatchlist(page)
    await expect.poll(() => badge(page).innerText()).toMatch(/^Watchlist\s*1$/)
    await see(page, `A new report names Email ${WATCHED}.`)
    await expect.poll(() => page.getByTestId('watch-new-count').innerText()).toBe('· 1 new')
    const alerts = page.getByRole('list', { name: 'Alerts' })
    expect(await alerts.getByLabel('Report reference').first().inputValue()).toBe(firstReport)
    // What the new report is, in the app's words.
    await alerts.getByText('Fraud type: Money mule', { exact: true }).waitFor()
    const row = page.getByRole('table', { name: 'Watched identifiers' }).getByRole('row').nth(1)
    expect(await row.innerText()).toMatch(/just now\s+(tomorrow|in \d+ hours)/)
    await expectAccessible(page)
  })

  it('dismisses an alert only with a reason, and the badge goes', async () => {
    const { page } = session.desk
    const alerts = page.getByRole('list', { name: 'Alerts' })
    await alerts
      .getByRole('button', { name: /^Dismiss/ })
      .first()
      .click()
    // Sent empty, it is refused in words.
    await page.getByRole('button', { name: 'Dismiss the alert' }).click()
    await see(page, 'A dismissal says why: give a reason.')
    await page.getByLabel('Why dismiss it (required)').fill('Known to the team, case 114 closed.')
    await page.getByRole('button', { name: 'Dismiss the alert' }).click()
    await see(page, 'No alert to look at.')
    await expect.poll(() => badge(page).innerText()).toMatch(/^Watchlist$/)
    await expect.poll(() => page.getByTestId('watch-new-count').innerText()).toBe('· 0 new')
    await page.getByLabel('Show dismissed alerts (1)').check()
    await alerts.getByText('Dismissed', { exact: true }).waitFor()
    expect(
      await alerts.getByRole('button', { name: /^Dismiss|^Escalate|^Mark seen/ }).count(),
    ).toBe(0)
    await page.getByLabel('Show dismissed alerts (1)').uncheck()
  })

  it('marks a second alert seen, then escalates it from the keyboard by starting a draft', async () => {
    const { page, harness } = session.desk
    await reportOnRegistry(harness, {
      fraudType: 'hacker',
      fraudReason: REASON,
      identifiers: [{ label: 'email', value: WATCHED }],
    })
    expect(await checkNow(harness)).toBe(1)
    await openWatchlist(page)
    await expect.poll(() => badge(page).innerText()).toMatch(/^Watchlist\s*1$/)
    const alerts = page.getByRole('list', { name: 'Alerts' })
    await alerts.getByRole('button', { name: /^Mark seen/ }).press('Enter')
    await alerts.getByText('Seen', { exact: true }).waitFor()
    await expect.poll(() => badge(page).innerText()).toMatch(/^Watchlist$/)
    // Escalate… offers the ways on, the keyboard on the first of them.
    await alerts.getByRole('button', { name: /^Escalate…/ }).press('Enter')
    const choice = alerts.getByRole('group', { name: /^Escalate it: what next\?/ })
    // Each names the alert it is about for screen readers (hidden text after the words).
    const words = (await choice.getByRole('button').allInnerTexts()).map((t) => t.split('\n')[0])
    expect(words).toEqual(['Open the report', 'Start a draft', 'Add to a case…', 'Not now'])
    await expect.poll(() => focused(page)).toMatch(/^Open the report/)
    await expectAccessible(page)
    // Escape puts the choice away; opened again, Tab and Enter start a draft.
    await page.keyboard.press('Escape')
    await choice.waitFor({ state: 'detached' })
    await expect.poll(() => focused(page)).toMatch(/^Escalate…/)
    await page.keyboard.press('Enter')
    await expect.poll(() => focused(page)).toMatch(/^Open the report/)
    await page.keyboard.press('Tab')
    await expect.poll(() => focused(page)).toMatch(/^Start a draft/)
    await page.keyboard.press('Enter')

    // The editor holds a new draft naming the watched identifier, the keyboard on its notice.
    await see(page, `A new report naming Email ${WATCHED}, started from a watchlist alert`)
    await expect.poll(() => focused(page)).toBe('editor-notice')
    expect(await page.getByLabel('Email').last().inputValue()).toBe(WATCHED)
    expect(await page.getByLabel('Fraud type').inputValue()).toBe('')
    await expectAccessible(page)

    // The alert is escalated, saying why (the log keeps it).
    await openWatchlist(page)
    const escalated = alerts.getByRole('listitem').filter({ hasText: 'Escalated: Started a draft' })
    await escalated.getByText('Fraud type: Hacker / account takeover', { exact: true }).waitFor()
    expect(await escalated.getByRole('button', { name: /^Escalate|^Dismiss/ }).count()).toBe(0)
  })

  it('a dismissed report updated comes back as an alert saying what changed', async () => {
    const { page, harness } = session.desk
    await harness.core().client.updateReport(firstReport, {
      fraudType: 'theft',
      fraudReason: `${REASON} The money went on to a second account.`,
      identifiers: [{ label: 'email', value: WATCHED }],
      attachments: [],
      showUploaderInfo: false,
    })
    expect(await checkNow(harness)).toBe(1)
    await openWatchlist(page)
    const updated = page
      .getByRole('list', { name: 'Alerts' })
      .getByRole('listitem')
      .filter({ hasText: `A report was updated for Email ${WATCHED}.` })
    await updated.getByText('Fraud type: Money mule → Theft', { exact: true }).waitFor()
    await updated.getByText('Reason changed', { exact: true }).waitFor()
    expect(await updated.getByLabel('Report reference').inputValue()).toBe(firstReport)
    await expectAccessible(page)
  })

  it('opens the report of an escalated alert in Search, selected, with the keyboard on it', async () => {
    const { page } = session.desk
    const escalated = page
      .getByRole('list', { name: 'Alerts' })
      .getByRole('listitem')
      .filter({ hasText: 'Escalated: Started a draft' })
    await escalated.getByRole('button', { name: /^Open the report/ }).press('Enter')
    await see(page, 'The report the watchlist alert is about')
    expect(await page.getByTestId('answer-for').innerText()).toBe(`Email ${WATCHED}`)
    await expect.poll(() => focused(page)).toBe('search-selected-report')
    const selected = page.locator('#search-selected-report')
    expect(await selected.innerText()).toMatch(/Hacker \/ account takeover/)
    expect(await page.locator('.card').count()).toBe(2)
    await expectAccessible(page)
    await openWatchlist(page)
  })

  it('removes an item after asking, and watches a report’s identifiers in one click', async () => {
    const { page } = session.desk
    const table = page.getByRole('table', { name: 'Watched identifiers' })
    await table.getByRole('button', { name: /^Remove/ }).click()
    await page.getByRole('button', { name: 'Keep' }).click()
    await table.waitFor()
    await table.getByRole('button', { name: /^Remove/ }).click()
    await page.getByRole('button', { name: 'Stop watching' }).click()
    await see(page, 'Nothing is watched yet: add an identifier above.')
    // The alerts stay.
    await page.getByRole('list', { name: 'Alerts' }).waitFor()

    await openFirstSubmission(page)
    await page.getByRole('button', { name: 'Watch these identifiers' }).click()
    await see(page, 'Added 1 identifier to the watchlist.')
    await page.getByRole('button', { name: 'Watch these identifiers' }).click()
    await see(page, 'Added 0 identifiers to the watchlist (1 already watched).')
    await openWatchlist(page)
    await page
      .getByRole('table', { name: 'Watched identifiers' })
      .getByRole('cell', { name: WATCHED, exact: true })
      .waitFor()
  })

  it('watches the identifier a search was for, from its answer', async () => {
    const { page } = session.desk
    await goTo(page, 'Search')
    await page.getByLabel('Identifier type').selectOption('email')
    await page.getByLabel('Value').fill('Searched.Once@Example.com')
    await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click()
    await page.getByTestId('answer-for').waitFor()
    await page.getByRole('button', { name: 'Watch this identifier' }).click()
    await see(page, 'Added 1 identifier to the watchlist.')
    await openWatchlist(page)
    await page
      .getByRole('table', { name: 'Watched identifiers' })
      .getByRole('cell', { name: 'searched.once@example.com', exact: true })
      .waitFor()
  })

  it('in the dark theme axe finds nothing, and nothing is clipped at 900×650 or 1440×900', async () => {
    const { page } = session.desk
    await goTo(page, 'Settings')
    await page.getByLabel('Dark', { exact: true }).check()
    await openWatchlist(page)
    await page.getByLabel(/^Show dismissed alerts/).check()
    await page
      .getByRole('list', { name: 'Alerts' })
      .getByText('Dismissed', { exact: true })
      .waitFor()
    // The updated alert's choice open, beside the escalated one's ways on.
    await page
      .getByRole('list', { name: 'Alerts' })
      .getByRole('button', { name: /^Escalate…/ })
      .press('Enter')
    await page.getByRole('group', { name: /^Escalate it: what next\?/ }).waitFor()
    await expectAccessible(page)
    for (const [width, height] of [
      [900, 650],
      [1440, 900],
    ] as const) {
      await page.setViewportSize({ width, height })
      expect(await overflowing(page), `${width}×${height}`).toEqual([])
      await page
        .getByRole('table', { name: 'Watched identifiers' })
        .getByRole('button', { name: /^Remove/ })
        .first()
        .click()
      expect(await overflowing(page), `${width}×${height}, asking`).toEqual([])
      await page.getByRole('button', { name: 'Keep' }).click()
      const nav = await page.getByRole('navigation', { name: 'Screens' }).boundingBox()
      expect((nav?.x ?? 0) + (nav?.width ?? 0)).toBeLessThanOrEqual(width)
    }
    await expectAccessible(page)
  })

  it('sets the checks per hour and watches our own reports from the keyboard, axe clean in dark', async () => {
    const { page, harness } = session.desk
    await goTo(page, 'Settings')
    await page.getByLabel('Dark', { exact: true }).check()
    await page.setViewportSize({ width: 900, height: 650 })
    await reportOnRegistry(harness, {
      fraudType: 'money_mule',
      fraudReason: REASON,
      identifiers: [{ label: 'email', value: OURS }],
    })
    await openWatchlist(page)
    await page.getByRole('heading', { name: 'Watchlist settings' }).waitFor()
    const budget = page.getByLabel('Checks per hour')
    await expect.poll(() => budget.inputValue()).toBe('120')
    const own = page.getByLabel('Watch the identifiers of our own reports')
    expect(await own.isChecked()).toBe(false)
    const said = page.locator('.watch-settings [role="status"]')

    // Out of bounds: refused in words, nothing saved.
    await budget.focus()
    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.type('0')
    await page.keyboard.press('Enter')
    await expect.poll(() => said.getAttribute('class')).toBe('error-text')
    expect(await said.innerText()).toBe(
      'Checks per hour is a whole number from 1 to 3,600 (the default is 120).',
    )
    expect(await budget.getAttribute('aria-invalid')).toBe('true')
    await expectAccessible(page)

    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.type('60')
    await page.keyboard.press('Tab')
    expect(await own.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true)
    await page.keyboard.press('Space')
    expect(await own.isChecked()).toBe(true)
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await expect.poll(() => said.getAttribute('class')).toBe('ok-text')
    expect(await said.innerText()).toMatch(
      /^Saved: up to 60 checks an hour; your organization’s reports are watched\. \d+ identifiers? of your organization’s reports (was|were) added to the list\.$/,
    )
    const row = page
      .getByRole('table', { name: 'Watched identifiers' })
      .getByRole('row')
      .filter({ hasText: OURS })
    expect(await row.innerText()).toMatch(/From our report \S+ \(Money mule\)/)
    expect(await row.innerText()).not.toMatch(/money_mule|undefined/)
    expect(await overflowing(page)).toEqual([])
    await expectAccessible(page)

    // Kept by the core: the screen opened again shows them.
    await openWatchlist(page)
    await expect.poll(() => budget.inputValue()).toBe('60')
    expect(await own.isChecked()).toBe(true)
  })
})
