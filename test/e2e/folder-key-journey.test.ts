import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openCore } from '../../src/core/open-core'
import { keychainAccount, readFolderIdentity } from '../../src/core/encryption/folder-key'
import { exportFolderKey } from '../../src/core/encryption/key-transfer'
import { databaseState } from '../../src/core/encryption/migrate-folder'
import { openDataFolder } from '../../src/core/encryption/open-data-folder'
import { keyringBackend } from '../../src/core/secrets/keyring-backend'
import { profileDataDir } from '../../src/core/settings'
import { TEST_SCRYPT } from '../support/test-scrypt'
import { startHarness, type Harness } from '../web-harness/harness-server'
import { expectAccessible } from './axe'
import { builtRenderer, launchChromium, see } from './desk'
import * as Drafts from '../../src/core/drafts/drafts'

/*
 * A data folder whose key is lost (another laptop, a reset keychain) or wrong, in Chromium: the
 * window says so in words instead of an empty desk, changes nothing, and offers the two ways out
 * the CLI has: import the key exported where the folder was made (the file chosen in main's own
 * dialog, the passphrase typed in the window), or set the folder aside and start a new one.
 *
 * The core process finds folder keys in the REAL OS keychain here, as in the app (npm test starts
 * a throwaway gnome-keyring when there is none), so it is required in CI as the keychain tests are.
 */
const required = Boolean(process.env['CI']) || process.env['CASEFILE_SECRET_SERVICE'] === '1'
const runs =
  required || (process.platform === 'linux' && Boolean(process.env['DBUS_SESSION_BUS_ADDRESS']))

const PASSPHRASE = 'the passphrase typed on the old laptop'
const REASON_HELD =
  'Draft held in a folder whose key is lost: the account received money from four victims of a fake loan app.'

interface LockedFolder {
  userDataDir: string
  dataDir: string
  key: Buffer
  account: string
  /** A digest of every file the folder holds that matters: unchanged means untouched. */
  digest: () => string
}

/** A user-data folder whose Sandbox folder is encrypted, holds a draft, and whose key is not in the keychain. */
async function lockedFolder(): Promise<LockedFolder> {
  const userDataDir = mkdtempSync(join(tmpdir(), 'casefile-web-'))
  const dataDir = profileDataDir(userDataDir, 'sandbox')
  const key = randomBytes(32)
  // Made with a key given outside the keychain, as on another computer: the keychain has none.
  await openDataFolder(dataDir, { keychain: null, envKey: key.toString('hex') })
  const core = openCore({
    dataDir,
    folderKey: key,
    connection: { baseUrl: 'http://127.0.0.1:9', uploadUrl: 'http://127.0.0.1:9/upload' },
    getApiKey: () => undefined,
  })
  Drafts.createDraft(core, {
    fraudType: 'money_mule',
    fraudReason: REASON_HELD,
    identifiers: [{ label: 'bvn', value: '22233344466' }],
  })
  await core.close()
  const identity = readFolderIdentity(dataDir)
  if (!identity) throw new Error('the folder has no identity')
  const files = ['casefile.db', 'casefile-folder.json']
  return {
    userDataDir,
    dataDir,
    key,
    account: keychainAccount(identity),
    digest: () =>
      files
        .map((file) =>
          createHash('sha256')
            .update(readFileSync(join(dataDir, file)))
            .digest('hex'),
        )
        .join(':'),
  }
}

describe.runIf(runs)('a data folder whose key is lost, in Chromium', { timeout: 120_000 }, () => {
  let browser: Browser
  const keychain = keyringBackend()
  const accounts: string[] = []
  const opened: { harness: Harness; close: () => Promise<void> }[] = []

  beforeAll(async () => {
    browser = await launchChromium()
  }, 60_000)
  afterAll(async () => {
    for (const desk of opened) await desk.close()
    await browser?.close()
    for (const account of accounts) await keychain.remove(account).catch(() => false)
  })

  async function open(folder: LockedFolder, chooseKeyFile: () => string | null): Promise<Page> {
    accounts.push(folder.account)
    const harness = await startHarness({
      rendererDir: await builtRenderer(),
      userDataDir: folder.userDataDir,
      folderKeys: 'keychain',
      chooseKeyFile,
      timeoutMs: 3000,
    })
    const context = await browser.newContext({ viewport: { width: 1280, height: 860 } })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (error) => errors.push(error.message))
    opened.push({
      harness,
      close: async () => {
        await context.close()
        await harness.stop()
        if (errors.length) throw new Error(`The page threw: ${errors.join('; ')}`)
      },
    })
    await page.goto(harness.url)
    return page
  }

  it('says the key is not on this computer, changes nothing, and opens the folder once its key is imported', async () => {
    const folder = await lockedFolder()
    const before = folder.digest()
    const exportFile = join(mkdtempSync(join(tmpdir(), 'casefile-key-')), 'old-laptop.key.json')
    const identity = readFolderIdentity(folder.dataDir)!
    writeFileSync(
      exportFile,
      JSON.stringify(
        await exportFolderKey(folder.key, identity.id, PASSPHRASE, { scrypt: TEST_SCRYPT }),
      ),
    )
    let chosen: string | null = null
    const page = await open(folder, () => chosen)

    const heading = page.getByRole('heading', {
      name: 'The key of this data folder is not on this computer',
    })
    await heading.waitFor()
    await see(page, /is encrypted and its key is not in .*Nothing in the folder was changed\./)
    expect(await page.evaluate('document.activeElement.id')).toBe('folder-key-h')
    await see(page, 'This data folder cannot be opened: see the panel above.')
    // Nothing is known of the outbox or the registry while the folder is shut: nothing is claimed.
    expect(await page.getByTestId('pending-count').count()).toBe(0)
    expect(await page.getByTestId('connection').count()).toBe(0)
    await expectAccessible(page)

    // No passphrase yet: said, nothing asked of main.
    const importButton = page.getByRole('button', { name: 'Choose key file and import…' })
    await importButton.click()
    await see(page, 'Type the passphrase the key file was exported with')
    // The dialog closed without a file.
    await page.getByLabel('Passphrase of the key file').fill(PASSPHRASE)
    await importButton.click()
    await see(page, 'No key file was chosen: nothing changed.')

    // The right file, a wrong passphrase: refused in words, focus on why, folder untouched.
    chosen = exportFile
    await page.getByLabel('Passphrase of the key file').fill('not the passphrase at all')
    await importButton.click()
    await see(page, 'The passphrase does not open this key export: check it and try again.')
    if (process.env['CASEFILE_SCREENSHOT'])
      await page.screenshot({ path: process.env['CASEFILE_SCREENSHOT'] })
    expect(await page.evaluate('document.activeElement.getAttribute("role")')).toBe('alert')
    expect(await keychain.read(folder.account)).toBeNull()
    expect(folder.digest()).toBe(before)
    await expectAccessible(page)

    // A file that is not a key export at all.
    const notAKey = join(mkdtempSync(join(tmpdir(), 'casefile-key-')), 'notes.json')
    writeFileSync(notAKey, '{"hello": "world"}')
    chosen = notAKey
    await importButton.click()
    await see(page, 'That file is not a Casefile key export')
    expect(await keychain.read(folder.account)).toBeNull()

    // The right passphrase: the key is kept in the keychain and the desk opens on the folder.
    chosen = exportFile
    await page.getByLabel('Passphrase of the key file').fill(PASSPHRASE)
    await importButton.click()
    await heading.waitFor({ state: 'detached' })
    expect(await keychain.read(folder.account)).toBe(folder.key.toString('hex'))
    await see(page, REASON_HELD.slice(0, 40))
    expect(await page.getByText('This data folder cannot be opened').count()).toBe(0)
  })

  it('with a wrong key in the keychain, sets the folder aside (nothing deleted) and starts a new one', async () => {
    const folder = await lockedFolder()
    await keychain.write(folder.account, randomBytes(32).toString('hex'))
    const before = folder.digest()
    const page = await open(folder, () => null)

    await page
      .getByRole('heading', {
        name: 'This data folder does not open with the key on this computer',
      })
      .waitFor()
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Set this folder aside…' }).click()
    await see(page, 'Set this folder aside and start a new, empty one?')
    await page.getByRole('button', { name: 'Set it aside' }).click()

    const notice = page.getByText(
      /The old data folder is kept, unchanged, as (.+set-aside-[\d-]+)\./,
    )
    await notice.waitFor()
    const aside = /as (.+set-aside-[\d-]+)\./.exec((await notice.textContent()) ?? '')?.[1] ?? ''
    expect(aside.startsWith(`${folder.dataDir}.set-aside-`)).toBe(true)
    // The old folder, whole, under its new name; a new encrypted one in its place.
    const old = { ...folder, dataDir: aside }
    expect(
      ['casefile.db', 'casefile-folder.json']
        .map((file) =>
          createHash('sha256')
            .update(readFileSync(join(old.dataDir, file)))
            .digest('hex'),
        )
        .join(':'),
    ).toBe(before)
    await see(page, 'Welcome to the Sandbox')
    expect(existsSync(join(folder.dataDir, 'casefile.db'))).toBe(true)
    expect(databaseState(join(folder.dataDir, 'casefile.db'))).toBe('encrypted')
    const fresh = readFolderIdentity(folder.dataDir)
    expect(fresh?.id).not.toBe(readFolderIdentity(aside)?.id)
    if (fresh) accounts.push(keychainAccount(fresh))
    await expectAccessible(page)
  })
})
