import { app, BrowserWindow, ipcMain, Menu, net, Notification, session, shell } from 'electron'
import { join } from 'node:path'
import { ensurePrivateDir } from '../core/private-files'
import { createKeychainKeyStore, ProxyCredentialStore } from '../core/secrets'
import { settingsFilePath, SettingsStore } from '../core/settings'
import type { SyncRunSummary } from '../shared/contracts/outbox'
import { appCoreProfile } from './core-host/core-profile'
import { CoreHost, delegateWorkHandlers } from './core-host/core-host'
import { createAppCore } from './core-host/wire-core'
import { createShellHandlers } from './ipc/contract-handlers'
import { createEventPusher } from './ipc/push-events'
import { chooseCaFile } from './network/choose-ca-file'
import { chooseSavePath } from './files/choose-save-path'
import { createFileHandlers } from './files/file-handlers'
import { createNetworkHandlers } from './network/network-handlers'
import { createProxyLogin, osProxyResolver } from './network/os-proxy'
import { registerContract } from './ipc/register-contract'
import { stopBeforeQuit } from './lifecycle/quit-guard'
import { appMenuTemplate } from './menu/app-menu'
import { screeningNotification } from './notifications/screening-notification'
import { watchNotification } from './notifications/watch-notification'
import type { WatchAlertsRaised } from '../shared/contracts/watchlist'
import { syncNotification, type NotificationText } from './notifications/sync-notification'
import type { ScreeningFinished } from '../shared/contracts/screening'
import { createAppUpdates } from './update/app-updates'
import { electronUpdaterBackend } from './update/electron-updater-backend'
import { createUpdateHandlers } from './update/update-handlers'
import { chooseKeyFile } from './security/choose-key-file'
import { confirmInMain } from './security/confirm-in-main'
import { oneAtATime } from './security/confirmations'
import { hardenSession, hardenWebContents } from './security/harden'
import { confirmedLinkOpener } from './security/navigation'
import { rendererEntry } from './security/renderer-entry'
import { registerAppScheme, serveAppProtocol } from './security/serve-app-protocol'
import { focusWindow } from './window-focus'
import { mainWindowOptions } from './window-options'

// The Electron shell: it wires windows, IPC, the keychain and the core; it decides nothing
// itself (every decision is a pure function beside it, tested under Node).

const log = (message: string, error?: unknown) =>
  console.error(`[casefile] ${message}`, error instanceof Error ? error.message : (error ?? ''))

// Must happen before the app is ready.
registerAppScheme()

const entry = rendererEntry({
  isPackaged: app.isPackaged,
  devServerUrl: process.env['ELECTRON_RENDERER_URL'],
})
let mainWindow: BrowserWindow | null = null

function createWindow(): BrowserWindow {
  const window = new BrowserWindow(mainWindowOptions(join(__dirname, '../preload/index.js')))
  window.once('ready-to-show', () => window.show())
  window.on('closed', () => (mainWindow = null))
  void window.loadURL(entry.url)
  return window
}

/**
 * Main's own native dialog, one at a time, for what the page must not do alone (a key, a
 * registry address, the update channel, an install, a link out): confirmations.ts.
 */
const confirm = oneAtATime((words) => confirmInMain(mainWindow, words))

// Every link out is confirmed first, naming its host (it has passed decideWindowOpen: https
// only, no credentials in it).
const openLink = confirmedLinkOpener(confirm, (url) =>
  shell.openExternal(url).catch((error: unknown) => log(`Could not open ${url}`, error)),
)
function openInBrowser(url: string): void {
  openLink(url).catch((error: unknown) => log(`Could not ask to open ${url}`, error))
}

async function startShell(): Promise<void> {
  serveAppProtocol(join(__dirname, '../renderer'))
  hardenSession(session.defaultSession, entry.appOrigins)
  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      appMenuTemplate({
        platform: process.platform,
        appName: app.getName(),
        developerItems: !app.isPackaged,
      }),
    ),
  )

  const userData = app.getPath('userData')
  // 0700 whatever the umask: the profiles' data folders beneath hold PII (private-files.ts).
  ensurePrivateDir(userData)
  const { store: settings, recovered, newer } = await SettingsStore.open(settingsFilePath(userData))
  if (recovered) log(recovered.reason)
  if (newer) log(newer)

  const push = createEventPusher(
    () => (mainWindow ? [mainWindow.webContents] : []),
    (error) => log(error.message),
  )
  const keys = createKeychainKeyStore({
    onFallbackToMemory: (reason) => log(`API keys are kept in memory only. ${reason}`),
  })
  // The computer's proxy, per URL, as Chromium reads the OS settings (manual, PAC, WPAD) and
  // their changes; a proxy's user name and password from the keychain, for the core's CONNECT
  // and for Chromium's own challenges (the updater's downloads).
  const proxyCredentials = new ProxyCredentialStore(keys)
  const credentialsFor = (address: string) => proxyCredentials.get(address)
  const resolveProxy = osProxyResolver(
    (url) => session.defaultSession.resolveProxy(url),
    credentialsFor,
  )
  const proxyLogin = createProxyLogin(credentialsFor)
  app.on('login', (event, _contents, _details, authInfo, callback) => {
    if (proxyLogin(authInfo, callback)) event.preventDefault()
  })
  // Updates: checked and downloaded in the background, never installed while work runs.
  const { updates, busy } = createAppUpdates({
    env: {
      isPackaged: app.isPackaged,
      platform: process.platform,
      appImage: process.env['APPIMAGE'],
    },
    currentVersion: app.getVersion(),
    prefs: settings.current.updates,
    online: net.isOnline(),
    backend: () => electronUpdaterBackend({ proxyLogin }),
    onChange: (view) => push('updateChanged', view),
    onError: (error) => log('An update check or download failed', error),
  })
  const cores = new CoreHost({
    createCore: (profile) => {
      busy.coreStopped() // A new core starts only after the previous one stopped.
      return createAppCore(profile)
    },
    onEvent: (event, payload) => {
      push(event, payload)
      if (event === 'operationChanged')
        busy.operationChanged(payload as { id: number; state: string })
      if (event === 'syncFinished') notifySyncEnd(payload as SyncRunSummary)
      if (event === 'screeningFinished') notifyScreeningEnd(payload as ScreeningFinished)
      if (event === 'watchAlertsRaised')
        notify(
          watchNotification(payload as WatchAlertsRaised, {
            windowFocused: mainWindow?.isFocused() ?? false,
          }),
        )
    },
    onStatus: (status) => {
      if (status.state !== 'running') log(status.message)
      push('coreStatus', status)
    },
  })
  // The OS knows first when the network comes back: tell the core so waiting work goes at once.
  let wasOnline = net.isOnline()
  setInterval(() => {
    const online = net.isOnline()
    if (online !== wasOnline) cores.connectivityChanged(online)
    updates.connectivityChanged(online)
    wasOnline = online
  }, 10_000).unref()
  const profileFor = (current: typeof settings.current, id: typeof current.activeProfile) =>
    appCoreProfile(current, id, userData, keys, resolveProxy)
  // Read at each call: a profile switch or a restart of the core swaps them underneath.
  const work = delegateWorkHandlers(() => cores.workHandlers())

  registerContract(
    ipcMain,
    {
      ...createShellHandlers({
        appInfo: () => ({
          name: app.getName(),
          version: app.getVersion(),
          platform: process.platform,
          versions: {
            electron: process.versions.electron ?? '',
            chrome: process.versions.chrome ?? '',
            node: process.versions.node,
          },
        }),
        keys,
        settings,
        cores,
        profileFor,
        push,
        confirm,
        chooseKeyFile: () => chooseKeyFile(mainWindow),
      }),
      ...createNetworkHandlers({
        settings,
        cores,
        profileFor,
        proxyCredentials,
        chooseCaFile: () => chooseCaFile(mainWindow),
      }),
      // Drafts, attachments, the outbox, search…: forwarded to the running core's process.
      ...work,
      bulkQueue: (input) => busy.whileImporting(async () => work.bulkQueue(input)),
      ...createUpdateHandlers({ updates, settings, confirm }),
      ...createFileHandlers({
        work: () => cores.workHandlers(),
        chooseSavePath: (suggestedName, what) => chooseSavePath(mainWindow, suggestedName, what),
        log: (message) => log(message),
      }),
    },
    {
      appUrlPrefixes: entry.senderPrefixes,
      // Handler errors name what failed; none of them carries a key (the key store scrubs them).
      onHandlerError: (method, error) => log(`${method} failed`, error),
    },
  )
  app.on(
    'before-quit',
    stopBeforeQuit(
      () => cores.stop(),
      () => app.quit(),
      (error) => log('The core did not stop cleanly', error),
    ),
  )

  mainWindow = createWindow()
  updates.start()
  await cores
    .start(profileFor(settings.current, settings.current.activeProfile))
    .catch((error: unknown) => {
      // start() told the window already; a page still loading asks for it (coreStatus) once loaded.
      log('The core did not start', error)
    })
}

function notifySyncEnd(summary: SyncRunSummary): void {
  notify(syncNotification(summary, { windowFocused: mainWindow?.isFocused() ?? false }))
}

function notifyScreeningEnd(finished: ScreeningFinished): void {
  notify(screeningNotification(finished, { windowFocused: mainWindow?.isFocused() ?? false }))
}

/** A native notification; a click brings the window forward. */
function notify(text: NotificationText | null): void {
  if (!text || !Notification.isSupported()) return
  const notification = new Notification(text)
  notification.on('click', () => focusWindow(mainWindow))
  notification.show()
}

if (!app.requestSingleInstanceLock()) {
  // Another Casefile is running on this user's data: it gets focus (second-instance) instead.
  app.quit()
} else {
  app.on('second-instance', () => focusWindow(mainWindow))
  app.on('web-contents-created', (_event, contents) =>
    hardenWebContents(contents, entry.appOrigins, openInBrowser),
  )
  // Syncing runs in the core process, which lives only as long as this one: with the window
  // gone there is nothing left to show it, so quit.
  app.on('window-all-closed', () => app.quit())
  app
    .whenReady()
    .then(startShell)
    .catch((error: unknown) => {
      log('Casefile could not start', error)
      app.exit(1)
    })
}
