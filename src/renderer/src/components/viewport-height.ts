import { useEffect, useState } from 'react'

/**
 * The height of a scrolling box, followed as the window is resized: give `setBox` to the box as its `ref`. A box
 * drawn only once its list has rows is taken up when it appears. Before it is measured (and
 * where nothing lays the page out), `fallback`.
 */
export function useViewportHeight(fallback = 600): {
  setBox: (element: HTMLElement | null) => void
  height: number
} {
  const [element, setElement] = useState<HTMLElement | null>(null)
  const [height, setHeight] = useState(fallback)
  useEffect(() => {
    if (!element) return
    const read = () => setHeight(element.clientHeight || fallback)
    read()
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(read)
    observer?.observe(element)
    return () => observer?.disconnect()
  }, [element, fallback])
  return { setBox: setElement, height }
}
