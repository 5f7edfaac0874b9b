import { useEffect, useId } from 'react'
import { formatTime } from '../../format'
import { useScreeningStore } from './screening-store'
import '../../styles/lists.css'
import './screening.css'
import { ChooseList } from './ChooseList'
import { EarlierJobs } from './EarlierJobs'
import { Problems, Progress } from './Progress'
import { Results } from './Results'
import { StartList } from './StartList'

/**
 * Screening: a whole list (a spreadsheet or a pasted list) checked against the registry by a
 * job in the core, its columns mapped first, its progress polled while it runs, its hits read
 * here and saved through main's save dialog.
 */
export function ScreeningScreen() {
  const id = useId()
  const s = useScreeningStore()
  const jobId = s.job?.job
  const live = s.job?.state === 'open'
  // On opening: the earlier jobs, and the one still running shown at once (its progress).
  useEffect(() => {
    const store = useScreeningStore.getState()
    void store.loadJobs().then(() => {
      const now = useScreeningStore.getState()
      const running = now.jobs.find((job) => job.state === 'open')
      if (running && !now.job && !now.input && !now.busy) void now.open(running.job)
    })
  }, [])
  // The core pushes nothing about a job: it is asked every second while it runs and is shown.
  useEffect(() => {
    if (!jobId || !live) return
    const timer = setInterval(() => void useScreeningStore.getState().refresh(), 1000)
    return () => {
      clearInterval(timer)
      void useScreeningStore.getState().loadJobs()
    }
  }, [jobId, live])

  return (
    <div className="stack">
      <section className="panel" aria-labelledby={`${id}-h`}>
        <h2 id={`${id}-h`}>Screening</h2>
        {!s.input && !s.job && (
          <p>
            Check a whole list of identifiers against the registry: each row is said to have a hit,
            no hit, or could not be checked.
          </p>
        )}
        {s.error && (
          <p className="callout error" role="alert">
            {s.error}
          </p>
        )}
        {s.busy && <p className="muted">Reading…</p>}
        {!s.input && !s.job && <ChooseList />}
        {s.input && <StartList input={s.input} />}
        {s.job && (
          <>
            <h3>
              {s.job.file} <span className="muted">· started {formatTime(s.job.createdAt)}</span>
            </h3>
            <Progress job={s.job} />
            <Problems job={s.job} />
            <Results job={s.job} />
            <div className="actions">
              <button type="button" className="quiet" onClick={() => s.reset()}>
                Screen another list
              </button>
            </div>
          </>
        )}
      </section>
      <EarlierJobs />
    </div>
  )
}
