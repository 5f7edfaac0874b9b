import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { expectAccessible } from './axe'
import { pickBank, REASON, see, useDesk } from './desk'

/** What has focus, as a person would name it: its label, else its text (page-side source text). */
const FOCUSED = `(() => {
  const el = document.activeElement
  if (!el || el === document.body) return 'body'
  const label = el.id ? document.querySelector('label[for="' + CSS.escape(el.id) + '"]') : null
  return ((label && label.textContent) || el.textContent || el.tagName).trim()
})()`
const focused = async (page: Page) => (await page.evaluate(FOCUSED)) as string

/*
 * The editor judges a field when the person leaves it, clears the problem as soon as it is fixed,
 * lists what stops a Queue with a way to each field, and keeps focus where a keyboard user expects.
 */
describe('the report editor, in Chromium', { timeout: 90_000 }, () => {
  const session = useDesk()

  it('judges a field when it is left, not from the first keystroke, and clears it once fixed', async () => {
    const { page } = session.desk
    await see(page, 'New report')
    await page.getByLabel('Reason').fill('Too short')
    expect(await page.getByText(/it needs at least 50/).count()).toBe(0)
    await page.getByLabel('Reason').press('Tab')
    await see(page, /it needs at least 50/)
    expect(await page.getByLabel('Reason').getAttribute('aria-invalid')).toBe('true')
    await page.getByLabel('Reason').fill(REASON)
    expect(await page.getByText(/it needs at least 50/).count()).toBe(0)
    expect(await page.getByLabel('Reason').getAttribute('aria-invalid')).toBeNull()
  })

  it('shows the saved reason in the Drafts list without a reload', async () => {
    const { page } = session.desk
    await see(page, /Draft saved/)
    const drafts = page.getByRole('complementary', { name: 'Drafts' })
    await drafts.getByText(REASON.slice(0, 40)).waitFor()
    expect(await drafts.getByText('No reason yet').count()).toBe(0)
  })

  it('moves focus to a new identifier, and from the bank list to the next control with Tab', async () => {
    const { page } = session.desk
    await page.getByRole('button', { name: 'Add identifier' }).click()
    await expect.poll(() => focused(page)).toBe('Identifier type')
    await page.getByLabel('Account number').fill('0123456789')
    const bank = page.getByRole('combobox', { name: 'Bank' })
    await bank.focus()
    await bank.fill('acce')
    await page.keyboard.press('Tab')
    await expect.poll(() => focused(page)).toMatch(/^Remove/)
    await pickBank(page, 'acce', 'Access Bank')
  })

  it('opens the file chooser with Enter as well as Space', async () => {
    const { page } = session.desk
    const input = page.getByLabel('choose files')
    // Counts activations of the file input (each opens the system's file chooser).
    await input.evaluate((el) => {
      el.addEventListener('click', () =>
        el.setAttribute('data-opened', String(Number(el.getAttribute('data-opened') ?? 0) + 1)),
      )
    })
    await input.focus()
    const chooser = page.waitForEvent('filechooser', { timeout: 15_000 }).catch(() => null)
    await page.keyboard.press('Enter')
    await expect.poll(() => input.getAttribute('data-opened')).toBe('1')
    await chooser
  })

  it('lists what stops a Queue by field label, focused, each a way to its field', async () => {
    const { page } = session.desk
    await page.getByRole('button', { name: 'Queue for sync' }).click()
    const summary = page.getByRole('alert').filter({ hasText: 'cannot be queued yet' })
    await summary.waitFor()
    // Focus moves to the summary once it is drawn: wait for it rather than race the render.
    await expect
      .poll(() => summary.evaluate((el) => el === el.ownerDocument.activeElement))
      .toBe(true)
    expect(await summary.innerText()).not.toMatch(/fraudType|identifiers\.\d/)
    await expectAccessible(page)
    await summary.getByRole('button', { name: 'Fraud type' }).click()
    await expect.poll(() => focused(page)).toBe('Fraud type')
    await page.getByLabel('Fraud type').selectOption({ label: 'Money mule' })
    // Fixed: the summary and the field's error go at once.
    expect(await page.getByText('cannot be queued yet').count()).toBe(0)
  })

  it('after a Queue, focus is on the message that says it was queued; New report focuses the first field', async () => {
    const { page } = session.desk
    await page.getByRole('button', { name: 'Queue for sync' }).click()
    // Queued, then sent: the message says which, and focus stays on it.
    await see(page, /^(Queued\.|Sent: the registry has it now)/)
    await expect.poll(() => focused(page)).toMatch(/^(Queued\.|Sent: the registry has it now)/)
    await expectAccessible(page)
    await page.getByLabel('Reason').fill('A draft to leave.')
    await see(page, /Draft saved/)
    await page.getByRole('button', { name: 'New report' }).click()
    await expect.poll(() => focused(page)).toBe('Fraud type')
  })

  it('after Remove, focus goes to the row that takes its place, the one before, or Add identifier', async () => {
    const { page } = session.desk
    const rows = page.locator('.identifier-row')
    await page.getByRole('button', { name: 'Add identifier' }).click()
    await page.getByRole('button', { name: 'Add identifier' }).click()
    const count = await rows.count()
    expect(count).toBeGreaterThanOrEqual(2)
    // The first of several: the row after it takes its place and has focus.
    await rows
      .first()
      .getByRole('button', { name: /^Remove/ })
      .click()
    await expect.poll(() => rows.count()).toBe(count - 1)
    await expect.poll(() => focused(page)).toBe('Identifier type')
    // The last: the one before it.
    await rows
      .last()
      .getByRole('button', { name: /^Remove/ })
      .click()
    await expect.poll(() => rows.count()).toBe(count - 2)
    if (count - 2 > 0) await expect.poll(() => focused(page)).toBe('Identifier type')
    while ((await rows.count()) > 0)
      await rows
        .last()
        .getByRole('button', { name: /^Remove/ })
        .click()
    // None left: "Add identifier", not the page.
    await expect.poll(() => focused(page)).toBe('Add identifier')
  })
})
