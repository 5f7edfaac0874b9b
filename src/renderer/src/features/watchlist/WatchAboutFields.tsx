import type { Ref } from 'react'
import type { WatchItemAbout } from './watchlist-store'
import { WatchPeriodSelect } from './WatchPeriodSelect'

export type WatchAbout = WatchItemAbout

/**
 * How often an item is checked, who looks after it and why it is watched: the same three fields
 * where an item is added and where one is changed ("(optional)" on the owner and the note when
 * adding).
 */
export function WatchAboutFields({
  id,
  about,
  onChange,
  optional = false,
  ownerRef,
}: {
  id: string
  about: WatchAbout
  onChange: (about: WatchAbout) => void
  optional?: boolean
  ownerRef?: Ref<HTMLInputElement>
}) {
  const maybe = optional ? ' (optional)' : ''
  return (
    <>
      <div className="field watch-period">
        <label htmlFor={`${id}-period`}>Check</label>
        <WatchPeriodSelect
          id={`${id}-period`}
          value={about.periodMs}
          onChange={(periodMs) => onChange({ ...about, periodMs })}
        />
      </div>
      <div className="field watch-owner">
        <label htmlFor={`${id}-owner`}>Owner{maybe}</label>
        <input
          ref={ownerRef}
          id={`${id}-owner`}
          value={about.owner}
          maxLength={500}
          onChange={(event) => onChange({ ...about, owner: event.target.value })}
        />
      </div>
      <div className="field watch-note">
        <label htmlFor={`${id}-note`}>Note{maybe}</label>
        <input
          id={`${id}-note`}
          value={about.note}
          maxLength={500}
          onChange={(event) => onChange({ ...about, note: event.target.value })}
        />
      </div>
    </>
  )
}
