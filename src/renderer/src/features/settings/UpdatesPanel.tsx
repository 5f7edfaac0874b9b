import { useEffect, useState } from 'react'
import type { UpdateView } from '../../../../shared/contracts/update'
import type { IpcResult } from '../../../../shared/ipc-result'
import { api } from '../../api'

/** What the update policy is doing, in a sentence. */
function statusText(view: UpdateView): string {
  switch (view.phase) {
    case 'unsupported':
      return view.unsupportedReason ?? 'This copy of Casefile is not updated automatically.'
    case 'idle':
      return view.lastCheckAt
        ? `Casefile is up to date (checked ${new Date(view.lastCheckAt).toLocaleString()}).`
        : 'Casefile checks for updates when it is online.'
    case 'checking':
      return 'Checking for updates…'
    case 'available':
      return view.preferences.autoDownload
        ? `Version ${view.version} is available. It downloads once Casefile is online.`
        : `Version ${view.version} is available.`
    case 'downloading':
      return `Downloading version ${view.version}…`
    case 'downloaded':
      return view.restartWhenIdle
        ? `Version ${view.version} is ready. Casefile restarts to install it as soon as the reports being sent and any import are done.`
        : `Version ${view.version} is ready. Restart to install it now, or it is installed when you next quit Casefile.`
    case 'failed':
      return view.error ?? 'The last update check did not work. Casefile tries again later.'
  }
}

/** Settings → Updates: what is on offer, and the organization's choices. */
export function UpdatesPanel() {
  const [view, setView] = useState<UpdateView | null>(null)
  const [note, setNote] = useState<string | null>(null)

  useEffect(() => {
    let live = true
    void api()
      .updateStatus()
      .then((r) => live && r.ok && setView(r.value))
    const off = api().onUpdateChanged((next) => setView(next))
    return () => {
      live = false
      off()
    }
  }, [])

  if (!view) return null
  const ask = async (call: () => Promise<IpcResult<UpdateView>>) => {
    const result = await call()
    if (result.ok) setView(result.value)
    setNote(result.ok ? null : result.error.message)
  }
  const supported = view.phase !== 'unsupported'
  const busyPhase = view.phase === 'checking' || view.phase === 'downloading'

  return (
    <section className="panel" aria-labelledby="updates-h">
      <h2 id="updates-h">Updates</h2>
      <p className="muted">This is Casefile {view.currentVersion}.</p>
      <p role="status" data-testid="update-status">
        {statusText(view)}
      </p>
      {view.phase === 'downloading' && (
        <progress max={100} value={view.percent ?? 0} aria-label="Download progress">
          {view.percent ?? 0}%
        </progress>
      )}
      {supported && (
        <>
          <div className="actions">
            {view.phase === 'downloaded' && (
              <button
                type="button"
                className="primary"
                onClick={() => void ask(() => api().updateRestart())}
              >
                Restart to update
              </button>
            )}
            {view.phase === 'available' && !view.preferences.autoDownload && (
              <button
                type="button"
                className="primary"
                onClick={() => void ask(() => api().updateDownload())}
              >
                Download version {view.version}
              </button>
            )}
            <button
              type="button"
              disabled={busyPhase}
              onClick={() => void ask(() => api().updateCheck())}
            >
              Check for updates
            </button>
          </div>
          <div className="field">
            <label>
              <input
                type="checkbox"
                checked={view.preferences.autoDownload}
                onChange={(e) =>
                  void ask(() =>
                    api().updateSetPreferences({
                      ...view.preferences,
                      autoDownload: e.target.checked,
                    }),
                  )
                }
              />{' '}
              Download updates automatically
            </label>
            <p className="muted">
              Turn this off if your organization installs updates for you: Casefile then only says
              when a new version is out.
            </p>
          </div>
          <div className="field">
            <label htmlFor="update-channel">Update channel</label>
            <select
              id="update-channel"
              value={view.preferences.channel}
              onChange={(e) =>
                void ask(() =>
                  api().updateSetPreferences({
                    ...view.preferences,
                    channel: e.target.value === 'beta' ? 'beta' : 'stable',
                  }),
                )
              }
            >
              <option value="stable">Stable</option>
              <option value="beta">Beta: new versions earlier, before they are stable</option>
            </select>
          </div>
        </>
      )}
      {note && (
        <p className="field-error" role="alert">
          {note}
        </p>
      )}
    </section>
  )
}
