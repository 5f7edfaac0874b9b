import { app, BrowserWindow, ipcMain } from 'electron'
import { join } from 'node:path'
import { registerContract } from './ipc/register-contract'
import { mainWindowOptions } from './window-options'

// The Electron shell: it wires windows and IPC to the core, it does not decide.

function rendererUrl(): string {
  return (
    process.env['ELECTRON_RENDERER_URL'] ?? `file://${join(__dirname, '../renderer/index.html')}`
  )
}

function createWindow(): BrowserWindow {
  const window = new BrowserWindow(mainWindowOptions(join(__dirname, '../preload/index.js')))
  window.once('ready-to-show', () => window.show())
  void window.loadURL(rendererUrl())
  return window
}

if (!app.requestSingleInstanceLock()) {
  app.quit()
} else {
  void app.whenReady().then(() => {
    const url = rendererUrl()
    registerContract(
      ipcMain,
      {
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
      },
      {
        appUrlPrefixes: [
          url.startsWith('file://') ? `file://${join(__dirname, '../renderer/')}` : url,
        ],
      },
    )
    createWindow()
  })
  app.on('window-all-closed', () => app.quit())
}
