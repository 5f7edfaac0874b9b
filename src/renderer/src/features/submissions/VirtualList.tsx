import { useEffect, useState, type ReactNode } from 'react'
import { useViewportHeight } from '../../components/viewport-height'

interface VirtualListProps {
  count: number
  rowHeight: number
  /** Rows drawn beyond the visible ones on each side, so a quick scroll shows no gaps. */
  overscan?: number
  /** Called with the visible range, to fetch the rows it needs. */
  onRange?: (start: number, end: number) => void
  renderRow: (index: number) => ReactNode
  label: string
  className?: string
}

/**
 * A windowed list: only the rows in view (plus a few) exist in the DOM, placed by a transform
 * inside a spacer as tall as all rows, so 100,000 rows scroll as smoothly as 100. Fixed row height
 * keeps the arithmetic O(1) per scroll event.
 */
export function VirtualList({
  count,
  rowHeight,
  overscan = 8,
  onRange,
  renderRow,
  label,
  className,
}: VirtualListProps) {
  const { setBox, height } = useViewportHeight()
  const [scrollTop, setScrollTop] = useState(0)

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - overscan)
  const last = Math.min(count, Math.ceil((scrollTop + height) / rowHeight) + overscan)
  useEffect(() => {
    onRange?.(first, last)
  }, [first, last, onRange])

  const rows: ReactNode[] = []
  for (let index = first; index < last; index++) rows.push(renderRow(index))
  return (
    <div
      ref={setBox}
      className={`virtual-list ${className ?? ''}`}
      role="list"
      aria-label={label}
      tabIndex={0}
      onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
    >
      <div className="virtual-spacer" style={{ height: count * rowHeight }}>
        <div className="virtual-window" style={{ transform: `translateY(${first * rowHeight}px)` }}>
          {rows}
        </div>
      </div>
    </div>
  )
}
