import {
  DEFAULT_WATCH_PERIOD_MS,
  describeWatchPeriod,
  WATCH_PERIOD_CHOICES,
} from '../../../../shared/domain/watch-period'

/** "Every day (the default)"; a period set elsewhere (the CLI's `--every 2d`) is offered too. */
export function WatchPeriodSelect({
  id,
  value,
  onChange,
}: {
  id: string
  value: number
  onChange: (periodMs: number) => void
}) {
  const choices = WATCH_PERIOD_CHOICES.includes(value)
    ? WATCH_PERIOD_CHOICES
    : [...WATCH_PERIOD_CHOICES, value].sort((a, b) => a - b)
  return (
    <select id={id} value={value} onChange={(event) => onChange(Number(event.target.value))}>
      {choices.map((ms) => {
        const words = describeWatchPeriod(ms)
        const label = words.charAt(0).toUpperCase() + words.slice(1)
        return (
          <option key={ms} value={ms}>
            {ms === DEFAULT_WATCH_PERIOD_MS ? `${label} (the default)` : label}
          </option>
        )
      })}
    </select>
  )
}
