import { afterEach, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { expectAccessible } from './axe'
import { goTo, PDF_BYTES, REASON, see, useDesk } from './desk'
import {
  fillReport,
  openSubmissions,
  pendingText,
  pushRetriesAnHourAway,
  reportOnRegistry,
} from './report-steps'
import * as Outbox from '../../src/core/outbox/outbox'

const statusBar = (page: Page) => page.getByRole('contentinfo', { name: 'Status' })
const listRow = (page: Page, text: string | RegExp) =>
  page
    .getByRole('list', { name: 'Submitted reports' })
    .getByRole('button')
    .filter({ hasText: text })

/*
 * Issue 27, item 6: what the desk says of a report or of the outbox is what is so now. The list
 * row and the detail agree after an unlisting; times that have passed are never "in 11 seconds";
 * a refresh that changed nothing says so; "queued" turns into "sent"; one report with one file
 * is one pending; the Outbox's list and the status bar's count come from one answer; the history
 * names an item by what it sent, and shows a discarded item at once; the registry answering
 * again sends what waited on it, without waiting out its backoff.
 */
describe('what the desk says follows what happened, in Chromium', { timeout: 120_000 }, () => {
  const session = useDesk()
  // Each journey starts with the registry up and answering, whatever the one before left.
  afterEach(async () => {
    const { page, harness } = session.desk
    await page.unrouteAll({ behavior: 'ignoreErrors' })
    harness.sandbox().clearFaults()
    await harness.registryUp()
  })

  it('after Unlist, the list row says Unlisted as the detail does, without a reload', async () => {
    const { page, harness } = session.desk
    await reportOnRegistry(harness, {
      fraudType: 'money_mule',
      fraudReason: `${REASON} The row to unlist.`,
      identifiers: [{ label: 'email', value: 'unlisted.row@example.com' }],
    })
    await openSubmissions(page)
    const row = listRow(page, 'The row to unlist.')
    await row.click()
    await row.getByText('Listed', { exact: true }).waitFor()
    await page.getByRole('button', { name: 'Unlist', exact: true }).click()
    await page.getByRole('button', { name: 'Unlist report' }).click()
    await see(page, /This report is unlisted/, 30_000)
    await row.getByText('Unlisted', { exact: true }).waitFor({ timeout: 5_000 })
    expect(await row.getByText('Listed', { exact: true }).count()).toBe(0)
    await expectAccessible(page)
  })

  it('a refresh that changed nothing says so, instead of "35 new or changed"', async () => {
    const { page } = session.desk
    const refresh = page.getByRole('button', { name: 'Refresh from registry' })
    await refresh.click()
    await see(page, /Up to date with the registry|Updated from the registry/)
    await page.getByRole('button', { name: 'Refresh from registry' }).waitFor()
    await refresh.click()
    await see(page, 'Up to date with the registry: nothing new or changed.')
  })

  it('"Queued" turns into "Sent" once it was sent; the demo reports too, loaded once only', async () => {
    const { page } = session.desk
    await fillReport(page, { email: 'queued.then.sent@example.com' })
    await page.getByRole('button', { name: 'Queue for sync' }).click()
    // "Queued…" first (it may be sent before the test reads it), then what became of it.
    await see(page, /^(Queued\. It will be sent|Sent: the registry has it now)/)
    await see(page, /^Sent: the registry has it now/, 30_000)
    expect(await page.getByText(/It will be sent when the registry can be reached/).count()).toBe(0)

    const welcome = page.getByRole('region', { name: 'Welcome to the Sandbox' })
    await welcome.getByRole('button', { name: 'Load demo reports' }).click()
    await welcome.getByText(/demo reports are in the sandbox registry/).waitFor({ timeout: 30_000 })
    expect(await welcome.getByRole('button', { name: 'Load demo reports' }).count()).toBe(0)
    await expectAccessible(page)
    await page.reload()
    await welcome.getByText('The demo reports are loaded: search for the values above.').waitFor()
    expect(await welcome.getByRole('button', { name: 'Load demo reports' }).count()).toBe(0)
  })

  it('one report with one file is "1 pending", not 2', async () => {
    const { page, harness } = session.desk
    await see(page, '0 pending', 30_000)
    await harness.registryDown()
    await fillReport(page, { email: 'with.a.file@example.com' })
    await page
      .getByLabel('choose files')
      .setInputFiles({ name: 'statement.pdf', mimeType: 'application/pdf', buffer: PDF_BYTES })
    await see(page, 'statement.pdf')
    await page.getByRole('button', { name: 'Queue for sync' }).click()
    await see(page, /^Queued\./)
    expect(await pendingText(page)).toBe('1 pending')
    await goTo(page, 'Outbox')
    await page.locator('tbody tr').nth(1).waitFor() // its upload and its create
    expect(await pendingText(page)).toBe('1 pending')
    await harness.registryUp()
    await see(page, '0 pending', 30_000)
  })

  it('the history names a create by what it sent, and shows a discarded update at once', async () => {
    const { page, harness } = session.desk
    await reportOnRegistry(harness, {
      fraudType: 'money_mule',
      fraudReason: `${REASON} Named by its create.`,
      identifiers: [{ label: 'email', value: 'named.by.create@example.com' }],
    })
    await harness.registryDown()
    await openSubmissions(page)
    await listRow(page, 'Named by its create.').click()
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    await page.getByRole('button', { name: 'Queue update' }).waitFor()
    await page.getByLabel('Fraud type').selectOption({ label: 'Hacker / account takeover' })
    await page.getByRole('button', { name: 'Queue update' }).click()
    await goTo(page, 'Outbox')
    const update = page.locator('tbody tr', { hasText: 'Update report' })
    await update.waitFor()
    // Not retried while it is being discarded (a send in flight takes its Discard away).
    await pushRetriesAnHourAway(harness)
    await update.getByRole('button', { name: /^Discard/ }).click()
    await page.getByRole('button', { name: 'Discard item' }).click()
    const history = page.getByRole('list', { name: 'Finished items' })
    // At once, not after a reload.
    await history
      .locator('li[data-state="cancelled"]', { hasText: /Update report: Hacker/ })
      .waitFor({ timeout: 5_000 })
    await history
      .locator('li[data-state="done"]', {
        hasText: /Create report: Money mule · named\.by\.create@example\.com/,
      })
      .waitFor()
    expect(
      await history.getByText(/Create report: Hacker \/ account takeover · named\.by/).count(),
    ).toBe(0)
    await expectAccessible(page)
    await harness.registryUp()
  })

  it('once the registry answers again, what waited on it is sent, not left "in 1 hour" under Online', async () => {
    const { page, harness } = session.desk
    harness.sandbox().setFaults([{ kind: 'error', status: 503 }])
    await fillReport(page, { email: 'waits.for.the.registry@example.com' })
    await page.getByRole('button', { name: 'Queue for sync' }).click()
    await goTo(page, 'Outbox')
    await page
      .locator('tbody tr[data-state="waiting_retry"]', { hasText: 'waits.for.the.registry' })
      .waitFor({ timeout: 30_000 })
    await pushRetriesAnHourAway(harness)
    harness.sandbox().clearFaults()
    // Any exchange that gets an answer (here a search) says the registry is back.
    await goTo(page, 'Search')
    await page.getByLabel('Identifier type').selectOption('email')
    await page.getByLabel('Value').fill('nobody@example.com')
    await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click()
    await statusBar(page).getByText('Online', { exact: true }).waitFor()
    await goTo(page, 'Outbox')
    await see(page, '0 pending', 10_000)
    await see(page, /The outbox is empty/)
  })

  it('a sync or a save that just happened is "just now", never "in 8 seconds"', async () => {
    const { page, harness } = session.desk
    // The page's clock reads 8 s behind the core's, as the shared clock of relative times does
    // between two of its 15 s ticks: what the core did just now is newer than the page's now.
    await page.clock.install({ time: Date.now() - 8_000 })
    await page.reload()
    await page.getByRole('navigation', { name: 'Screens' }).waitFor()
    await fillReport(page, { email: 'a.draft.kept@example.com' })
    await see(page, /Draft saved/)
    const drafts = page.getByRole('complementary', { name: 'Drafts' })
    await drafts.locator('time').first().waitFor()
    Outbox.submit(harness.core(), {
      fraudType: 'hacker',
      fraudReason: REASON,
      identifiers: [{ label: 'email', value: 'synced.later@example.com' }],
    })
    await goTo(page, 'Outbox')
    await page.getByRole('button', { name: 'Sync now' }).click()
    await see(page, /Sync finished: \d+ reports? sent/)
    const lastSync = await statusBar(page)
      .getByText(/^Last sync:/)
      .innerText()
    expect(lastSync).toMatch(/^Last sync: just now$/)
    await goTo(page, 'Report')
    const saved = await drafts.locator('time').allInnerTexts()
    expect(saved.join(' ')).not.toMatch(/\bin \d+ seconds?\b/)
    expect(saved).toContain('just now')
  })

  // Last: it leaves the desk with a key the registry refuses.
  it('the Outbox and the status bar say the same, never "empty" beside "2 pending"', async () => {
    const { page, harness } = session.desk
    // Sending is paused (a key the registry refuses): what is queued now is not tried, so no
    // event about it reaches the window; only what the window reads says it is there.
    await goTo(page, 'Settings')
    await page.getByLabel('API key', { exact: true }).fill('sbx_refused_by_the_registry_0000')
    await page.getByRole('button', { name: 'Save key' }).click()
    await see(page, /Set, ending in 0000/)
    Outbox.submit(harness.core(), {
      fraudType: 'hacker',
      fraudReason: REASON,
      identifiers: [{ label: 'email', value: 'refused.key@example.com' }],
    })
    await goTo(page, 'Outbox')
    await page.getByRole('button', { name: 'Sync now' }).click()
    await statusBar(page).getByText('Sending paused').waitFor()
    await page
      .getByRole('main')
      .getByRole('button', { name: /^Discard/ })
      .click()
    await page.getByRole('button', { name: 'Discard item' }).click()
    await see(page, /The outbox is empty/)
    // A report queued beside the window (the CLI, a second window): no event says so.
    Outbox.submit(harness.core(), {
      fraudType: 'theft',
      fraudReason: REASON,
      identifiers: [{ label: 'email', value: 'queued.beside@example.com' }],
    })
    // The Outbox's reading of the outbox is slow, as on a busy laptop; the status bar's (asked
    // with the profiles, when it reads the desk's state) is not. Whoever reads first, the two
    // must say the same.
    let profilesAt = 0
    await page.route('**/api/*', async (route) => {
      const method = new URL(route.request().url()).pathname.split('/').pop()
      if (method === 'profiles') profilesAt = Date.now()
      else if (method === 'outboxList' && Date.now() - profilesAt > 50)
        await new Promise((resolve) => setTimeout(resolve, 1_500))
      await route.continue().catch(() => undefined) // unrouted meanwhile: it went on its own
    })
    await fillReport(page, { email: 'never.empty@example.com' })
    await page.getByRole('button', { name: 'Queue for sync' }).click()
    await see(page, /^Queued\./)
    await goTo(page, 'Outbox')
    const empty = page.getByText(/The outbox is empty/)
    for (let i = 0; i < 20; i++) {
      const said = await pendingText(page)
      const rows = await page.locator('tbody tr').count()
      if (await empty.isVisible()) expect(said).toBe('0 pending')
      if (rows > 0) expect(said).toBe(`${rows} pending`)
      await page.waitForTimeout(100)
    }
    await page.locator('tbody tr').nth(1).waitFor()
    expect(await pendingText(page)).toBe('2 pending')
  })
})
