// Main decides, not the page: a link out, the update channel and installing an update are asked
// in main's native dialog (here a fake that records the words and answers), Cancel the default.
import { describe, expect, it } from 'vitest'
import {
  externalLinkDialog,
  installUpdateDialog,
  keyChangeDialog,
  oneAtATime,
  updateChannelDialog,
  type ConfirmDialog,
} from '../../src/main/security/confirmations'
import { confirmedLinkOpener, decideWindowOpen } from '../../src/main/security/navigation'
import type { UpdateController } from '../../src/main/update/update-controller'
import { createUpdateHandlers } from '../../src/main/update/update-handlers'
import type { UpdateView } from '../../src/shared/contracts/update'

/** A confirmation that answers `answer` and keeps what it was asked. */
function fakeConfirm(answer: boolean | ((dialog: ConfirmDialog) => boolean) = true) {
  const asked: ConfirmDialog[] = []
  const confirm = async (dialog: ConfirmDialog) => {
    asked.push(dialog)
    return typeof answer === 'function' ? answer(dialog) : answer
  }
  return { asked, confirm }
}

describe('every dialog defaults to the answer that changes nothing', () => {
  it.each([
    [
      'a key set',
      keyChangeDialog({
        where: 'r.example',
        before: { set: false, last4: null },
        after: { last4: 'ABCD' },
      }),
    ],
    [
      'a key replaced',
      keyChangeDialog({
        where: 'r.example',
        before: { set: true, last4: 'ABCD' },
        after: { last4: null },
      }),
    ],
    ['a key removed', keyChangeDialog({ where: 'r.example', before: { set: true, last4: null } })],
    ['a channel change', updateChannelDialog('stable', 'beta')],
    ['an install', installUpdateDialog('1.2.0', '1.3.0')],
    ['a link out', externalLinkDialog('https://example.com/')],
  ])('%s: Cancel (the second button) is the default and the cancel', (_what, dialog) => {
    expect(dialog).toMatchObject({ defaultId: 1, cancelId: 1 })
    expect(dialog.buttons).toHaveLength(2)
    expect(dialog.detail).toMatch(/If you did not ask for this in Casefile just now, choose/)
  })
})

describe('a link out of the window', () => {
  it('is opened only after a yes in main, the dialog naming the host and showing the address', async () => {
    const { asked, confirm } = fakeConfirm(false)
    const opened: string[] = []
    const open = confirmedLinkOpener(confirm, (url) => void opened.push(url))
    const leak = decideWindowOpen('https://collector.example/?d=22233344455').openInBrowser!
    expect(await open(leak)).toBe(false)
    expect(opened).toEqual([])
    expect(asked[0]).toMatchObject({
      message: 'Open collector.example in your browser?',
      buttons: ['Open collector.example', "Don't open"],
    })
    expect(asked[0]!.detail).toContain('https://collector.example/?d=22233344455')
    expect(asked[0]!.detail).toContain('Everything in that address goes to collector.example.')

    const yes = fakeConfirm(true)
    const openAfterYes = confirmedLinkOpener(yes.confirm, (url) => void opened.push(url))
    expect(await openAfterYes('https://registry.example.com/help')).toBe(true)
    expect(opened).toEqual(['https://registry.example.com/help'])
  })

  it('shows a long address cut, with its length', () => {
    const url = `https://example.com/?q=${'x'.repeat(1000)}`
    expect(externalLinkDialog(url).detail).toMatch(/x… \(1023 characters\)/)
  })

  it('one dialog at a time: a request while one is showing is answered no at once', async () => {
    let release: (yes: boolean) => void = () => undefined
    let shown = 0
    const confirm = oneAtATime(
      () =>
        new Promise<boolean>((resolve) => {
          shown += 1
          release = resolve
        }),
    )
    const first = confirm(externalLinkDialog('https://a.example/'))
    expect(await confirm(externalLinkDialog('https://b.example/'))).toBe(false)
    expect(shown).toBe(1)
    release(true)
    expect(await first).toBe(true)
    const third = confirm(externalLinkDialog('https://c.example/'))
    release(false)
    expect(await third).toBe(false)
    expect(shown).toBe(2)
  })
})

/** An update controller as the handlers see it, with a downloaded version on offer. */
function fakeUpdates(phase: UpdateView['phase'] = 'downloaded') {
  const calls: string[] = []
  let view: UpdateView = {
    currentVersion: '1.2.0',
    phase,
    unsupportedReason: null,
    version: '1.3.0',
    percent: null,
    lastCheckAt: null,
    error: null,
    restartWhenIdle: false,
    installsOnQuit: true,
    preferences: { autoDownload: true, channel: 'stable' },
  }
  const updates = {
    view: () => view,
    setPreferences: (preferences: UpdateView['preferences']) => {
      calls.push(`preferences ${preferences.channel}`)
      view = { ...view, preferences }
      return view
    },
    restart: () => {
      calls.push('restart')
      return view
    },
  } as unknown as UpdateController
  const saved: unknown[] = []
  const settings = {
    update: async (change: (s: { updates: unknown }) => { updates: unknown }) =>
      void saved.push(change({ updates: null }).updates),
  } as unknown as Parameters<typeof createUpdateHandlers>[0]['settings']
  return { updates, settings, calls, saved }
}

describe('updates', () => {
  it('a change of channel is made only on a yes; refused, nothing is saved or switched', async () => {
    const { updates, settings, calls, saved } = fakeUpdates()
    const no = fakeConfirm(false)
    const handlers = createUpdateHandlers({ updates, settings, confirm: no.confirm })
    await expect(
      handlers.updateSetPreferences({ autoDownload: true, channel: 'beta' }),
    ).rejects.toThrow(
      'The update channel was not changed: the change was not confirmed. Casefile keeps updating from stable.',
    )
    expect(calls).toEqual([])
    expect(saved).toEqual([])
    expect(no.asked[0]).toMatchObject({
      message: 'Update Casefile with beta versions, before they are released to everyone?',
      buttons: ['Switch to beta', 'Keep stable'],
    })
    // Turning automatic download off keeps the channel: nothing to ask.
    await handlers.updateSetPreferences({ autoDownload: false, channel: 'stable' })
    expect(no.asked).toHaveLength(1)
    expect(calls).toEqual(['preferences stable'])

    const yes = fakeConfirm(true)
    const accepted = createUpdateHandlers({ updates, settings, confirm: yes.confirm })
    await accepted.updateSetPreferences({ autoDownload: false, channel: 'beta' })
    expect(calls.at(-1)).toBe('preferences beta')
  })

  it('installing (restart to update) happens only on a yes naming both versions', async () => {
    const { updates, settings, calls } = fakeUpdates()
    const no = fakeConfirm(false)
    const refused = createUpdateHandlers({ updates, settings, confirm: no.confirm })
    expect((await refused.updateRestart(undefined)).phase).toBe('downloaded')
    expect(calls).toEqual([])
    expect(no.asked[0]).toMatchObject({
      message: 'Restart Casefile now to install version 1.3.0?',
      buttons: ['Restart and install', 'Not now'],
    })
    expect(no.asked[0]!.detail).toMatch(/Casefile 1\.2\.0 closes and version 1\.3\.0 starts/)

    const yes = fakeConfirm(true)
    await createUpdateHandlers({ updates, settings, confirm: yes.confirm }).updateRestart(undefined)
    expect(calls).toEqual(['restart'])
  })

  it('asks nothing when there is no downloaded update to install', async () => {
    const { updates, settings, calls } = fakeUpdates('available')
    const asked = fakeConfirm(true)
    await createUpdateHandlers({ updates, settings, confirm: asked.confirm }).updateRestart(
      undefined,
    )
    expect(asked.asked).toEqual([])
    expect(calls).toEqual(['restart'])
  })
})
