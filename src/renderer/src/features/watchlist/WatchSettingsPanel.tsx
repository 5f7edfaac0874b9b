import { useId, useState } from 'react'
import { SaidLine } from '../../components/SaidLine'
import { HOURLY_BUDGET, hourlyBudgetProblem } from '../../../../shared/contracts/watchlist'
import { useWatchlistStore, type WatchSettings } from './watchlist-store'

/**
 * The watchlist's two settings: how many checks an hour it may make, and whether the
 * identifiers of the organization's own sent reports are watched by default.
 */
export function WatchSettingsPanel() {
  const id = useId()
  const settings = useWatchlistStore((s) => s.settings)
  return (
    <section className="panel" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Watchlist settings</h2>
      {settings ? (
        <SettingsForm saved={settings} />
      ) : (
        <p className="muted">Reading the settings…</p>
      )}
    </section>
  )
}

/** The form, from the settings as the core kept them when the screen opened. */
function SettingsForm({ saved }: { saved: WatchSettings }) {
  const id = useId()
  const save = useWatchlistStore((s) => s.saveSettings)
  const [budget, setBudget] = useState(String(saved.hourlyBudget))
  const [ownReports, setOwnReports] = useState(saved.ownReports)
  const [busy, setBusy] = useState(false)
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null)
  const submit = async () => {
    const n = budget.trim() === '' ? Number.NaN : Number(budget)
    const problem = hourlyBudgetProblem(n)
    if (problem) return setSaid({ ok: false, text: problem })
    setBusy(true)
    setSaid(await save({ hourlyBudget: n, ownReports }))
    setBusy(false)
  }
  const badBudget = said !== null && !said.ok
  return (
    <form
      className="watch-settings"
      // Our words for a bad value, not the browser's bubble (min and max stay for the arrows).
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        void submit()
      }}
    >
      <div className="field">
        <label htmlFor={`${id}-budget`}>Checks per hour</label>
        <input
          id={`${id}-budget`}
          type="number"
          inputMode="numeric"
          min={HOURLY_BUDGET.min}
          max={HOURLY_BUDGET.max}
          step={1}
          value={budget}
          aria-invalid={badBudget ? true : undefined}
          aria-describedby={`${id}-budget-hint ${id}-said`}
          onChange={(event) => setBudget(event.target.value)}
        />
        <span id={`${id}-budget-hint`} className="muted">
          How many identifiers an hour the watchlist may check on the registry, evenly spaced,
          leaving room for the Outbox and your own searches (a check is one search; a phone’s is
          four, one for each way it may be written). The default, {HOURLY_BUDGET.default}, is enough
          to check {(HOURLY_BUDGET.default * 24).toLocaleString('en')} identifiers a day. From{' '}
          {HOURLY_BUDGET.min} to {HOURLY_BUDGET.max.toLocaleString('en')}.
        </span>
      </div>
      <div className="checkbox">
        <input
          id={`${id}-own`}
          type="checkbox"
          checked={ownReports}
          aria-describedby={`${id}-own-hint`}
          onChange={(event) => setOwnReports(event.target.checked)}
        />
        <label htmlFor={`${id}-own`}>Watch the identifiers of our own reports</label>
      </div>
      <p id={`${id}-own-hint`} className="muted">
        Off unless you turn it on. When on, every identifier of each report your organization has
        sent to the registry is added to this list, with a note naming the report, and those of each
        report sent later. Drafts and reports still in the Outbox are not. An identifier you remove
        is not added back.
      </p>
      <div className="actions">
        <button type="submit" disabled={busy}>
          Save settings
        </button>
      </div>
      <SaidLine id={`${id}-said`} said={said} />
    </form>
  )
}
