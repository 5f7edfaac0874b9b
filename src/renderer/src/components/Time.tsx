import { useEffect, useState } from 'react'
import { formatRelative, formatTime } from '../format'

let listeners = new Set<() => void>()
let timer: ReturnType<typeof setInterval> | null = null

/** One shared clock for every relative time on screen, ticking every 15 s while any is shown. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const tick = () => setNow(Date.now())
    listeners.add(tick)
    timer ??= setInterval(() => listeners.forEach((listener) => listener()), 15_000)
    return () => {
      listeners.delete(tick)
      if (listeners.size === 0 && timer) {
        clearInterval(timer)
        timer = null
        listeners = new Set()
      }
    }
  }, [])
  return now
}

/**
 * A time as people say it ("3 minutes ago", "in 5 seconds"), the exact time on hover. `past`
 * marks something that has happened (a sync, a save, a send): it is never said to be in the
 * future, even when it happened between two ticks of the shared clock or on a clock a little
 * ahead of this one.
 */
export function Time({
  value,
  past = false,
}: {
  value: number | string | null | undefined
  past?: boolean
}) {
  const now = useNow()
  if (value === null || value === undefined || value === '') return <>—</>
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return <>{String(value)}</>
  // The shared clock ticks every 15 s: something that happened after its last tick happened
  // less than 15 s ago, "just now", not "in 11 seconds".
  const at = past ? Math.min(date.getTime(), now) : date.getTime()
  return (
    <time dateTime={date.toISOString()} title={formatTime(date.getTime())}>
      {formatRelative(at, now)}
    </time>
  )
}
