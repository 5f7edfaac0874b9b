import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { createRegistryClient } from '../../src/core/registry/registry-client'
import { expectAccessible } from './axe'
import { goTo, REASON, see, useDesk } from './desk'
import { openSubmissions, reportOnRegistry } from './report-steps'

const ISO_STAMP = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/

const listRow = (page: Page, text: string | RegExp) =>
  page
    .getByRole('list', { name: 'Submitted reports' })
    .getByRole('button')
    .filter({ hasText: text })
const mainText = async (page: Page) => (await page.getByRole('main').innerText()) ?? ''

/*
 * Issue 27, items 8 and 10, and the history's dead end of item 11: the words a person uses (no
 * slugs, schema paths, registry ids or ISO stamps where a name exists), an update the registry
 * will never take filed as a new report in one step, an unlisting that asks why (for the
 * organization's own records: the registry's unlist takes no reason), and a history row that
 * opens its report.
 */
describe('refusals, ways out and the words for them, in Chromium', { timeout: 120_000 }, () => {
  const session = useDesk()

  it('an empty fraud type and an account row not typed in ask for what is missing, in words', async () => {
    const { page } = session.desk
    await goTo(page, 'Report')
    await page.getByRole('button', { name: 'Add identifier' }).click()
    await page.getByRole('button', { name: 'Queue for sync' }).click()
    const summary = page.getByRole('alert').filter({ hasText: 'cannot be queued yet' })
    await summary.getByText('Choose the type of fraud.').waitFor()
    await see(page, 'Enter the account number: 10 digits (NUBAN).')
    const text = await mainText(page)
    expect(text).not.toMatch(/is not one the registry knows|identity_theft|money_mule/)
    expect(text).not.toMatch(/<account_number>|bank_slug|_access-bank/)
    await expectAccessible(page)
    await page.getByRole('button', { name: /^Remove/ }).click()
  })

  it('an update of a report that left the list offers "File as a new report", in words without ids or ISO stamps', async () => {
    const { page, harness } = session.desk
    const id = await reportOnRegistry(harness, {
      fraudType: 'identity_theft',
      fraudReason: `${REASON} It left the list.`,
      identifiers: [{ label: 'email', value: 'left.the.list@example.com' }],
    })
    await openSubmissions(page)
    await listRow(page, 'It left the list.').click()
    const heading = page.getByRole('heading', { level: 2, name: /left\.the\.list@example\.com/ })
    await heading.waitFor()
    expect(await heading.innerText()).toBe('Identity theft · left.the.list@example.com')
    await page.getByRole('button', { name: 'Edit', exact: true }).click()
    await see(page, 'Update: Identity theft · left.the.list@example.com')
    expect(await mainText(page)).not.toMatch(UUID)
    // While the update is written, a colleague unlists the report on the registry.
    const sandbox = harness.sandbox()
    await createRegistryClient(
      { baseUrl: sandbox.baseUrl, uploadUrl: sandbox.uploadUrl },
      { getApiKey: () => sandbox.demoKeys[0]?.key },
    ).unlistReport(id)
    await page.getByLabel('Reason').fill(`${REASON} It left the list. A second account was found.`)
    await page.getByRole('button', { name: 'Queue update' }).click()
    await see(page, /1 needs attention/, 30_000)
    await goTo(page, 'Outbox')
    const row = page.locator('tbody tr[data-state="needs_attention"]')
    await row
      .getByText(/This report is unlisted \(since .+\) and can no longer be updated/)
      .waitFor()
    const said = await row.innerText()
    expect(said).not.toMatch(ISO_STAMP)
    expect(said).not.toMatch(UUID)
    expect(said).not.toMatch(/registry id/i)
    expect(await row.getByRole('button', { name: 'Retry' }).count()).toBe(0)
    expect(await row.getByRole('button', { name: 'Edit and requeue' }).count()).toBe(0)
    await expectAccessible(page)

    await row.getByRole('button', { name: 'File as a new report' }).click()
    await see(page, /your update is now a new report: check it and queue it/)
    await see(page, 'Draft report')
    expect(await page.getByLabel('Reason').inputValue()).toBe(
      `${REASON} It left the list. A second account was found.`,
    )
    expect(await page.getByLabel('Email').inputValue()).toBe('left.the.list@example.com')
    await see(page, '0 pending')
    await page.getByRole('button', { name: 'Queue for sync' }).click()
    await see(page, /^Sent: the registry has it now/, 30_000)
    await goTo(page, 'Outbox')
    const history = page.getByRole('list', { name: 'Finished items' })
    await history.locator('li[data-state="cancelled"]', { hasText: 'Update report' }).waitFor()
    expect(await history.innerText()).not.toMatch(/registry id|[0-9a-f]{8}-[0-9a-f]{4}-/i)
  })

  it('Unlist asks why, for the organization’s own records, and keeps the note with the item', async () => {
    const { page, harness } = session.desk
    await reportOnRegistry(harness, {
      fraudType: 'money_mule',
      fraudReason: `${REASON} Unlisted with a note.`,
      identifiers: [{ label: 'email', value: 'unlisted.with.a.note@example.com' }],
    })
    await openSubmissions(page)
    await listRow(page, 'Unlisted with a note.').click()
    await page.getByRole('button', { name: 'Unlist', exact: true }).click()
    const ask = page.getByRole('group', { name: /Unlist this report\?/ })
    await ask.getByText(/The registry takes no reason for an unlisting/).waitFor()
    // The note is asked for first, and where focus goes.
    expect(await page.evaluate('document.activeElement?.tagName')).toBe('TEXTAREA')
    await expectAccessible(page)
    await ask
      .getByLabel('Why (optional, for your records)')
      .fill('Filed twice by the Ikeja branch.')
    await ask.getByRole('button', { name: 'Unlist report' }).click()
    await see(page, /This report is unlisted/, 30_000)
    await see(page, 'Your note: Filed twice by the Ikeja branch.')
    await goTo(page, 'Outbox')
    await page
      .getByRole('list', { name: 'Finished items' })
      .locator('li', { hasText: /Unlist report: Money mule/ })
      .getByText(/Your note: Filed twice by the Ikeja branch\./)
      .waitFor()
  })

  it('a line of the history opens its report, and opens it to be updated', async () => {
    const { page, harness } = session.desk
    await reportOnRegistry(harness, {
      fraudType: 'theft',
      fraudReason: `${REASON} Opened from the history.`,
      identifiers: [{ label: 'email', value: 'from.the.history@example.com' }],
    })
    const created = page
      .getByRole('list', { name: 'Finished items' })
      .locator('li[data-state="done"]', { hasText: /Create report: Theft · from\.the\.history/ })
    await openSubmissions(page)
    await goTo(page, 'Outbox')
    await created.waitFor()
    expect(await created.innerText()).not.toMatch(/registry id|[0-9a-f]{8}-[0-9a-f]{4}-/i)
    await created.getByRole('button', { name: /^Open in Submissions/ }).click()
    await page
      .getByRole('heading', { level: 2, name: 'Theft · from.the.history@example.com' })
      .waitFor()
    await goTo(page, 'Outbox')
    await created.getByRole('button', { name: /^Update this report/ }).click()
    await see(page, 'Update: Theft · from.the.history@example.com')
    expect(await page.getByLabel('Reason').inputValue()).toBe(`${REASON} Opened from the history.`)
    await expectAccessible(page)
  })
})
