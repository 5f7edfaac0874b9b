import { useState } from 'react'
import {
  DEMO_ORGANIZATION_NAMES,
  DEMO_REPORTS,
  DEMO_SEARCH_VALUES,
} from '../../../shared/sandbox-demo'
import { api } from '../api'
import { useEditorStore } from '../stores/editor-store'
import { useStatusStore } from '../stores/status-store'

const KEY = 'casefile.firstRun.dismissed'

function dismissed(): boolean {
  try {
    return window.localStorage.getItem(KEY) === '1'
  } catch {
    return false
  }
}

/**
 * On the Sandbox, until dismissed: what the Sandbox is, which demo organization the desk files
 * as, values to search, and a button that queues a few demo reports through the usual outbox.
 */
export function FirstRunPanel() {
  const sandbox = useStatusStore((s) => s.profiles?.active === 'sandbox')
  const [hidden, setHidden] = useState(dismissed)
  const [message, setMessage] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  if (!sandbox || hidden) return null

  const load = async () => {
    setBusy(true)
    let queued = 0
    for (const input of DEMO_REPORTS) {
      const draft = await api().draftCreate({
        fraudType: input.fraudType,
        fraudReason: input.fraudReason,
        identifiers: input.identifiers.map(({ label, value }) => ({ label, value })),
        showUploaderInfo: input.showUploaderInfo,
      })
      if (!draft.ok) continue
      const result = await api().reportQueue({ localId: draft.value.localId })
      if (result.ok && result.value.ok) queued++
    }
    setBusy(false)
    void useEditorStore.getState().loadDrafts()
    void useStatusStore.getState().refresh()
    setMessage(
      queued === DEMO_REPORTS.length
        ? `${queued} demo reports are queued; they reach the sandbox registry in a moment. Search for the values above.`
        : `${queued} of ${DEMO_REPORTS.length} demo reports were queued. Open the Outbox to see why.`,
    )
  }
  const dismiss = () => {
    try {
      window.localStorage.setItem(KEY, '1')
    } catch {
      // Storage refused: hidden for this session.
    }
    setHidden(true)
  }

  return (
    <section className="panel first-run" aria-labelledby="first-run-h">
      <h2 id="first-run-h">Welcome to the Sandbox</h2>
      <p>
        The Sandbox is a practice registry that runs on this computer. Try everything here: nothing
        you file reaches the real registry or other organizations. When you have the real registry’s
        address and an API key, switch to it in Settings.
      </p>
      <p>
        With the demo key you file as <strong>{DEMO_ORGANIZATION_NAMES[0]}</strong>.
      </p>
      <p>Values to search for once the demo reports are loaded:</p>
      <ul>
        {DEMO_SEARCH_VALUES.map((demo) => (
          <li key={demo.value}>{demo.label}</li>
        ))}
      </ul>
      {message && <p role="status">{message}</p>}
      <div className="actions">
        <button type="button" className="primary" disabled={busy} onClick={() => void load()}>
          {busy ? 'Loading…' : 'Load demo reports'}
        </button>
        <button type="button" className="quiet" onClick={dismiss}>
          Dismiss
        </button>
      </div>
    </section>
  )
}
