import { useEffect, useState } from 'react'
import {
  DEMO_ORGANIZATION_NAMES,
  DEMO_REPORTS,
  DEMO_SEARCH_VALUES,
} from '../../../shared/sandbox-demo'
import { api } from '../api'
import { useEditorStore } from '../features/editor/editor-store'
import { useStatusStore } from '../stores/status-store'
import { useOutboxStore } from '../features/outbox/outbox-store'
import { useOperationWatch, useQueuedOutcome } from '../stores/operation-watch'

const DEMO_REASONS = new Set(DEMO_REPORTS.map((report) => report.fraudReason))

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
  /** The demo's operations, once queued here: what is said of them follows them. */
  const [demoOps, setDemoOps] = useState<number[] | null>(null)
  // Loaded already (this window, an earlier one, or another run on this profile's folder): the
  // demo reports are never queued twice.
  const [loaded, setLoaded] = useState(false)
  useEffect(() => {
    if (!sandbox || hidden) return
    let live = true
    void api()
      .draftList()
      .then((reports) => {
        if (live && reports.ok)
          setLoaded(
            reports.value.some(
              (r) => r.status !== 'discarded' && DEMO_REASONS.has(r.draft.fraudReason),
            ),
          )
      })
    return () => {
      live = false
    }
  }, [sandbox, hidden])
  const outcome = useQueuedOutcome(demoOps ?? [])
  if (!sandbox || hidden) return null

  const load = async () => {
    setBusy(true)
    let queued = 0
    const ops: number[] = []
    for (const input of DEMO_REPORTS) {
      const draft = await api().draftCreate({
        fraudType: input.fraudType,
        fraudReason: input.fraudReason,
        identifiers: input.identifiers.map(({ label, value }) => ({ label, value })),
        showUploaderInfo: input.showUploaderInfo,
      })
      if (!draft.ok) continue
      const result = await api().reportQueue({ localId: draft.value.localId })
      if (result.ok && result.value.ok) {
        queued++
        useOperationWatch.getState().note(result.value.operations)
        ops.push(...result.value.operations.map((op) => op.id))
      }
    }
    setDemoOps(ops)
    if (queued > 0) setLoaded(true)
    setBusy(false)
    void useEditorStore.getState().loadDrafts()
    void useOutboxStore.getState().load()
    setMessage(
      queued === DEMO_REPORTS.length
        ? `${queued} demo reports are queued for the sandbox registry.`
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
      <p role="status" data-testid="demo-status">
        {message && outcome === 'sent'
          ? `The ${DEMO_REPORTS.length} demo reports are in the sandbox registry: search for the values above.`
          : message && outcome === 'attention'
            ? 'The sandbox registry refused a demo report: open the Outbox to see why.'
            : message && outcome === 'discarded'
              ? 'A demo report was discarded from the Outbox: it was not sent.'
              : message && outcome === 'waiting'
                ? `${message} They are sent as soon as it answers.`
                : (message ??
                  (loaded ? 'The demo reports are loaded: search for the values above.' : null))}
      </p>
      <div className="actions">
        {!loaded && (
          <button type="button" className="primary" disabled={busy} onClick={() => void load()}>
            {busy ? 'Loading…' : 'Load demo reports'}
          </button>
        )}
        <button type="button" className="quiet" onClick={dismiss}>
          Dismiss
        </button>
      </div>
    </section>
  )
}
