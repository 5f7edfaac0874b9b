import { autoUpdater, type ProgressInfo } from 'electron-updater'
import type { LoginChallenge } from '../network/os-proxy'
import type { UpdateBackend } from './update-controller'
import type { UpdateChannel } from './update-policy'

/**
 * electron-updater as the update policy's backend: GitHub Releases (electron-builder.yml's
 * `publish`), with its signature checks left on — the Windows installer must be signed by the
 * publisher named in the running app, and macOS checks the code signature. It never acts on its
 * own: no automatic download, and installs only when the policy says so (or at quit, once the
 * core has stopped).
 */
export function electronUpdaterBackend(
  options: {
    /**
     * Answers a proxy's challenge met by the updater's requests (Chromium's stack, with a
     * `login` listener of electron-updater's own, so app's `login` never hears it); returns
     * whether it took it. Unanswered, the request is refused.
     */
    proxyLogin?: (
      challenge: LoginChallenge,
      reply: (username?: string, password?: string) => void,
    ) => boolean
  } = {},
): UpdateBackend {
  autoUpdater.autoDownload = false
  autoUpdater.autoInstallOnAppQuit = true
  autoUpdater.logger = null
  autoUpdater.on('login', (authInfo, callback) => {
    // Electron's request takes no arguments as "cancel"; electron-updater's type wants two.
    const reply = callback as (username?: string, password?: string) => void
    if (!options.proxyLogin?.(authInfo, reply)) reply()
  })
  return {
    async check() {
      const result = await autoUpdater.checkForUpdates()
      return result?.isUpdateAvailable ? result.updateInfo.version : null
    },
    async download(onProgress) {
      const progress = (info: ProgressInfo) => onProgress(info.percent)
      autoUpdater.on('download-progress', progress)
      try {
        await autoUpdater.downloadUpdate()
      } finally {
        autoUpdater.removeListener('download-progress', progress)
      }
    },
    install() {
      autoUpdater.quitAndInstall(false, true)
    },
    setChannel(channel: UpdateChannel) {
      // On GitHub Releases the beta channel is the prereleases (tags like v1.3.0-beta.1); both
      // channels read latest*.yml. Leaving beta never installs an older build.
      autoUpdater.allowPrerelease = channel === 'beta'
      autoUpdater.allowDowngrade = false
    },
  }
}
