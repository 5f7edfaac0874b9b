// The screening jobs run before, newest first, each one opened again from here.
import { useId } from 'react'
import { formatTime } from '../../format'
import { useScreeningStore } from './screening-store'
import { n, plural, stateWords } from './screening-words'

export function EarlierJobs() {
  const id = useId()
  const s = useScreeningStore()
  if (s.jobs.length === 0) return null
  return (
    <section className="panel" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>Earlier screenings</h2>
      <table className="table screening-jobs" aria-label="Earlier screenings">
        <thead>
          <tr>
            <th scope="col">List</th>
            <th scope="col">Started</th>
            <th scope="col">State</th>
            <th scope="col">Rows</th>
            <th scope="col">
              <span className="visually-hidden">Open</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {s.jobs.map((job) => (
            <tr key={job.job} aria-current={s.job?.job === job.job ? 'true' : undefined}>
              <td className="screening-file">{job.file}</td>
              <td>{formatTime(job.createdAt)}</td>
              <td>{stateWords(job)}</td>
              <td>
                {plural(job.totals.rows, 'row')}, {n(job.totals.hits)} with a hit
              </td>
              <td>
                <button
                  type="button"
                  className="quiet"
                  aria-label={`Open the screening of ${job.file}, started ${formatTime(job.createdAt)}`}
                  onClick={() => void s.open(job.job)}
                >
                  Open
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
