import { describe, expect, it } from 'vitest'
import { BusyTracker } from '../../src/main/update/busy-tracker'
import { whyNoSelfUpdate } from '../../src/main/update/update-support'
import {
  UpdateController,
  updateFailureText,
  type UpdateBackend,
  type UpdateClock,
} from '../../src/main/update/update-controller'
import {
  CHECK_EVERY_MS,
  DEFAULT_UPDATE_PREFERENCES,
  initialUpdateState,
  retryDelay,
  stepUpdate,
  type UpdateChannel,
} from '../../src/main/update/update-policy'

const HOUR = 60 * 60 * 1000

/** A clock whose timers fire only when the test moves time on. */
class FakeClock implements UpdateClock {
  private t = Date.parse('2026-11-23T08:00:00Z')
  private timers: { at: number; callback: () => void; live: boolean }[] = []
  now = () => this.t
  setTimer = (callback: () => void, ms: number) => {
    const timer = { at: this.t + ms, callback, live: true }
    this.timers.push(timer)
    return () => void (timer.live = false)
  }
  async advance(ms: number): Promise<void> {
    const end = this.t + ms
    for (;;) {
      const due = this.timers.filter((x) => x.live && x.at <= end).sort((a, b) => a.at - b.at)[0]
      if (!due) break
      due.live = false
      this.t = due.at
      due.callback()
      await settle()
    }
    this.t = end
  }
}

/** A backend that records what it was asked and answers as the test says. */
class FakeBackend implements UpdateBackend {
  calls: string[] = []
  offer: string | null = '0.2.0'
  failNextDownload: Error | null = null
  failNextCheck: Error | null = null
  channel: UpdateChannel | null = null
  finishDownload: (() => void) | null = null
  holdDownloads = false

  async check(): Promise<string | null> {
    this.calls.push('check')
    if (this.failNextCheck) {
      const error = this.failNextCheck
      this.failNextCheck = null
      throw error
    }
    return this.offer
  }
  async download(onProgress: (percent: number) => void): Promise<void> {
    this.calls.push('download')
    if (this.failNextDownload) {
      const error = this.failNextDownload
      this.failNextDownload = null
      throw error
    }
    onProgress(50)
    if (this.holdDownloads) await new Promise<void>((resolve) => (this.finishDownload = resolve))
  }
  install(): void {
    this.calls.push('install')
  }
  setChannel(channel: UpdateChannel): void {
    this.channel = channel
    this.calls.push(`channel:${channel}`)
  }
}

const settle = () => new Promise((resolve) => setImmediate(resolve))

function setUp(options: { online?: boolean; autoDownload?: boolean; unsupported?: string } = {}) {
  const clock = new FakeClock()
  const backend = new FakeBackend()
  const controller = new UpdateController({
    backend,
    clock,
    currentVersion: '0.1.0',
    online: options.online ?? true,
    prefs: { ...DEFAULT_UPDATE_PREFERENCES, autoDownload: options.autoDownload ?? true },
    unsupportedReason: options.unsupported ?? null,
  })
  return { clock, backend, controller }
}

describe('the update policy', () => {
  it('checks at start, downloads in the background and then offers the restart', async () => {
    const { backend, controller } = setUp()
    controller.start()
    await settle()
    expect(backend.calls).toEqual(['channel:stable', 'check', 'download'])
    expect(controller.view()).toMatchObject({
      phase: 'downloaded',
      version: '0.2.0',
      installsOnQuit: true,
    })
  })

  it('checks again every 6 hours, and not before', async () => {
    const { clock, backend, controller } = setUp()
    backend.offer = null
    controller.start()
    await settle()
    expect(backend.calls.filter((c) => c === 'check')).toHaveLength(1)
    await clock.advance(CHECK_EVERY_MS - 1000)
    expect(backend.calls.filter((c) => c === 'check')).toHaveLength(1)
    await clock.advance(1000)
    expect(backend.calls.filter((c) => c === 'check')).toHaveLength(2)
    expect(controller.view().phase).toBe('idle')
  })

  it('never installs while a report is being sent: restart waits until sending ends', async () => {
    const { backend, controller } = setUp()
    const busy = new BusyTracker((isBusy) => controller.busyChanged(isBusy))
    controller.start()
    await settle()
    busy.operationChanged({ id: 7, state: 'sending' })
    expect(controller.restart()).toMatchObject({ restartWhenIdle: true })
    expect(backend.calls).not.toContain('install')
    busy.operationChanged({ id: 7, state: 'waiting_retry' })
    expect(backend.calls.at(-1)).toBe('install')
  })

  it('never installs while an import runs', async () => {
    const { backend, controller } = setUp()
    const busy = new BusyTracker((isBusy) => controller.busyChanged(isBusy))
    controller.start()
    await settle()
    let finishImport = () => {}
    const importing = busy.whileImporting(() => new Promise<void>((r) => (finishImport = r)))
    controller.restart()
    expect(backend.calls).not.toContain('install')
    finishImport()
    await importing
    expect(backend.calls.at(-1)).toBe('install')
  })

  it('defers to quit when nobody restarts: no install now, installed on quit', async () => {
    const { clock, backend, controller } = setUp()
    controller.start()
    await settle()
    await clock.advance(3 * CHECK_EVERY_MS)
    expect(backend.calls).not.toContain('install')
    // Downloaded stays downloaded: no more checks that could offer something else.
    expect(backend.calls.filter((c) => c === 'check')).toHaveLength(1)
    expect(controller.view()).toMatchObject({ phase: 'downloaded', installsOnQuit: true })
  })

  it('with automatic download turned off, finds the update and downloads only when asked', async () => {
    const { backend, controller } = setUp({ autoDownload: false })
    controller.start()
    await settle()
    expect(backend.calls).toEqual(['channel:stable', 'check'])
    expect(controller.view()).toMatchObject({ phase: 'available', installsOnQuit: false })
    controller.download()
    await settle()
    expect(controller.view().phase).toBe('downloaded')
  })

  it('turning automatic download back on downloads what was found', async () => {
    const { backend, controller } = setUp({ autoDownload: false })
    controller.start()
    await settle()
    controller.setPreferences({ autoDownload: true, channel: 'stable' })
    await settle()
    expect(backend.calls.at(-1)).toBe('download')
    expect(controller.view().phase).toBe('downloaded')
  })

  it('offline: does not check, and checks as soon as the connection comes back', async () => {
    const { clock, backend, controller } = setUp({ online: false })
    controller.start()
    await clock.advance(2 * CHECK_EVERY_MS)
    expect(backend.calls).toEqual(['channel:stable'])
    expect(controller.checkNow().error).toMatch(/No connection/)
    controller.connectivityChanged(true)
    await settle()
    expect(backend.calls).toEqual(['channel:stable', 'check', 'download'])
  })

  it('switching the channel sets it and checks again at once', async () => {
    const { backend, controller } = setUp({ autoDownload: false })
    backend.offer = null
    controller.start()
    await settle()
    backend.offer = '0.3.0-beta.1'
    controller.setPreferences({ autoDownload: false, channel: 'beta' })
    await settle()
    expect(backend.calls).toEqual(['channel:stable', 'check', 'channel:beta', 'check'])
    expect(controller.view()).toMatchObject({
      phase: 'available',
      version: '0.3.0-beta.1',
      preferences: { channel: 'beta' },
    })
    // Back to stable: what the beta channel offered is no longer on offer.
    backend.offer = null
    controller.setPreferences({ autoDownload: false, channel: 'stable' })
    await settle()
    expect(controller.view()).toMatchObject({ phase: 'idle', version: null })
  })

  it('retries a failed download later, backing off, then succeeds', async () => {
    const { clock, backend, controller } = setUp()
    backend.failNextDownload = new Error('net::ERR_CONNECTION_RESET')
    controller.start()
    await settle()
    expect(controller.view()).toMatchObject({
      phase: 'failed',
      error: 'The update server could not be reached. Casefile tries again later.',
    })
    await clock.advance(retryDelay(1) - 1000)
    expect(backend.calls.filter((c) => c === 'download')).toHaveLength(1)
    await clock.advance(1000)
    expect(backend.calls.filter((c) => c === 'download')).toHaveLength(2)
    expect(controller.view().phase).toBe('downloaded')
  })

  it('backs off 30 minutes, doubling, up to 6 hours', () => {
    expect([1, 2, 3, 4, 5, 9].map((n) => retryDelay(n) / HOUR)).toEqual([0.5, 1, 2, 4, 6, 6])
  })

  it('a failed check waits its back-off before the next one', async () => {
    const { clock, backend, controller } = setUp()
    backend.failNextCheck = new Error('getaddrinfo ENOTFOUND github.com')
    controller.start()
    await settle()
    expect(controller.view().phase).toBe('failed')
    await clock.advance(retryDelay(1))
    expect(backend.calls.filter((c) => c === 'check')).toHaveLength(2)
  })

  it('a copy that is not self-updated (a .deb install) never checks, downloads or installs', async () => {
    const reason = 'Installed from a .deb package: your package manager updates Casefile.'
    const { clock, backend, controller } = setUp({ unsupported: reason })
    controller.start()
    controller.checkNow()
    controller.restart()
    await clock.advance(2 * CHECK_EVERY_MS)
    expect(backend.calls).toEqual(['channel:stable'])
    expect(controller.view()).toMatchObject({ phase: 'unsupported', unsupportedReason: reason })
  })

  it('ignores a restart before anything is downloaded', () => {
    const state = initialUpdateState({
      prefs: DEFAULT_UPDATE_PREFERENCES,
      online: true,
      unsupportedReason: null,
    })
    expect(stepUpdate(state, { type: 'restart-requested' }).effects).toEqual([])
  })

  it('a download in progress is not cut short by going offline: it resumes when online again', async () => {
    const { backend, controller } = setUp()
    backend.holdDownloads = true
    controller.start()
    await settle()
    expect(controller.view()).toMatchObject({ phase: 'downloading', percent: 50 })
    controller.connectivityChanged(false)
    backend.finishDownload?.()
    await settle()
    expect(controller.view().phase).toBe('downloaded')
  })
})

describe('the words for a failed update', () => {
  it('says what happened without codes or stacks', () => {
    expect(updateFailureText(new Error('getaddrinfo EAI_AGAIN api.github.com'))).toMatch(
      /could not be reached/,
    )
    expect(
      updateFailureText(
        new Error('New version is not signed by the application owner: publisherNames: X'),
      ),
    ).toMatch(/not signed/)
    expect(
      updateFailureText(new Error('Cannot find latest-linux.yml in the latest release')),
    ).toMatch(/No update information/)
    expect(updateFailureText(new Error('something odd'))).not.toMatch(/odd/)
  })
})

describe('which copies update themselves', () => {
  it('the installed Windows and macOS apps and the AppImage do; a .deb and a development build do not', () => {
    expect(whyNoSelfUpdate({ isPackaged: true, platform: 'win32', appImage: undefined })).toBeNull()
    expect(
      whyNoSelfUpdate({ isPackaged: true, platform: 'darwin', appImage: undefined }),
    ).toBeNull()
    expect(
      whyNoSelfUpdate({
        isPackaged: true,
        platform: 'linux',
        appImage: '/home/a/Casefile.AppImage',
      }),
    ).toBeNull()
    expect(whyNoSelfUpdate({ isPackaged: true, platform: 'linux', appImage: undefined })).toMatch(
      /\.deb package/,
    )
    expect(whyNoSelfUpdate({ isPackaged: false, platform: 'win32', appImage: undefined })).toMatch(
      /development build/,
    )
  })
})
