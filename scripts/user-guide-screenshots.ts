/**
 * The user guide's screenshots (docs/user-guide.md), taken by a script so they can be made again
 * whenever the window changes:
 *
 *   npm run docs:screenshots                  every shot, into docs/user-guide/
 *   npm run docs:screenshots -- outbox-waiting search-offline   only the shots named
 *
 * Each shot runs on a desk of its own: the web harness (test/web-harness) with a throwaway data
 * folder and the sandbox registry behind it, in Debian's Chromium at 1280×800, light theme. The
 * data each shot needs is made by the shot itself from the fixed values below, so a shot does not
 * depend on the ones before it and the pictures only change when the window does.
 *
 * Adding a shot for a new screen: write a function that takes a `ShotDesk`, brings the window to
 * the state the guide describes, and ends with `desk.save()` (the viewport) or
 * `desk.save(locator)` (one panel); then add it to SHOTS with the file name the guide will use
 * (docs/user-guide/<name>.png) and reference that image in the guide. test/docs/user-guide.test.ts
 * fails until every PNG is referenced by the guide and every image the guide names exists.
 */
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Locator, Page } from 'playwright-core'
import { createRegistryClient } from '../src/core/registry/registry-client'
import { checkDue } from '../src/core/watchlist/watch-check'
import type { ReportInput } from '../src/shared/domain/report-input'
import { builtRenderer, goTo, launchChromium, pickBank, see } from '../test/e2e/desk-page'
import { startHarness, type Harness } from '../test/web-harness/harness-server'
import { drawnPdf } from '../test/support/sample-files'

export const OUT_DIR = join('docs', 'user-guide')
const VIEWPORT = { width: 1280, height: 800 }

/** What a shot gets: the page, the harness behind it, and the way to save the picture. */
export interface ShotDesk {
  page: Page
  harness: Harness
  /**
   * Saves the viewport as docs/user-guide/<name>.png, or only the panels given (the rectangle
   * around them, scrolled into view: panels side by side or one under the other).
   */
  save: (...panels: Locator[]) => Promise<void>
}

export interface Shot {
  /** The PNG's name, without .png: the guide links docs/user-guide/<name>.png. */
  name: string
  take: (desk: ShotDesk) => Promise<void>
}

// Fixed values, so every run shows the same reports.
const PHONE = '08139876543'
const ACCOUNT = '0123456789'
const REASON =
  'The account received ₦4.2 million from several victims of a fake investment scheme in March and moved it on within minutes.'
const OTHER_REASON =
  'A caller posing as a bank officer asked customers for their OTP and had the money paid into this line’s wallet.'
const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')
/** A page that looks like a bank statement (a heading band and rows), for the viewer's picture. */
const STATEMENT_PDF = drawnPdf(
  [
    '0.13 0.27 0.45 rg 40 700 420 50 re f',
    '0.55 0.55 0.55 rg',
    ...Array.from(
      { length: 14 },
      (_, i) => `40 ${640 - i * 36} ${i % 3 === 0 ? 420 : 300} 12 re f`,
    ),
  ].join(' '),
)
/** The organization's reports the Insights picture counts: types, months and banks of their own. */
const INSIGHTS_REPORTS: { type: ReportInput['fraudType']; account: string }[] = [
  { type: 'money_mule', account: '0123456789_access-bank' },
  { type: 'money_mule', account: '0234567891_gtbank' },
  { type: 'money_mule', account: '0345678912_access-bank' },
  { type: 'social_engineering', account: '0456789123_first-bank' },
  { type: 'identity_theft', account: '0567891234_gtbank' },
  { type: 'hacker', account: '0678912345_access-bank' },
]

/** Files a report straight on the sandbox registry as demo organization 0 (this desk's own) or 1 (another). */
async function fileOnRegistry(harness: Harness, organization: 0 | 1, input: ReportInput) {
  const sandbox = harness.sandbox()
  const client = createRegistryClient(
    { baseUrl: sandbox.baseUrl, uploadUrl: sandbox.uploadUrl },
    { getApiKey: () => sandbox.demoKeys[organization]?.key },
  )
  return client.createReport(input)
}

/** Two reports already on the registry for PHONE: one of this organization, one of another. */
async function seedReports(harness: Harness): Promise<string> {
  const own = await fileOnRegistry(harness, 0, {
    fraudType: 'social_engineering',
    fraudReason: OTHER_REASON,
    identifiers: [{ label: 'phone', value: PHONE }],
    attachments: [],
    showUploaderInfo: true,
  })
  await fileOnRegistry(harness, 1, {
    fraudType: 'money_mule',
    fraudReason:
      'Victims of a loan app were told to repay into accounts linked to this phone number, then threatened.',
    identifiers: [{ label: 'phone', value: PHONE }],
    attachments: [],
    showUploaderInfo: true,
  })
  return own.id
}

/** The Report screen without the Sandbox's welcome panel (shown in its own shot). */
async function dismissWelcome(page: Page): Promise<void> {
  const welcome = page.getByRole('region', { name: 'Welcome to the Sandbox' })
  if (await welcome.isVisible()) await welcome.getByRole('button', { name: 'Dismiss' }).click()
}

/** Fills the editor with the guide's example report: an account at Access Bank, a phone, a file. */
async function fillExampleReport(page: Page): Promise<void> {
  await page.getByLabel('Fraud type').selectOption({ label: 'Money mule' })
  await page.getByLabel('Reason').fill(REASON)
  await page.getByRole('button', { name: 'Add identifier' }).click()
  await page.getByLabel('Account number').fill(ACCOUNT)
  await pickBank(page, 'access', 'Access Bank')
  await page.getByRole('button', { name: 'Add identifier' }).click()
  await page.getByLabel('Identifier type').nth(1).selectOption('phone')
  await page.getByLabel('Phone').fill(PHONE)
  await page
    .getByLabel('choose files')
    .setInputFiles({ name: 'statement.pdf', mimeType: 'application/pdf', buffer: PDF_BYTES })
  await see(page, 'statement.pdf')
  await see(page, /Draft saved/)
}

/** Queues the example report while the registry is down, so it waits in the outbox. */
async function queueWhileDown(desk: ShotDesk): Promise<void> {
  const { page } = desk
  await dismissWelcome(page)
  await fillExampleReport(page)
  await desk.harness.registryDown()
  await page.getByRole('button', { name: 'Queue for sync' }).click()
  await see(page, /^Queued\./)
  await goTo(page, 'Outbox')
  await page.getByRole('button', { name: 'Sync now' }).click()
  await see(page, 'Waiting to retry')
  await see(page, /Registry unreachable/)
  // The run "Sync now" started has ended and said so: not caught mid-way at "Syncing…".
  await see(page, /the items stay queued and are sent when it answers/)
}

const panel = (page: Page, heading: string | RegExp): Locator =>
  page.locator('section.panel, aside.panel').filter({
    has: page.getByRole('heading', { name: heading, exact: typeof heading === 'string' }),
  })

/** Three identifiers watched by hand, checked, then reported by another bank on two of them. */
async function watchThree(desk: ShotDesk): Promise<void> {
  const { page, harness } = desk
  await seedReports(harness)
  await goTo(page, 'Watchlist')
  const watch = async (type: string, value: string, owner: string, note: string) => {
    await page.getByLabel('Type', { exact: true }).selectOption({ label: type })
    await page.getByLabel('Value to watch').fill(value)
    await page.getByLabel('Owner (optional)').fill(owner)
    await page.getByLabel('Note (optional)').fill(note)
    await page.getByRole('button', { name: 'Watch', exact: true }).click()
    await see(page, /Now watching/)
  }
  await watch('Phone', PHONE, 'Ada Obi', 'Case 114: loan app threats')
  await watch('Bank account', `${ACCOUNT} access bank`, 'Ada Obi', 'Mule account, March')
  await watch('Email', 'refunds.desk@example.com', 'Tunde Bello', 'Phishing sender')
  // The first checks record what is on file; then another bank files on two of them.
  await checkDue(harness.core(), { all: true })
  await fileOnRegistry(harness, 1, {
    fraudType: 'money_mule',
    fraudReason: REASON,
    identifiers: [{ label: 'account', value: `${ACCOUNT}_access-bank` }],
    attachments: [],
    showUploaderInfo: true,
  })
  await fileOnRegistry(harness, 1, {
    fraudType: 'social_engineering',
    fraudReason: OTHER_REASON,
    identifiers: [{ label: 'phone', value: PHONE }],
    attachments: [],
    showUploaderInfo: true,
  })
  await checkDue(harness.core(), { all: true })
  await goTo(page, 'Search')
  await goTo(page, 'Watchlist')
  await see(page, /A new report names Bank account/)
}

export const SHOTS: Shot[] = [
  {
    name: 'first-start',
    take: async (desk) => {
      await see(desk.page, 'Welcome to the Sandbox')
      await see(desk.page, 'Online')
      await desk.save()
    },
  },
  {
    name: 'settings-key',
    take: async (desk) => {
      const { page } = desk
      await goTo(page, 'Settings')
      await see(page, 'Not set: the sandbox uses its demo key.')
      // The registry's addresses as an organization is given them (nothing answers there).
      await page.getByLabel('Base URL').fill('https://registry.example.com')
      await page.getByLabel('Upload URL').fill('https://uploads.example.com')
      await page.getByRole('button', { name: 'Save addresses' }).click()
      await see(page, 'Saved.')
      await page.getByLabel(/^Registry/).click()
      await see(page, 'API key of the Registry profile')
      await page.getByLabel('API key', { exact: true }).fill('rk_live_demo_for_the_guide_7Q4P')
      await page.getByRole('button', { name: 'Save key' }).click()
      await see(page, 'Set, ending in 7Q4P.')
      await desk.save(panel(page, 'Connection'), panel(page, 'API key of the Registry profile'))
    },
  },
  {
    name: 'report-editor',
    take: async (desk) => {
      const { page } = desk
      await seedReports(desk.harness)
      // Submissions read once, as after a day's use: "Already on file" then knows which are ours.
      await goTo(page, 'Submissions')
      await see(page, /^1 report/)
      await goTo(page, 'Report')
      await dismissWelcome(page)
      await fillExampleReport(page)
      await see(page, '2 reports on file')
      await see(page, 'your organization')
      await desk.save(panel(page, 'Draft report'), panel(page, 'Already on file'))
    },
  },
  {
    name: 'bank-picker',
    take: async (desk) => {
      const { page } = desk
      await dismissWelcome(page)
      await page.getByRole('button', { name: 'Add identifier' }).click()
      await page.getByLabel('Account number').fill(ACCOUNT)
      await page.getByRole('combobox', { name: 'Bank' }).fill('bank')
      await page.getByRole('listbox').waitFor()
      const fieldset = page.locator('fieldset.identifiers')
      const box = await fieldset.boundingBox()
      if (!box) throw new Error('the identifiers are not on screen')
      // The list opens below the row: the picture takes the row and the list under it.
      await page.screenshot({
        path: join(OUT_DIR, 'bank-picker.png'),
        clip: { x: box.x, y: box.y, width: box.width, height: 330 },
      })
    },
  },
  {
    name: 'outbox-waiting',
    take: async (desk) => {
      await queueWhileDown(desk)
      await desk.save()
    },
  },
  {
    name: 'outbox-attention',
    take: async (desk) => {
      const { page, harness } = desk
      const id = await seedReports(harness)
      await dismissWelcome(page)
      await goTo(page, 'Submissions')
      await page
        .getByRole('list', { name: 'Submitted reports' })
        .getByRole('button')
        .first()
        .click()
      await page.getByRole('button', { name: 'Edit', exact: true }).click()
      // Meanwhile a colleague unlists the report on the registry: the update can never be taken.
      const sandbox = harness.sandbox()
      await createRegistryClient(
        { baseUrl: sandbox.baseUrl, uploadUrl: sandbox.uploadUrl },
        { getApiKey: () => sandbox.demoKeys[0]?.key },
      ).unlistReport(id)
      await page.getByLabel('Reason').fill(`${OTHER_REASON} A second wallet was found.`)
      await page.getByRole('button', { name: 'Queue update' }).click()
      await see(page, /1 needs attention/, 30_000)
      await goTo(page, 'Outbox')
      await see(page, 'File as a new report')
      await desk.save()
    },
  },
  {
    name: 'submissions',
    take: async (desk) => {
      const { page } = desk
      await seedReports(desk.harness)
      await dismissWelcome(page)
      await goTo(page, 'Submissions')
      await see(page, /^1 report/)
      await page
        .getByRole('list', { name: 'Submitted reports' })
        .getByRole('button')
        .first()
        .click()
      await page.getByRole('button', { name: 'Unlist' }).click()
      await page.getByLabel('Why (optional, for your records)').fill('Filed twice by mistake.')
      await desk.save()
    },
  },
  {
    name: 'search-online',
    take: async (desk) => {
      const { page } = desk
      await seedReports(desk.harness)
      await goTo(page, 'Search')
      await page.getByLabel('Identifier type').selectOption('phone')
      await page.getByLabel('Value').fill(`+234${PHONE.slice(1)}`)
      await page.getByRole('main').getByRole('button', { name: 'Search', exact: true }).click()
      await see(page, 'Answer from the registry, just now.')
      await desk.save()
    },
  },
  {
    name: 'search-offline',
    take: async (desk) => {
      const { page } = desk
      await seedReports(desk.harness)
      await goTo(page, 'Search')
      await page.getByLabel('Identifier type').selectOption('phone')
      await page.getByLabel('Value').fill(PHONE)
      const search = page.getByRole('main').getByRole('button', { name: 'Search', exact: true })
      await search.click()
      await see(page, 'Answer from the registry, just now.')
      // The registry goes away; a report queued meanwhile waits in the outbox.
      await goTo(page, 'Report')
      await queueWhileDown(desk)
      await goTo(page, 'Search')
      await page.getByLabel('Identifier type').selectOption('phone')
      await page.getByLabel('Value').fill(PHONE)
      await search.click()
      await see(page, /Answer from the copy saved on this computer/)
      await desk.save()
    },
  },
  {
    name: 'bulk-preview',
    take: async (desk) => {
      const { page } = desk
      await goTo(page, 'Bulk import')
      const header =
        'fraud_type,fraud_reason,show_uploader_info,account_number_1,bank_1,phone,email'
      const rows = [
        `Money mule,"${REASON}",yes,0123456789,Access Bank,,`,
        `Identity theft,"An account was opened with a stolen NIN and used to receive loan disbursements that were never repaid.",no,,,08051234567,`,
        `Romance fraud,Asked for money.,yes,,,,lover@example.com`,
        `Money mule,"Funds from a phishing campaign were received and moved on to a crypto exchange within the hour.",yes,12345,Zenith Bank,,`,
      ]
      await page.getByText('Choose a spreadsheet').setInputFiles({
        name: 'march-cases.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from([header, ...rows].join('\n') + '\n'),
      })
      await see(page, '2 rows to fix')
      await desk.save()
    },
  },
  {
    name: 'check-connection',
    take: async (desk) => {
      const { page } = desk
      await goTo(page, 'Settings')
      await page.getByRole('button', { name: 'Check connection' }).click()
      await see(page, /All is well|Something stands between|Casefile can reach the registry/)
      await desk.save(panel(page, 'Proxy and certificates'), panel(page, 'Check the connection'))
    },
  },
  {
    name: 'evidence-viewer',
    take: async (desk) => {
      const { page } = desk
      await dismissWelcome(page)
      await page.getByLabel('choose files').setInputFiles({
        name: 'bank-statement.pdf',
        mimeType: 'application/pdf',
        buffer: STATEMENT_PDF,
      })
      await see(page, /Draft saved/)
      await page.getByRole('button', { name: 'Open bank-statement.pdf' }).first().click()
      await page.getByRole('dialog', { name: 'bank-statement.pdf' }).waitFor()
      await page.locator('dialog.viewer canvas[data-drawn="1"]').waitFor()
      await desk.save()
    },
  },
  {
    name: 'insights',
    take: async (desk) => {
      const { page, harness } = desk
      for (const { type, account } of INSIGHTS_REPORTS)
        await fileOnRegistry(harness, 0, {
          fraudType: type,
          fraudReason: REASON,
          identifiers: [{ label: 'account', value: account }],
          attachments: [],
          showUploaderInfo: true,
        })
      await goTo(page, 'Submissions')
      await see(page, /^6 reports/)
      await goTo(page, 'Insights')
      await see(page, /As of the last refresh of Submissions/)
      await desk.save()
    },
  },
  {
    name: 'screening',
    take: async (desk) => {
      const { page, harness } = desk
      await fileOnRegistry(harness, 1, {
        fraudType: 'money_mule',
        fraudReason: REASON,
        identifiers: [{ label: 'account', value: '0123456789_access-bank' }],
        attachments: [],
        showUploaderInfo: true,
      })
      await seedReports(harness)
      const list = [
        'Customer,Account No.,Bank,Contact',
        'Ada Obi,0123456789,Access Bank,',
        'Bayo Ade,0987654321,GTBank,08060000001',
        `Chi Eze,,,${PHONE}`,
        'Dayo Ola,,,8.13988E+09',
      ].join('\n')
      await goTo(page, 'Screening')
      await page.getByLabel('Choose a file to screen').setInputFiles({
        name: 'customers.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(list),
      })
      await see(page, /rows under the header/)
      await page.getByLabel('What column D (Contact) holds').selectOption('phone')
      await page.getByLabel('Searches a second').fill('10')
      await page.getByRole('button', { name: 'Start screening' }).click()
      await see(page, 'Finished', 60_000)
      await page.getByLabel('Show').selectOption('hit')
      await page
        .getByRole('heading', { name: /values? could not be read/ })
        .scrollIntoViewIfNeeded()
      await desk.save()
    },
  },
  {
    name: 'watchlist-alerts',
    take: async (desk) => {
      await watchThree(desk)
      await desk.save(panel(desk.page, /^Alerts/))
    },
  },
  {
    name: 'watchlist',
    take: async (desk) => {
      await watchThree(desk)
      await desk.page.getByRole('button', { name: /^Edit \(Email/ }).click()
      await desk.save(panel(desk.page, 'Watchlist'))
    },
  },
]

async function takeShot(browser: Browser, shot: Shot): Promise<void> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'casefile-guide-'))
  const harness = await startHarness({
    rendererDir: await builtRenderer(),
    userDataDir,
    timeoutMs: 3000,
  })
  const context = await browser.newContext({
    viewport: VIEWPORT,
    colorScheme: 'light',
    locale: 'en-GB',
    timezoneId: 'Africa/Lagos',
  })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  try {
    await page.goto(harness.url)
    await page.getByRole('navigation', { name: 'Screens' }).waitFor()
    const save = async (...panels: Locator[]) => {
      const path = join(OUT_DIR, `${shot.name}.png`)
      // No focus ring or hover left on the picture from the last thing typed or clicked.
      await page.evaluate('document.activeElement?.blur()')
      await page.mouse.move(0, 0)
      if (panels.length === 0) return void (await page.screenshot({ path }))
      await panels[0]?.evaluate((element) => element.scrollIntoView({ block: 'start' }))
      const boxes = await Promise.all(panels.map((p) => p.boundingBox()))
      if (boxes.some((box) => !box)) throw new Error(`${shot.name}: a panel is not on screen`)
      const all = boxes as { x: number; y: number; width: number; height: number }[]
      // The rectangle around them, a little wider, but never over the top bar or the status bar.
      const pad = 8
      const topBar = await page.locator('header.top-bar').boundingBox()
      const statusBar = await page.locator('footer.status-bar').boundingBox()
      const x = Math.max(0, Math.min(...all.map((b) => b.x)) - pad)
      const y = Math.max(
        topBar ? topBar.y + topBar.height : 0,
        Math.min(...all.map((b) => b.y)) - pad,
      )
      const right = Math.min(VIEWPORT.width, Math.max(...all.map((b) => b.x + b.width)) + pad)
      const bottom = Math.min(
        statusBar ? statusBar.y : VIEWPORT.height,
        Math.max(...all.map((b) => b.y + b.height)) + pad,
      )
      await page.screenshot({ path, clip: { x, y, width: right - x, height: bottom - y } })
    }
    await shot.take({ page, harness, save })
    if (errors.length) throw new Error(`The page threw: ${errors.join('; ')}`)
  } catch (error) {
    // What the window showed when the shot failed, to see why (never into the guide's folder).
    const failed = join(tmpdir(), `casefile-guide-${shot.name}-failed.png`)
    await page.screenshot({ path: failed }).catch(() => undefined)
    console.error(`${shot.name} failed; the window as it was: ${failed}`)
    throw error
  } finally {
    await context.close()
    await harness.stop()
    rmSync(userDataDir, { recursive: true, force: true })
  }
}

async function main() {
  const wanted = process.argv.slice(2)
  const unknown = wanted.filter((name) => !SHOTS.some((shot) => shot.name === name))
  if (unknown.length) {
    console.error(
      `No shot named ${unknown.join(', ')}. The shots: ${SHOTS.map((s) => s.name).join(', ')}`,
    )
    process.exit(1)
  }
  mkdirSync(OUT_DIR, { recursive: true })
  const browser = await launchChromium()
  try {
    for (const shot of SHOTS) {
      if (wanted.length && !wanted.includes(shot.name)) continue
      await takeShot(browser, shot)
      const size = statSync(join(OUT_DIR, `${shot.name}.png`)).size
      console.log(`${shot.name}.png  ${(size / 1024).toFixed(0)} KiB`)
    }
  } finally {
    await browser.close()
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
