import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { expectAccessible } from './axe'
import { goTo, REASON, see, useDesk } from './desk'
import * as Outbox from '../../src/core/outbox/outbox'

/** The page believes the computer went offline (the OS said so), while its bridge still works. */
async function computerOffline(page: Page, offline: boolean): Promise<void> {
  await page.evaluate(`(() => {
    Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => ${!offline} })
    window.dispatchEvent(new Event('${offline ? 'offline' : 'online'}'))
  })()`)
}

const connection = (page: Page) => page.getByTestId('connection')

/*
 * The desk tells the truth about the registry and the outbox: reachability from every exchange,
 * the same words in the status bar, Search and Outbox; Sync now that really sends what waits.
 */
describe('truthful state, in Chromium', { timeout: 90_000 }, () => {
  const session = useDesk()

  it('says Online once the registry answered, with 0 axe violations', async () => {
    const { page } = session.desk
    await page.getByText('Online', { exact: true }).waitFor()
    await expectAccessible(page)
  })

  it('says the registry is unreachable, and why, when it answers 503: in the status bar, Search and Outbox', async () => {
    const { page, harness } = session.desk
    harness.sandbox().setFaults([{ kind: 'error', status: 503 }])
    await goTo(page, 'Search')
    await page.getByLabel('Identifier type').selectOption('email')
    await page.getByLabel('Value').fill('mule@example.com')
    await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click()
    await see(page, 'Registry unreachable')
    expect(await connection(page).getAttribute('title')).toMatch(/unavailable for now/)
    const note = page.locator('.connection-note')
    await note.getByText(/it says it is unavailable for now/).waitFor()
    // The technical side is there, folded behind "Details".
    await note.getByText('Details').click()
    await note.getByText(/HTTP 503/).waitFor()
    await expectAccessible(page)
    await goTo(page, 'Outbox')
    await page
      .locator('.connection-note')
      .getByText(/unavailable for now/)
      .waitFor()
    harness.sandbox().clearFaults()
  })

  it('says why when nothing answers at the address, and Online again once it answers', async () => {
    const { page, harness } = session.desk
    await harness.registryDown()
    await goTo(page, 'Search')
    await page.getByLabel('Identifier type').selectOption('email')
    await page.getByLabel('Value').fill('mule@example.com')
    await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click()
    await see(page, /nothing answers at its address/)
    // No error codes in the sentence itself.
    expect(await page.locator('.callout').allInnerTexts()).not.toContainEqual(
      expect.stringMatching(/ECONNREFUSED/),
    )
    await harness.registryUp()
    await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click()
    await page.getByText('Online', { exact: true }).waitFor()
    expect(await page.locator('.connection-note').count()).toBe(0)
  })

  it('"Sync now" sends an item that waits for its next try, and says so', async () => {
    const { page, harness } = session.desk
    const core = harness.core()
    harness.sandbox().setFaults([{ kind: 'error', status: 503 }])
    const queued = Outbox.submit(core, {
      fraudType: 'hacker',
      fraudReason: REASON,
      identifiers: [{ label: 'email', value: 'waits@example.com' }],
    })
    expect(queued.ok).toBe(true)
    // The desk's core tries it (the registry answers 503), so it waits for its next try.
    await goTo(page, 'Outbox')
    await page.getByRole('button', { name: 'Sync now' }).click()
    await page.locator('tbody tr[data-state="waiting_retry"]').waitFor()
    // A long backoff: once it has failed, its next try is an hour away.
    const inAnHour = Date.now() + 3_600_000
    for (let tries = 0; tries < 200; tries++) {
      core.db
        .prepare("UPDATE operations SET next_attempt_at = ? WHERE state = 'waiting_retry'")
        .run(inAnHour)
      const op = Outbox.outbox(core).operations[0]
      if (op?.state === 'waiting_retry' && (op.nextAttemptAt ?? 0) >= inAnHour) break
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    harness.sandbox().clearFaults()
    // Opened again, the Outbox reads the item's new next try.
    await goTo(page, 'Report')
    await goTo(page, 'Outbox')
    await page.locator('tbody tr[data-state="waiting_retry"]').waitFor()
    await see(page, /in 1 hour|in 60 minutes/)
    await page.getByRole('button', { name: 'Sync now' }).click()
    await see(page, /Sync finished: 1 report sent/)
    await see(page, '0 pending')
  })

  it('offline, "Sync now" says the registry cannot be reached, and the status bar says Offline', async () => {
    const { page, harness } = session.desk
    await computerOffline(page, true)
    await see(page, 'Offline')
    await harness.registryDown()
    Outbox.submit(harness.core(), {
      fraudType: 'hacker',
      fraudReason: REASON,
      identifiers: [{ label: 'email', value: 'offline@example.com' }],
    })
    await page.getByRole('button', { name: 'Sync now' }).click()
    await see(page, /This computer is offline, so the registry cannot be reached/)
    await page.locator('.connection-note[data-connection="offline"]').waitFor()
    await expectAccessible(page)
    await computerOffline(page, false)
    await harness.registryUp()
    await see(page, '0 pending', 30_000)
  })

  it('keeps the Outbox history across a reload, filtered by state and date', async () => {
    const { page } = session.desk
    await page.reload()
    await goTo(page, 'Outbox')
    const history = page.getByRole('list', { name: 'Finished items' })
    await history
      .getByText(/Create report: Hacker \/ account takeover · waits@example\.com/)
      .waitFor()
    await history
      .getByText(/Create report: Hacker \/ account takeover · offline@example\.com/)
      .waitFor()
    await page.getByLabel('Show').selectOption('cancelled')
    await see(page, 'Nothing finished matches these filters.')
    await page.getByLabel('Show').selectOption('done')
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    await page.getByLabel('Finished from').fill(tomorrow)
    await see(page, 'Nothing finished matches these filters.')
    await page.getByLabel('Finished from').fill('')
    await history.getByText(/waits@example\.com/).waitFor()
    await expectAccessible(page)
  })
  it('an empty search says plainly that nothing was found, with no hint about how to write values', async () => {
    const { page } = session.desk
    await goTo(page, 'Search')
    await page.getByLabel('Identifier type').selectOption('email')
    await page.getByLabel('Value').fill('nobody-ever@example.com')
    await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click()
    await see(page, 'No reports carry this identifier.')
    const text = (await page.getByRole('main').textContent()) ?? ''
    expect(text).not.toMatch(/slug|_access-bank|<account_number>/i)
  })

  it('a refused key pauses sending: one line in the status bar, and Open Settings leads to the key field', async () => {
    const { page, harness } = session.desk
    const bar = page.getByRole('contentinfo', { name: 'Status' })
    const oneLine = (await bar.boundingBox())?.height ?? 0
    await goTo(page, 'Settings')
    await page.getByLabel('API key', { exact: true }).fill('sbx_refused_by_the_registry_0000')
    await page.getByRole('button', { name: 'Save key' }).click()
    await see(page, /Set, ending in 0000/)
    await goTo(page, 'Report')
    Outbox.submit(harness.core(), {
      fraudType: 'hacker',
      fraudReason: REASON,
      identifiers: [{ label: 'email', value: 'paused@example.com' }],
    })
    await goTo(page, 'Outbox')
    await page.getByRole('button', { name: 'Sync now' }).click()
    await bar.getByText('Sending paused').waitFor()
    // The registry's long explanation is behind the words, not wrapped into the bar.
    expect((await bar.boundingBox())?.height ?? 0).toBeLessThanOrEqual(oneLine + 1)
    await bar.getByRole('button', { name: 'Open Settings' }).click()
    await expect
      .poll(() => page.evaluate('document.activeElement && document.activeElement.id'))
      .toBe('api-key')
    await expectAccessible(page)
  })
})
