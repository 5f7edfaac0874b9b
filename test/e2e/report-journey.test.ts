import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { expectAccessible } from './axe'
import { createRegistryClient } from '../../src/core/registry/registry-client'
import {
  builtRenderer,
  goTo,
  openFirstSubmission,
  PDF_BYTES,
  pickBank,
  REASON,
  see,
  useDesk,
} from './desk'
import * as Drafts from '../../src/core/drafts/drafts'

/*
 * The main journey in real Chromium: first start on the sandbox, a report drafted with an account
 * picked from the bank list and an attachment, queued while the registry is down, sent when it
 * comes back, then found by search online and offline, edited and unlisted.
 */
describe(
  'the report journey, in Chromium against the sandbox registry',
  { timeout: 60_000 },
  () => {
    const session = useDesk()
    /** The journey's report as the registry holds it now, decoded (the demo organization's only one). */
    const onTheRegistry = async () => {
      const sandbox = session.desk.harness.sandbox()
      const registry = createRegistryClient(
        { baseUrl: sandbox.baseUrl, uploadUrl: sandbox.uploadUrl },
        { getApiKey: () => sandbox.demoKeys[0]?.key },
      )
      const [mine] = (await registry.listSubmissions({ page: 1, limit: 10 })).data
      return registry.decodeSubmission(mine?.id ?? '')
    }

    it('serves the production bundle, with the harness bridge injected only by the harness', async () => {
      const dir = await builtRenderer()
      const bundle = readdirSync(join(dir, 'assets'))
        .map((file) => readFileSync(join(dir, 'assets', file), 'utf8'))
        .join('\n')
      expect(bundle).not.toContain('__CASEFILE_HARNESS__')
      expect(readFileSync(join(dir, 'index.html'), 'utf8')).not.toContain('harness-bridge')
    })

    it('starts on the Sandbox profile, with nothing pending', async () => {
      const { page } = session.desk
      await see(page, 'SANDBOX')
      await see(page, '0 pending')
      await see(page, 'New report')
    })

    it('drafts a report with a bank account from the list and an attachment, autosaved', async () => {
      const { page } = session.desk
      await page.getByLabel('Fraud type').selectOption({ label: 'Money mule' })
      await page.getByLabel('Reason').fill('Too short')
      await page.getByLabel('Reason').press('Tab')
      await see(page, /it needs at least 50/)
      await page.getByLabel('Reason').fill(REASON)
      await see(page, `${REASON.length} / 2000 characters`)
      await page.getByRole('button', { name: 'Add identifier' }).click()
      await page.getByLabel('Account number').fill('012345678')
      // Judged once the person leaves the identifier.
      await page.getByLabel('Reason').focus()
      await see(page, /must be 10 digits/)
      await page.getByLabel('Account number').fill('0123456789')
      await pickBank(page, 'acce', 'Access Bank')
      await page.getByLabel('choose files').setInputFiles({
        name: 'statement.pdf',
        mimeType: 'application/pdf',
        buffer: PDF_BYTES,
      })
      await see(page, 'statement.pdf')
      await page.getByLabel('choose files').setInputFiles({
        name: 'tool.exe',
        mimeType: 'application/octet-stream',
        buffer: Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]),
      })
      await see(page, /tool\.exe is not a file type the registry takes/)
      await see(page, /Draft saved/)
      // The draft is what main stored, not only what the page shows.
      const [draft] = Drafts.listReports(session.desk.harness.core(), { status: 'draft' })
      expect(draft?.draft.identifiers).toEqual([
        { label: 'account', value: '0123456789_access-bank' },
      ])
    })

    it('keeps what was typed across a reload', async () => {
      const { page } = session.desk
      await page.reload()
      await see(page, 'Draft report')
      expect(await page.getByLabel('Reason').inputValue()).toBe(REASON)
      await see(page, 'statement.pdf')
      await expectAccessible(page)
    })

    it('queues it while the registry is down and shows it pending', async () => {
      const { page, harness } = session.desk
      await harness.registryDown()
      await page.getByRole('button', { name: 'Queue for sync' }).click()
      await see(page, /^Queued\./)
      await see(page, /[1-9] pending/)
      await goTo(page, 'Outbox')
      await see(page, 'Create report')
      await see(page, 'Upload attachment')
      await page.getByRole('button', { name: 'Sync now' }).click()
      await see(page, /registry cannot be reached|Waiting to retry/)
    })

    it('sends it when the registry is back, and says so', async () => {
      const { page, harness } = session.desk
      await harness.registryUp()
      await page.getByRole('button', { name: 'Sync now' }).click()
      await see(page, '0 pending', 30_000)
      const states = await page
        .locator('tbody tr')
        .evaluateAll((rows) => rows.map((row) => row.getAttribute('data-state')))
      expect(states.every((state) => state === 'done')).toBe(true)
      await see(page, 'History')
      await see(page, /Create report: Money mule · 0123456789 · Access Bank/)
      await expectAccessible(page)
      await see(page, /Last sync: (?!never)/)
    })

    it('finds it by search online, then offline from the saved copy', async () => {
      const { page, harness } = session.desk
      await goTo(page, 'Search')
      await page.getByLabel('Account number').fill('0123456789')
      await pickBank(page, 'access', 'Access Bank')
      await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click()
      await see(page, 'Answer from the registry, just now.')
      await see(page, REASON)
      await expectAccessible(page)
      await harness.registryDown()
      await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click()
      await see(page, /Answer from the copy saved on this computer, as of/)
      await see(page, REASON)
      await harness.registryUp()
    })

    it('edits it from the submissions list: the change goes out as an update', async () => {
      const { page } = session.desk
      await goTo(page, 'Submissions')
      await see(page, /^1 report/)
      await openFirstSubmission(page)
      await see(page, REASON)
      // Our own report: its identifiers in full, as the list beside it shows them.
      await see(page, '0123456789 · Access Bank')
      await page.getByRole('button', { name: 'Edit', exact: true }).click()
      await see(page, /^Update: Money mule · 0123456789 · Access Bank/)
      // The file already on the registry is shown and kept; one more is added for the update.
      const files = page.locator('.attachment-list li')
      await expect
        .poll(() => files.allTextContents())
        .toEqual([expect.stringMatching(/on the registry/)])
      await page.getByLabel('choose files').setInputFiles({
        name: 'confirmation.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.concat([PDF_BYTES, Buffer.from('% the bank confirmed\n')]),
      })
      await see(page, 'confirmation.pdf')
      await page.getByLabel('Reason').fill(`${REASON} Updated after the bank's confirmation.`)
      await page.getByRole('button', { name: 'Queue update' }).click()
      // Said as it stands: queued, or already sent.
      await see(page, /queued as an update|^Sent: the registry has it now/)
      // It may be sent before the Outbox opens: done items leave the outbox, so wait for none pending.
      await see(page, '0 pending', 30_000)
      const onRegistry = await onTheRegistry()
      expect(onRegistry.fraudReason).toMatch(/Updated after the bank's confirmation/)
      expect(onRegistry.attachments).toHaveLength(2) // the first file kept, the new one added
    })

    it('removes an attachment in an update, and only that one', async () => {
      const { page } = session.desk
      await openFirstSubmission(page)
      await page.getByRole('button', { name: 'Edit', exact: true }).click()
      const files = page.locator('.attachment-list li')
      await expect.poll(() => files.count()).toBe(2)
      await files
        .first()
        .getByRole('button', { name: /^Remove/ })
        .click()
      // Focus moves to the next file's Remove button, not to the page.
      await expect
        .poll(() => page.evaluate('document.activeElement?.textContent ?? ""'))
        .toMatch(/^Remove/)
      await expect.poll(() => files.count()).toBe(1)
      await page.getByRole('button', { name: 'Queue update' }).click()
      // Said as it stands: queued, or already sent.
      await see(page, /queued as an update|^Sent: the registry has it now/)
      await see(page, '0 pending', 30_000)
      expect((await onTheRegistry()).attachments).toHaveLength(1)
    })

    it('unlists it after asking, and the list shows it unlisted', async () => {
      const { page } = session.desk
      await openFirstSubmission(page)
      await see(page, /Updated after the bank's confirmation/)
      await page.getByRole('button', { name: 'Unlist', exact: true }).click()
      await see(page, 'Unlist this report? Other organizations will no longer find it.')
      await page.getByRole('button', { name: 'Unlist report' }).click()
      // It may be sent at once: then the panel says so right away.
      await see(page, /Unlisting is queued|This report is unlisted/)
      // While it waits, the panel offers nothing that would be refused.
      expect(await page.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0)
      await see(page, '0 pending', 30_000)
      await page.getByRole('button', { name: 'Refresh from registry' }).click()
      // The open panel follows: unlisted, no more "queued", no Edit or Unlist to offer.
      const detail = page.getByRole('complementary', { name: /^Money mule · 0123456789/ })
      await detail.getByText('Unlisted', { exact: true }).waitFor()
      await detail.getByText(/This report is unlisted/).waitFor()
      expect(await detail.getByText(/Unlisting is queued/).count()).toBe(0)
      expect(await detail.getByRole('button', { name: 'Edit', exact: true }).count()).toBe(0)
      expect(await detail.getByRole('button', { name: 'Unlist', exact: true }).count()).toBe(0)
      await expectAccessible(page)
      await page.getByLabel('Listing').selectOption('unlisted')
      await see(page, /^1 report/)
    })
  },
)
