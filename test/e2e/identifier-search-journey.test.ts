import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { createRegistryClient } from '../../src/core/registry/registry-client'
import { startHarness, type Harness } from '../web-harness/harness-server'
import { expectAccessible } from './axe'
import { builtRenderer, goTo, launchChromium, pickBank, REASON, see, useDesk } from './desk'

/*
 * Issue 27, items 1, 2 and 4: search misses nothing because of how an identifier is written
 * (a phone in any Nigerian spelling, an account without its bank), offline answers include what
 * waits in this computer's outbox and say as of when, and an account can be entered with no
 * bank list on the computer.
 */

/** A report filed on the sandbox registry by its second demo organization (another bank). */
async function filedElsewhere(harness: Harness, identifiers: { label: string; value: string }[]) {
  const sandbox = harness.sandbox()
  const client = createRegistryClient(
    { baseUrl: sandbox.baseUrl, uploadUrl: sandbox.uploadUrl },
    { getApiKey: () => sandbox.demoKeys[1]?.key },
  )
  return (
    await client.createReport({
      fraudType: 'money_mule',
      fraudReason: `${REASON} Filed at another organization.`,
      identifiers: identifiers as { label: 'phone'; value: string }[],
      attachments: [],
      showUploaderInfo: true,
    })
  ).id
}

async function searchFor(
  page: Page,
  type: string,
  value: string,
  options: { offline?: boolean } = {},
) {
  await goTo(page, 'Search')
  await page.getByLabel('Identifier type').selectOption(type)
  await page.getByLabel(type === 'account' ? 'Account number' : 'Value').fill(value)
  const offline = page.getByLabel('Only the saved copy (offline)')
  if ((await offline.isChecked()) !== Boolean(options.offline)) await offline.click()
  await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click()
}

const answer = (page: Page) => page.locator('.answer')

describe(
  'search and "Already on file", whatever the spelling, in Chromium',
  { timeout: 120_000 },
  () => {
    const session = useDesk()

    describe('1. one phone number in every Nigerian spelling', () => {
      it('finds the reports held as 080… and as +234… from any spelling, saying which found each', async () => {
        const { page, harness } = session.desk
        await filedElsewhere(harness, [{ label: 'phone', value: '08036660101' }])
        await filedElsewhere(harness, [{ label: 'phone', value: '+2348036660101' }])
        for (const typed of ['+2348036660101', '2348036660101', '803 666 0101', '0803-666-0101']) {
          await searchFor(page, 'phone', typed)
          await answer(page).getByText('Answer from the registry, just now.').waitFor()
          await answer(page).getByRole('heading', { name: 'Reports (2)' }).waitFor()
          expect(await page.getByRole('alert').count(), typed).toBe(0)
        }
        await answer(page)
          .getByTestId('searched-as')
          .getByText(
            /Searched as 08036660101, \+2348036660101, 2348036660101, 8036660101, \+23408036660101, 23408036660101 and 002348036660101/,
          )
          .waitFor()
        await answer(page).getByText('+2348036660101', { exact: true }).first().waitFor()
        expect(await answer(page).locator('.found-as').count()).toBe(2)
        await expectAccessible(page)
      })

      it('shows one entry in "Already on file" for the number written two ways, with both reports', async () => {
        const { page } = session.desk
        await goTo(page, 'Report')
        const panel = page.getByTestId('on-file')
        for (const [row, typed] of ['+234 803 666 0101', '08036660101'].entries()) {
          await page.getByRole('button', { name: 'Add identifier' }).click()
          await page.getByLabel('Identifier type').nth(row).selectOption('phone')
          await page.getByLabel('Phone').nth(row).fill(typed)
        }
        await panel.getByText(/^2 reports on file/).waitFor({ timeout: 20_000 })
        expect(await panel.getByTestId('on-file-count').count()).toBe(1)
        await panel.getByText(/written \+2348036660101/).waitFor()
        await expectAccessible(page)
        // Leave the editor empty for the next journey.
        await page
          .getByRole('button', { name: /^Remove/ })
          .first()
          .click()
        await page
          .getByRole('button', { name: /^Remove/ })
          .first()
          .click()
      })
    })

    describe('2. offline answers include what waits in the outbox, as of a time', () => {
      it('answers an offline search with the report not yet sent, and says as of when', async () => {
        const { page, harness } = session.desk
        await harness.registryDown()
        await goTo(page, 'Report')
        await page.getByLabel('Fraud type').selectOption({ label: 'Money mule' })
        await page.getByLabel('Reason').fill(REASON)
        await page.getByRole('button', { name: 'Add identifier' }).click()
        await page.getByLabel('Account number').fill('0000014579')
        await pickBank(page, 'First', 'First Bank of Nigeria')
        await page.getByRole('button', { name: 'Queue for sync' }).click()
        await see(page, /^Queued\./)

        await searchFor(page, 'account', '0000014579', { offline: true })
        const waiting = answer(page).getByTestId('waiting-reports')
        await waiting
          .getByRole('heading', { name: /Not yet sent: 1 in this computer’s outbox/ })
          .waitFor()
        await waiting.getByText('not yet sent', { exact: true }).waitFor()
        await waiting.getByText(/0000014579 · First Bank of Nigeria/).waitFor()
        // Every offline answer says as of when, in words, even with nothing saved from the registry.
        await answer(page)
          .getByRole('status')
          .getByText(
            /^Answer from (the copy saved on this computer|this computer only), as of .+ \(/,
          )
          .waitFor()
        await expectAccessible(page)
      })

      it('lists it in "Already on file" as not yet sent, as of a time', async () => {
        const { page } = session.desk
        await goTo(page, 'Report')
        await page.getByRole('button', { name: 'Add identifier' }).click()
        await page.getByLabel('Account number').fill('0000014579')
        await pickBank(page, 'First', 'First Bank of Nigeria')
        const panel = page.getByTestId('on-file')
        await panel.getByText(/^1 report on file/).waitFor()
        await panel.getByText('not yet sent', { exact: true }).waitFor()
        await panel.getByText(/as of now|as of .* ago/).waitFor()
        await expectAccessible(page)
        await page
          .getByRole('button', { name: /^Remove/ })
          .first()
          .click()
      })

      it('says the same once the report is sent: the registry has it, and nothing waits', async () => {
        const { page, harness } = session.desk
        await harness.registryUp()
        await see(page, '0 pending', 30_000)
        await searchFor(page, 'account', '0000014579')
        await answer(page).getByText('Answer from the registry, just now.').waitFor()
        await answer(page).getByRole('heading', { name: 'Reports (1)' }).waitFor()
        expect(await answer(page).getByTestId('waiting-reports').count()).toBe(0)
      })
    })

    describe('4. an account without its bank', () => {
      it('searches the account number at every bank whose CBN code fits it, and says so', async () => {
        const { page, harness } = session.desk
        // 2210001479 fits Providus (101), Standard Chartered (068), Wema (035) and Zenith (057).
        await filedElsewhere(harness, [{ label: 'account', value: '2210001479_zenith-bank' }])
        await searchFor(page, 'account', '2210001479')
        await answer(page).getByRole('heading', { name: 'Reports (1)' }).waitFor()
        await answer(page)
          .getByTestId('searched-as')
          .getByText(
            'Searched at Providus Bank, Standard Chartered Bank, Wema Bank and Zenith Bank, the 4 banks whose CBN codes fit account number 2210001479; 34 other banks were not searched.',
          )
          .waitFor()
        await answer(page).locator('.found-as').getByText('2210001479 · Zenith Bank').waitFor()
        await expectAccessible(page)
      })

      it('says which banks were not searched, never "none on file", and searches them all with one button', async () => {
        const { page, harness } = session.desk
        // 0690000031 fits only Heritage Bank (030) and Rand Merchant Bank (502): filed at Zenith.
        await filedElsewhere(harness, [{ label: 'account', value: '0690000031_zenith-bank' }])
        await searchFor(page, 'account', '0690000031')
        await answer(page).getByRole('heading', { name: 'Reports (0)', exact: true }).waitFor()
        await answer(page)
          .getByTestId('searched-as')
          .getByText(
            'Searched at Heritage Bank and Rand Merchant Bank, the 2 banks whose CBN codes fit account number 0690000031; 36 other banks were not searched.',
          )
          .waitFor()
        await answer(page).getByText('No reports at the banks searched.').waitFor()
        expect(await answer(page).getByText('No reports carry this identifier.').count()).toBe(0)
        await expectAccessible(page)
        await answer(page).getByRole('button', { name: 'Search all banks' }).click()
        await answer(page).getByRole('heading', { name: 'Reports (1)', exact: true }).waitFor()
        await answer(page)
          .getByTestId('searched-as')
          .getByText('Account 0690000031 was searched at all 38 banks of the list.')
          .waitFor()
        await answer(page).locator('.found-as').getByText('0690000031 · Zenith Bank').waitFor()
        expect(await answer(page).getByRole('button', { name: 'Search all banks' }).count()).toBe(0)
      })

      it('offers first the banks the number fits, matches CBN codes, and keeps a bank name typed and left with Tab', async () => {
        const { page } = session.desk
        await goTo(page, 'Report')
        await page.getByRole('button', { name: 'Add identifier' }).click()
        await page.getByLabel('Account number').fill('2210001479')
        await see(page, '4 banks of the list fit this account number: listed first.')
        const bank = page.getByRole('combobox', { name: 'Bank' })
        await bank.focus()
        const options = page.getByRole('listbox', { name: 'Bank matches' }).getByRole('option')
        expect(await options.nth(0).textContent()).toBe('Providus Bank · fits the account number')
        expect(await options.nth(3).textContent()).toBe('Zenith Bank · fits the account number')
        await expectAccessible(page)
        await bank.fill('058')
        expect(await options.allTextContents()).toEqual(['Guaranty Trust Bank'])
        await bank.fill('Zenith Bank')
        await page.keyboard.press('Tab')
        expect(await bank.inputValue()).toBe('Zenith Bank')
        await page
          .getByTestId('on-file')
          .getByText(/^1 report on file/)
          .waitFor({ timeout: 20_000 })
        expect(await page.getByText('Pick the bank from the list.').count()).toBe(0)
      })
    })
  },
)

describe(
  '4. an account entered with no bank list on this computer, in Chromium',
  { timeout: 120_000 },
  () => {
    let browser: Browser
    let context: BrowserContext
    let harness: Harness
    let page: Page
    beforeAll(async () => {
      browser = await launchChromium()
      // A profile's first start while the registry cannot be reached: no bank list was ever fetched.
      harness = await startHarness({ rendererDir: await builtRenderer(), timeoutMs: 3000 })
      await harness.registryDown()
      context = await browser.newContext({ viewport: { width: 1280, height: 860 } })
      page = await context.newPage()
      await page.goto(harness.url)
      await page.getByRole('navigation', { name: 'Screens' }).waitFor()
    }, 120_000)
    afterAll(async () => {
      await context?.close()
      await harness?.stop()
      await browser?.close()
    })

    it('says why in words, takes the bank by its slug, queues the report, and refreshes the list with a button', async () => {
      await page.getByRole('button', { name: 'Add identifier' }).click()
      const notice = page.getByTestId('bank-list-notice')
      await notice
        .getByText(/No bank list is saved on this computer yet, and it could not be fetched/)
        .waitFor()
      const words = (await notice.getByRole('status').textContent()) ?? ''
      expect(words).toMatch(/An account can still be entered with its bank’s slug/)
      expect(words).not.toMatch(/\([A-Z_]{3,}\)|ECONNREFUSED/)
      await notice.getByText('Details').click()
      await notice.getByText(/ECONNREFUSED/).waitFor()
      await expectAccessible(page)

      await page.getByLabel('Fraud type').selectOption({ label: 'Money mule' })
      await page.getByLabel('Reason').fill(REASON)
      await page.getByLabel('Account number').fill('2210001479')
      const bank = page.getByRole('combobox', { name: 'Bank' })
      // A name cannot be looked up yet: kept as typed, with what to do.
      await bank.fill('Zenith Bank')
      // Out of the bank field, then out of the row (Remove is the row's last control).
      await page.keyboard.press('Tab')
      await page.keyboard.press('Tab')
      expect(await bank.inputValue()).toBe('Zenith Bank')
      await see(
        page,
        /so “Zenith Bank” cannot be looked up: refresh the bank list, or type the bank’s slug/,
      )
      await bank.fill('zenith-bank')
      await page.keyboard.press('Tab')
      expect(await page.getByText(/cannot be looked up/).count()).toBe(0)
      await page.getByRole('button', { name: 'Queue for sync' }).click()
      await see(page, /^Queued\./)

      await harness.registryUp()
      await notice.getByRole('button', { name: 'Refresh the bank list' }).click()
      await notice.waitFor({ state: 'detached', timeout: 20_000 })
      await page.getByRole('button', { name: 'Add identifier' }).click()
      await page.getByLabel('Account number').fill('2210001479')
      await see(page, '4 banks of the list fit this account number: listed first.')
    })
  },
)
