import { describe, expect, it } from 'vitest'
import { goTo, see, useDesk } from './desk'

/*
 * Settings in Chromium: registry addresses refused with a message that says how to fix them, the
 * API key set (never shown back, only its last four), removed after confirming, the connection
 * tested, and the whole screen usable from the keyboard.
 */
describe('settings and the API key, in Chromium', { timeout: 60_000 }, () => {
  const session = useDesk()

  it('reaches Settings from the keyboard alone, with a visible focus', async () => {
    const { page } = session.desk
    const nav = page.getByRole('navigation', { name: 'Screens' })
    await nav.getByRole('button', { name: 'Report' }).focus()
    for (let i = 0; i < 5; i++) await page.keyboard.press('Tab')
    // Page-side expressions as text: this file is type-checked for Node, without DOM types.
    expect(await page.evaluate('document.activeElement.textContent')).toBe('Settings')
    const outline = await page.evaluate('getComputedStyle(document.activeElement).outlineStyle')
    expect(outline).not.toBe('none')
    await page.keyboard.press('Enter')
    await see(page, 'API key of the Sandbox profile')
  })

  it('refuses a registry address that is not https, saying what to write', async () => {
    const { page } = session.desk
    await page.getByLabel('Base URL').fill('http://registry.example.com')
    await page.getByLabel('Upload URL').fill('https://uploads.example.com')
    await page.getByRole('button', { name: 'Save addresses' }).click()
    await see(page, /Base URL: The address must start with https:\/\//)
    await page.getByLabel('Base URL').fill('https://registry.example.com')
    await page.getByRole('button', { name: 'Save addresses' }).click()
    await see(page, 'Saved.')
    await see(page, /Registry — https:\/\/registry\.example\.com/)
  })

  it('sets the key without ever showing it back, then removes it after confirming', async () => {
    const { page } = session.desk
    await page.getByLabel('API key', { exact: true }).fill('sk_sandbox_PRIVATEPART_9F3K')
    await page.getByRole('button', { name: 'Save key' }).click()
    await see(page, 'Set, ending in 9F3K.')
    expect(await page.getByLabel('New key (replaces the stored one)').inputValue()).toBe('')
    expect(await page.content()).not.toContain('PRIVATEPART')
    await page.getByRole('button', { name: 'Remove key' }).click()
    await see(page, 'Remove the stored key?')
    await page
      .getByRole('group', { name: 'Remove the stored key?' })
      .getByRole('button', { name: 'Remove key' })
      .click()
    await see(page, 'Not set: the sandbox uses its demo key.')
  })

  it('tests the connection against the sandbox registry', async () => {
    const { page } = session.desk
    await page.getByRole('button', { name: 'Test connection' }).click()
    await see(page, /Connected: \d+ banks, 0 submissions/)
    await goTo(page, 'Report')
  })
})
