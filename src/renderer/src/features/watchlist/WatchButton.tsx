import { useState } from 'react'
import type { z } from 'zod'
import type { watchAddSourceSchema } from '../../../../shared/contracts/watchlist'
import { api } from '../../api'
import { useWatchlistStore } from './watchlist-store'

const identifiers = (count: number) => `${count} identifier${count === 1 ? '' : 's'}`

/** "Watch these identifiers": every identifier of a report on this computer, added in one click. */
export function WatchReportButton({ reportId }: { reportId: string }) {
  return <WatchButton source={{ kind: 'report', reportId }} label="Watch these identifiers" />
}

/** Adds what `source` names to the watchlist in one click, and says how many were added. */
export function WatchButton({
  source,
  label,
}: {
  source: z.infer<typeof watchAddSourceSchema>
  label: string
}) {
  const [busy, setBusy] = useState(false)
  const [said, setSaid] = useState<string | null>(null)
  const watch = async () => {
    setBusy(true)
    setSaid(null)
    try {
      const answer = await api().watchAdd({ source })
      if (!answer.ok) return setSaid(`Not watched: ${answer.error.message}`)
      const { added, existing } = answer.value
      void useWatchlistStore.getState().loadItems()
      if (added.length === 0 && existing.length === 0)
        setSaid(
          source.kind === 'report'
            ? 'This report has no identifier to watch.'
            : 'Nothing to watch.',
        )
      else
        setSaid(
          `Added ${identifiers(added.length)} to the watchlist` +
            (existing.length ? ` (${existing.length} already watched).` : '.'),
        )
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="actions">
      <button type="button" onClick={() => void watch()} disabled={busy}>
        {label}
      </button>
      <span role="status" className="muted">
        {said}
      </span>
    </div>
  )
}
