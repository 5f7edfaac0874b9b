import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser } from 'playwright-core'
import { createRegistryClient } from '../../src/core/registry/registry-client'
import { goTo, launchChromium, openDesk, openFirstSubmission, REASON, see, type Desk } from './desk'
import * as Outbox from '../../src/core/outbox/outbox'
import * as Drafts from '../../src/core/drafts/drafts'

/*
 * An item that needs attention: a colleague unlisted a report on the registry, this desk then
 * queues an update of it, the registry refuses (409), and the investigator reads the registry's
 * message, is offered to file it as a new report (retrying or editing cannot help), and discards
 * it after confirming. Filing it as a new report: refusals-and-words-journey.test.ts.
 */
describe('an outbox item that needs attention, in Chromium', { timeout: 60_000 }, () => {
  let browser: Browser
  let desk: Desk
  let registryId = ''
  beforeAll(async () => {
    browser = await launchChromium()
    desk = await openDesk(browser)
    const core = desk.harness.core()
    const queued = Outbox.submit(core, {
      fraudType: 'identity_theft',
      fraudReason: REASON,
      identifiers: [{ label: 'bvn', value: '22212345678' }],
    })
    if (!queued.ok) throw new Error(queued.message)
    // The core syncs on its own as well; wait for whichever run sends it.
    for (let tries = 0; tries < 200 && !registryId; tries++) {
      await core.engine.runOnce()
      registryId = Drafts.findReport(core, queued.report.localId)?.registryId ?? ''
      if (!registryId) await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }, 120_000)
  afterAll(async () => {
    await desk?.close()
    await browser?.close()
  })

  it('shows the registry’s refusal of an update and counts it as needing attention', async () => {
    const { page } = desk
    expect(registryId).not.toBe('')
    await openFirstSubmission(page)
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    // While the update is being written, a colleague unlists the report on the registry.
    const sandbox = desk.harness.sandbox()
    await createRegistryClient(
      { baseUrl: sandbox.baseUrl, uploadUrl: sandbox.uploadUrl },
      { getApiKey: () => sandbox.demoKeys[0]?.key },
    ).unlistReport(registryId)
    await page.getByLabel('Reason').fill(`${REASON} A second account was found.`)
    await page.getByRole('button', { name: 'Queue update' }).click()
    await see(page, /1 needs attention/, 30_000)
    await goTo(page, 'Outbox')
    await see(page, 'Needs attention')
    await see(page, /can no longer be updated/)
  })

  it('offers to file it as a new report, not to retry or edit what the registry will never take', async () => {
    const { page } = desk
    await goTo(page, 'Outbox')
    const row = page.locator('tbody tr[data-state="needs_attention"]')
    await row.getByText(/file a new report instead/).waitFor()
    expect(await row.locator('td').nth(3).textContent()).toBe('1')
    await row.getByRole('button', { name: 'File as a new report' }).waitFor()
    expect(await row.getByRole('button', { name: 'Retry' }).count()).toBe(0)
    expect(await row.getByRole('button', { name: 'Edit and requeue' }).count()).toBe(0)
  })

  it('discards it only after confirming', async () => {
    const { page } = desk
    await goTo(page, 'Outbox')
    await page.getByRole('main').getByRole('button', { name: 'Discard' }).click()
    await see(page, 'Discard this item? It will not be sent.')
    await page.keyboard.press('Escape')
    await see(page, 'Needs attention')
    await page.getByRole('main').getByRole('button', { name: 'Discard' }).click()
    await page.getByRole('button', { name: 'Discard item' }).click()
    await see(page, /The outbox is empty/)
    await see(page, '0 pending')
  })
})
