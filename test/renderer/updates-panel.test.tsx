// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { UpdatesPanel } from '../../src/renderer/src/features/settings/UpdatesPanel'
import type { UpdateView } from '../../src/shared/contracts/update'
import { installCasefileDouble } from './casefile-double'

const base: UpdateView = {
  currentVersion: '0.1.0',
  phase: 'idle',
  unsupportedReason: null,
  version: null,
  percent: null,
  lastCheckAt: null,
  error: null,
  restartWhenIdle: false,
  installsOnQuit: false,
  preferences: { autoDownload: true, channel: 'stable' },
}

describe('Settings → Updates', () => {
  afterEach(cleanup)

  it('follows the pushed state, and offers the restart once downloaded', async () => {
    const { api, push } = installCasefileDouble({ updateStatus: base })
    render(<UpdatesPanel />)
    expect(await screen.findByText(/checks for updates when it is online/)).toBeTruthy()
    act(() =>
      push('updateChanged', { ...base, phase: 'downloading', version: '0.2.0', percent: 40 }),
    )
    expect(screen.getByText('Downloading version 0.2.0…')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Restart to update' })).toBeNull()
    act(() =>
      push('updateChanged', {
        ...base,
        phase: 'downloaded',
        version: '0.2.0',
        installsOnQuit: true,
      }),
    )
    expect(screen.getByText(/installed when you next quit/)).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Restart to update' }))
    expect(api.updateRestart).toHaveBeenCalled()
  })

  it('says a restart waits for the work in progress', async () => {
    installCasefileDouble({
      updateStatus: { ...base, phase: 'downloaded', version: '0.2.0', restartWhenIdle: true },
    })
    render(<UpdatesPanel />)
    expect(
      await screen.findByText(/as soon as the reports being sent and any import are done/),
    ).toBeTruthy()
  })

  it('with automatic download off, offers the download; the switch and channel ask main', async () => {
    const { api } = installCasefileDouble({
      updateStatus: {
        ...base,
        phase: 'available',
        version: '0.2.0',
        preferences: { autoDownload: false, channel: 'stable' },
      },
    })
    render(<UpdatesPanel />)
    fireEvent.click(await screen.findByRole('button', { name: 'Download version 0.2.0' }))
    expect(api.updateDownload).toHaveBeenCalled()
    fireEvent.click(screen.getByRole('checkbox', { name: 'Download updates automatically' }))
    expect(api.updateSetPreferences).toHaveBeenCalledWith({ autoDownload: true, channel: 'stable' })
    fireEvent.change(screen.getByLabelText('Update channel'), { target: { value: 'beta' } })
    expect(api.updateSetPreferences).toHaveBeenLastCalledWith({
      autoDownload: false,
      channel: 'beta',
    })
  })

  it('a .deb install says who updates it, and offers no update controls', async () => {
    const reason =
      'Casefile was installed from a .deb package, so your system\u2019s software updates keep it up to date, not Casefile itself.'
    installCasefileDouble({
      updateStatus: { ...base, phase: 'unsupported', unsupportedReason: reason },
    })
    render(<UpdatesPanel />)
    expect(await screen.findByText(reason)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Check for updates' })).toBeNull()
    expect(screen.queryByRole('checkbox')).toBeNull()
  })
})
