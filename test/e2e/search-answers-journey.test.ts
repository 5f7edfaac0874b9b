import { describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { expectAccessible } from './axe'
import { goTo, REASON, see, useDesk } from './desk'
import { reportOnRegistry } from './report-steps'

const searchButton = (page: Page) =>
  page.getByRole('main').getByRole('button', { name: 'Search', exact: true })

async function searchFor(page: Page, type: string, value: string): Promise<void> {
  await goTo(page, 'Search')
  await page.getByLabel('Identifier type').selectOption(type)
  await page.getByLabel('Value').fill(value)
  await searchButton(page).click()
}

/*
 * Issue 27, items 3 and 5, and the dead end of item 11 in Search: an answer says which value it
 * is for and goes when a query cannot be asked; a public report (a victim's own words) says who
 * filed it, with its bank and the date of the events, here and in "Already on file"; and a
 * report of the organization found by search opens in Submissions or in the editor.
 */
describe('what a search answers, in Chromium', { timeout: 90_000 }, () => {
  const session = useDesk()

  it('says which value each answer is for, and shows no answer under a query that cannot be asked', async () => {
    const { page } = session.desk
    await searchFor(page, 'phone', '08031234567')
    await page.getByTestId('answer-for').getByText('Phone 08031234567').waitFor()
    await see(page, /^Public reports \(1\)/)
    await page.getByLabel('Identifier type').selectOption('bvn')
    await page.getByLabel('Value').fill('1234')
    await searchButton(page).click()
    await see(page, 'A BVN is 11 digits, with no spaces or letters.')
    // The phone's answer is gone: nothing under the error belongs to another value.
    expect(await page.getByText(/^Public reports \(/).count()).toBe(0)
    expect(await page.getByTestId('answer-for').count()).toBe(0)
    await expectAccessible(page)
  })

  it('a public report says it was filed by the victim, with the bank and the date of the events', async () => {
    const { page } = session.desk
    await searchFor(page, 'phone', '08031234567')
    const card = page.locator('article.card', { hasText: /Caller claiming to be from the bank/ })
    await card.waitFor()
    const text = await card.innerText()
    expect(text).not.toMatch(/Your organization/)
    expect(text).toMatch(/Reported by\s+The victim, a member of the public/)
    expect(text).toMatch(/Victim’s bank\s+Access Bank/)
    expect(text).toMatch(/When it happened\s+\S.*2025/)
    await expectAccessible(page)
  })

  it('"Already on file" says a member of the public filed it, not "organization not shown"', async () => {
    const { page } = session.desk
    await goTo(page, 'Report')
    await page.getByRole('button', { name: 'Add identifier' }).click()
    await page.getByLabel('Identifier type').selectOption('phone')
    await page.getByLabel('Phone').fill('08031234567')
    const onFile = page.getByTestId('on-file')
    await onFile.getByText(/a member of the public/).waitFor({ timeout: 20_000 })
    expect(await onFile.getByText(/organization not shown/).count()).toBe(0)
    await page.getByRole('button', { name: /^Remove/ }).click()
  })

  it('a report of the organization found by search opens in Submissions, and opens to be updated', async () => {
    const { page, harness } = session.desk
    await reportOnRegistry(harness, {
      fraudType: 'identity_theft',
      fraudReason: REASON,
      identifiers: [{ label: 'email', value: 'found.by.search@example.com' }],
    })
    await searchFor(page, 'email', 'found.by.search@example.com')
    const card = page.locator('article.card', { hasText: 'found.by.search@example.com' })
    await card.getByRole('button', { name: /^Open in Submissions/ }).click()
    await page
      .getByRole('heading', { level: 2, name: 'Identity theft · found.by.search@example.com' })
      .waitFor()
    await expectAccessible(page)
    await searchFor(page, 'email', 'found.by.search@example.com')
    await card.getByRole('button', { name: /^Update this report/ }).click()
    await see(page, 'Update: Identity theft · found.by.search@example.com')
    expect(await page.getByLabel('Reason').inputValue()).toBe(REASON)
  })
})
