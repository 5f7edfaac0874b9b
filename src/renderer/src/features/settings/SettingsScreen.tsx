import { AppearanceSection } from './AppearanceSection'
import { CaseFilesPanel } from './CaseFilesPanel'
import { useEffect, useState } from 'react'
import type { KeyStatus, ProfileId } from '../../../../shared/contracts/shell'
import { api } from '../../api'
import { ConfirmButton } from '../../components/ConfirmButton'
import { NetworkPanels } from './NetworkPanels'
import { SearchPacePanel } from './SearchPacePanel'
import { UpdatesPanel } from './UpdatesPanel'
import { useStatusStore } from '../../stores/status-store'

/**
 * Connection profile, registry addresses, the API key (never shown back), the proxy's sign-in and
 * the organization's certificate, and the connection check.
 */
export function SettingsScreen() {
  const profiles = useStatusStore((s) => s.profiles)
  const active = profiles?.active ?? 'sandbox'
  const registry = profiles?.profiles.find((p) => p.id === 'registry')
  const [baseUrl, setBaseUrl] = useState(registry?.baseUrl ?? '')
  const [uploadUrl, setUploadUrl] = useState(registry?.uploadUrl ?? '')
  const [connectionNote, setConnectionNote] = useState<{ ok: boolean; text: string } | null>(null)
  const [profileNote, setProfileNote] = useState<string | null>(null)
  const [key, setKey] = useState<KeyStatus | null>(null)
  const [newKey, setNewKey] = useState('')
  const [keyNote, setKeyNote] = useState<{ ok: boolean; text: string } | null>(null)

  useEffect(() => {
    let live = true
    void api()
      .keyStatus({ profileId: active })
      .then((r) => live && r.ok && setKey(r.value))
    const off = api().onKeyStateChanged((status) => status.profileId === active && setKey(status))
    return () => {
      live = false
      off()
    }
  }, [active])

  const switchTo = async (profileId: ProfileId) => {
    const result = await api().switchProfile({ profileId })
    setProfileNote(result.ok ? null : result.error.message)
    if (result.ok) void useStatusStore.getState().refresh()
  }
  const saveConnection = async () => {
    const result = await api().setRegistryConnection({ baseUrl, uploadUrl })
    setConnectionNote(
      result.ok
        ? { ok: true, text: 'Saved.' }
        : {
            ok: false,
            text:
              result.error.issues
                ?.map((i) => `${i.path === 'baseUrl' ? 'Base URL' : 'Upload URL'}: ${i.message}`)
                .join(' ') || result.error.message,
          },
    )
    if (result.ok) void useStatusStore.getState().refresh()
  }
  const saveKey = async () => {
    const result = await api().setKey({ profileId: active, key: newKey })
    if (result.ok) {
      setKey(result.value)
      setNewKey('')
      setKeyNote({ ok: true, text: 'The key is saved.' })
    } else
      setKeyNote({ ok: false, text: result.error.issues?.[0]?.message ?? result.error.message })
  }
  const removeKey = async () => {
    const result = await api().removeKey({ profileId: active })
    if (result.ok) {
      setKey(result.value)
      setKeyNote({ ok: true, text: 'The key is removed.' })
    } else setKeyNote({ ok: false, text: result.error.message })
  }
  const keyText = !key
    ? 'Checking…'
    : key.set
      ? `Set${key.last4 ? `, ending in ${key.last4}` : ''}${key.storage === 'memory' ? ' (kept for this session only)' : ''}.`
      : active === 'sandbox'
        ? 'Not set: the sandbox uses its demo key.'
        : 'Not set: paste the API key your organization was given.'

  return (
    <div className="stack settings-stack">
      <section className="panel" aria-labelledby="profile-h">
        <h2 id="profile-h">Connection</h2>
        <fieldset className="radio-group">
          <legend>Profile</legend>
          {(profiles?.profiles ?? []).map((profile) => (
            <div className="checkbox" key={profile.id}>
              <input
                type="radio"
                id={`profile-${profile.id}`}
                name="profile"
                checked={active === profile.id}
                onChange={() => void switchTo(profile.id)}
              />
              <label htmlFor={`profile-${profile.id}`}>
                {profile.name}
                <span className="muted">
                  {profile.id === 'sandbox'
                    ? ' — a local practice registry with demo data; nothing reaches the real registry'
                    : profile.ready
                      ? ` — ${profile.baseUrl}`
                      : ' — set its addresses below first'}
                </span>
              </label>
            </div>
          ))}
        </fieldset>
        {profileNote && (
          <p className="field-error" role="alert">
            {profileNote}
          </p>
        )}
        <form
          className="grid-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            void saveConnection()
          }}
        >
          <h3>Registry addresses</h3>
          <div className="field">
            <label htmlFor="base-url">Base URL</label>
            <input
              id="base-url"
              type="url"
              placeholder="https://registry.example.com"
              value={baseUrl}
              onChange={(e) => setBaseUrl(e.target.value)}
            />
          </div>
          <div className="field">
            <label htmlFor="upload-url">Upload URL</label>
            <input
              id="upload-url"
              type="url"
              placeholder="https://uploads.example.com"
              value={uploadUrl}
              onChange={(e) => setUploadUrl(e.target.value)}
            />
          </div>
          <div className="actions">
            <button type="submit">Save addresses</button>
          </div>
          {connectionNote && (
            <p className={connectionNote.ok ? 'ok-text' : 'field-error'} role="status">
              {connectionNote.text}
            </p>
          )}
        </form>
      </section>

      <section className="panel" aria-labelledby="key-h">
        <h2 id="key-h">API key of the {active === 'sandbox' ? 'Sandbox' : 'Registry'} profile</h2>
        <p data-testid="key-status">{keyText}</p>
        {key?.reason && <p className="callout warn">{key.reason}</p>}
        <form
          className="search-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            void saveKey()
          }}
        >
          <div className="field grow">
            <label htmlFor="api-key">
              {key?.set ? 'New key (replaces the stored one)' : 'API key'}
            </label>
            <input
              id="api-key"
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={newKey}
              onChange={(e) => setNewKey(e.target.value)}
            />
          </div>
          <button type="submit" className="primary">
            {key?.set ? 'Replace key' : 'Save key'}
          </button>
          {key?.set && (
            <ConfirmButton
              label="Remove key"
              question="Remove the stored key?"
              confirmLabel="Remove key"
              onConfirm={() => void removeKey()}
            />
          )}
        </form>
        {keyNote && (
          <p className={keyNote.ok ? 'ok-text' : 'field-error'} role="status">
            {keyNote.text}
          </p>
        )}
      </section>

      <NetworkPanels />
      <SearchPacePanel />
      <CaseFilesPanel />
      <UpdatesPanel />
      <AppearanceSection />
    </div>
  )
}
