import { useCallback, useEffect, useMemo, useState } from 'react'
import { useViewportHeight } from './viewport-height'

/*
 * Rows of a long list drawn only where they can be seen, for lists whose rows differ in height
 * (an Outbox item with the registry's message under it, a watch item with its last alert). Each
 * row drawn is measured and its height kept; rows not drawn yet count at the estimate. The
 * spacers above and below keep the scroll bar true. A short list is drawn whole: there is
 * nothing to save, and it reads as it always did.
 */

/** Up to this many rows the list is drawn whole. */
export const WHOLE_UP_TO = 60

export interface WindowedRows {
  /** The first row drawn and the one after the last. */
  start: number
  end: number
  /** Heights of the spacers above and below the rows drawn, in pixels. */
  before: number
  after: number
  /** Give each drawn row's element: its height is measured and kept under its key. */
  measure: (key: string | number) => (element: HTMLElement | null) => void
  /** Give the scrolling box the rows sit in: its height says how many rows are in view. */
  setScroller: (element: HTMLElement | null) => void
  onScroll: (event: { currentTarget: HTMLElement }) => void
}

export function useWindowedRows(options: {
  keys: readonly (string | number)[]
  /** A row's height before it is measured. */
  estimate: number
  overscan?: number
}): WindowedRows {
  const { keys, estimate, overscan = 6 } = options
  // Kept across drawings and changed outside them (measurements): one mutable record.
  const [kept] = useState(() => ({
    heights: new Map<string | number, number>(),
    keyOf: new WeakMap<Element, string | number>(),
    refs: new Map<string | number, (element: HTMLElement | null) => void>(),
    drawn: new Map<string | number, HTMLElement>(),
  }))
  const { heights, keyOf, refs, drawn } = kept
  const [measured, setMeasured] = useState(0)
  const [scrollTop, setScrollTop] = useState(0)
  const { setBox: setScroller, height: viewport } = useViewportHeight()

  // Where each row begins: one pass over the list when it or a measurement changes.
  const tops = useMemo(() => {
    const at = new Float64Array(keys.length + 1)
    for (let i = 0; i < keys.length; i++)
      at[i + 1] = (at[i] as number) + (heights.get(keys[i] as string | number) ?? estimate)
    return at
    // `measured` counts the measurements that moved a row: the offsets follow them.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [keys, estimate, measured])

  // A row is measured when drawn and again whenever its height changes (a progress bar appears,
  // a message wraps on a narrower window). One ref function per key, so React does not detach
  // and attach every row at each drawing.
  const observer = useMemo(() => {
    if (typeof ResizeObserver === 'undefined') return null
    return new ResizeObserver((entries) => {
      let moved = false
      for (const entry of entries) {
        const key = keyOf.get(entry.target)
        // The observer's own size: reading the element's would force a layout for each row.
        const box = entry.borderBoxSize?.[0]?.blockSize
        if (key !== undefined) moved = keep(key, entry.target, box) || moved
      }
      if (moved) setMeasured((n) => n + 1)
    })
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
  useEffect(() => () => observer?.disconnect(), [observer])
  function keep(key: string | number, element: Element, size?: number): boolean {
    const height = size ?? element.getBoundingClientRect().height
    if (height <= 0) return false
    const known = heights.get(key)
    if (known !== undefined && Math.abs(known - height) < 1) return false
    heights.set(key, height)
    return true
  }
  const measure = useCallback(
    (key: string | number) => {
      let ref = refs.get(key)
      if (ref) return ref
      ref = (element: HTMLElement | null) => {
        const before = drawn.get(key)
        if (before && before !== element) {
          observer?.unobserve(before)
          drawn.delete(key)
        }
        if (!element) {
          refs.delete(key)
          return
        }
        drawn.set(key, element)
        keyOf.set(element, key)
        // The observer says each row's size when it starts to watch it; without one, it is read here.
        if (observer) observer.observe(element)
        else if (keep(key, element)) setMeasured((n) => n + 1)
      }
      refs.set(key, ref)
      return ref
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [observer],
  )
  const onScroll = useCallback(
    (event: { currentTarget: HTMLElement }) => setScrollTop(event.currentTarget.scrollTop),
    [],
  )

  const count = keys.length
  if (count <= WHOLE_UP_TO)
    return { start: 0, end: count, before: 0, after: 0, measure, setScroller, onScroll }
  const total = tops[count] as number
  const start = Math.max(0, rowAt(tops, scrollTop) - overscan)
  const end = Math.min(count, rowAt(tops, scrollTop + viewport) + 1 + overscan)
  return {
    start,
    end,
    before: tops[start] as number,
    after: total - (tops[end] as number),
    measure,
    setScroller,
    onScroll,
  }
}

/** The row under this offset: the last whose top is at or above it (binary search). */
function rowAt(tops: Float64Array, offset: number): number {
  let low = 0
  let high = tops.length - 2
  while (low < high) {
    const middle = (low + high + 1) >> 1
    if ((tops[middle] as number) <= offset) low = middle
    else high = middle - 1
  }
  return Math.max(0, low)
}

/** What stands for the rows not drawn in a table: a body of its own before or after theirs. */
export function SpacerBody({ height }: { height: number }) {
  return (
    <tbody aria-hidden="true">
      <tr className="spacer-row" style={{ height }}>
        <td colSpan={99} />
      </tr>
    </tbody>
  )
}
