// A screening job's state: how far it got, its pace and time left, what it could not read.
import { useId, useState } from 'react'
import type { ScreeningShowView } from '../../../../shared/contracts/screening'
import { formatTime } from '../../format'
import { durationWords, secondsLeft, useScreeningStore } from './screening-store'
import { n, plural, stateWords } from './screening-words'

export function Progress({ job }: { job: ScreeningShowView }) {
  const id = useId()
  const s = useScreeningStore()
  const [days, setDays] = useState('30')
  const t = job.totals
  const left = secondsLeft(job)
  const live = job.state === 'open'
  return (
    <div className="screening-progress">
      <p className="screening-state">
        <span className={`badge screening-${job.state}`}>{stateWords(job)}</span>{' '}
        {job.waiting && (
          <span>
            {job.waiting.reason}
            {job.waiting.until ? ` (until ${formatTime(job.waiting.until)})` : ''}
          </span>
        )}
      </p>
      <progress
        id={`${id}-bar`}
        max={Math.max(t.identifiers, 1)}
        value={t.identifiers === 0 ? 1 : t.searched}
        aria-label="Identifiers searched on the registry"
      />
      <p role="status" data-testid="screening-counts">
        Searched {n(t.searched)} of {plural(t.identifiers, 'identifier')} · {plural(t.hits, 'row')}{' '}
        with a hit · {n(t.unchecked)} {live ? 'not fully checked yet' : 'not fully checked'}
        {live && left !== null
          ? job.pace === 'auto'
            ? ` · at most ${durationWords(left).replace(/^about /, '')} left at the registry’s pace`
            : ` · ${durationWords(left)} left at ${job.rate} a second`
          : ''}
      </p>
      <div className="actions">
        {job.state === 'open' && (
          <button type="button" onClick={() => void s.act('pause')}>
            Pause
          </button>
        )}
        {job.state === 'paused' && (
          <button type="button" onClick={() => void s.act('resume')}>
            Resume
          </button>
        )}
        {(job.state === 'open' || job.state === 'paused') && (
          <button type="button" className="quiet" onClick={() => void s.act('cancel')}>
            Cancel the job
          </button>
        )}
        {(job.state === 'done' || job.state === 'paused') && (
          <span className="screening-rescreen">
            <label htmlFor={`${id}-days`}>Search again what is older than</label>
            <input
              id={`${id}-days`}
              type="number"
              min={0}
              max={3650}
              value={days}
              onChange={(event) => setDays(event.target.value)}
            />
            <span>days</span>
            <button
              type="button"
              disabled={!(Number(days) >= 0) || days === ''}
              onClick={() => void s.rescreen(Math.floor(Number(days)))}
            >
              Search again
            </button>
          </span>
        )}
      </div>
    </div>
  )
}

export function Problems({ job }: { job: ScreeningShowView }) {
  const id = useId()
  if (job.problems.length === 0) return null
  return (
    <section aria-labelledby={`${id}-h`}>
      <h3 id={`${id}-h`}>
        {job.problems.length === 1
          ? '1 value could not be read'
          : `${n(job.problems.length)} values could not be read`}
      </h3>
      <p className="muted">
        A row with a value that could not be read is never counted as no report on file: it is
        partly checked (its other values were), or could not be read. Fix them in the file.
      </p>
      <ul className="plain screening-problems" aria-label="Values that could not be read">
        {job.problems.map((p, index) => (
          <li key={index}>
            Row {p.row}
            {p.cell ? `, cell ${p.cell}` : ''} ({p.column === 'line' ? 'line' : p.column}): “
            {p.value}” — {p.message}
          </li>
        ))}
      </ul>
    </section>
  )
}
