import { describe, expect, it } from 'vitest'
import { createRegistryClient } from '../../src/core/registry/registry-client'
import { expectAccessible } from './axe'
import { goTo, REASON, see, useDesk } from './desk'

const PHONE = '08035550101'

/*
 * "Already on file" beside the editor: typing an identifier shows the reports already filed for
 * it, from the saved copy at once (offline too), then from the registry; the organization's own
 * report can be updated instead of filing the same case again.
 */
describe('already on file, in Chromium', { timeout: 90_000 }, () => {
  const session = useDesk()
  let ownId = ''

  it('has the organization’s own report and another organization’s on the registry', async () => {
    const { page, harness } = session.desk
    const sandbox = harness.sandbox()
    const client = (key: string | undefined) =>
      createRegistryClient(
        { baseUrl: sandbox.baseUrl, uploadUrl: sandbox.uploadUrl },
        { getApiKey: () => key },
      )
    const input = (reason: string) => ({
      fraudType: 'money_mule' as const,
      fraudReason: reason,
      identifiers: [{ label: 'phone' as const, value: PHONE }],
      attachments: [],
      showUploaderInfo: true,
    })
    ownId = (await client(sandbox.demoKeys[0]?.key).createReport(input(REASON))).id
    await client(sandbox.demoKeys[1]?.key).createReport(
      input(`${REASON} Seen at a second organization.`),
    )
    // The desk's saved copy learns of its own report from the submissions list.
    await goTo(page, 'Submissions')
    await page.getByRole('button', { name: 'Refresh from registry' }).click()
    await see(page, /^1 report/)
  })

  it('offline, shows the saved copy’s match as the identifier is typed, with a way to update it', async () => {
    const { page, harness } = session.desk
    await harness.registryDown()
    await goTo(page, 'Report')
    const panel = page.getByTestId('on-file')
    await panel.getByText(/Enter an identifier/).waitFor()
    await page.getByRole('button', { name: 'Add identifier' }).click()
    await page.getByLabel('Identifier type').selectOption('phone')
    await page.getByLabel('Phone').fill(PHONE)
    await panel.getByText(/^1 report on file/).waitFor()
    await panel.getByText(/from the saved copy/).waitFor()
    await panel.getByText(/your organization/).waitFor()
    await panel.getByRole('button', { name: 'Update that report instead' }).waitFor()
    await expectAccessible(page)
  })

  it('online, adds what the registry knows: the other organization’s report, named', async () => {
    const { page, harness } = session.desk
    await harness.registryUp()
    // Typed again, the identifier is looked up again (once the typing pauses).
    await page.getByLabel('Phone').fill('')
    await page.getByLabel('Phone').fill(PHONE)
    const panel = page.getByTestId('on-file')
    await panel.getByText(/^2 reports on file/).waitFor({ timeout: 20_000 })
    await panel.getByText(/from the registry/).waitFor()
    await panel.getByText(/Savannah Payments \(demo\)/).waitFor()
    await expectAccessible(page)
  })

  it('opens another organization’s report through a search for the identifier', async () => {
    const { page } = session.desk
    const panel = page.getByTestId('on-file')
    await panel
      .getByRole('listitem')
      .filter({ hasText: 'Savannah Payments' })
      .getByRole('button')
      .first()
      .click()
    await see(page, 'Answer from the registry, just now.')
    await see(page, /Seen at a second organization/)
  })

  it('updates the organization’s own report instead of filing it again', async () => {
    const { page } = session.desk
    await goTo(page, 'Report')
    const panel = page.getByTestId('on-file')
    await panel.getByRole('button', { name: 'Update that report instead' }).click()
    // Named by what it is, never by its registry id.
    await see(page, /^Update: /)
    expect(await page.getByRole('main').innerText()).not.toContain(ownId)
    expect(await page.getByLabel('Reason').inputValue()).toBe(REASON)
  })
})
