import { useEffect, useRef, useState } from 'react'
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  Tooltip,
  type ChartConfiguration,
} from 'chart.js'

// Only what a bar chart needs is bundled (Chart.js registers nothing by itself). Chart.js draws
// on a canvas, sets sizes through the style object (allowed by style-src 'self') and evaluates
// no code: nothing here needs the CSP loosened.
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend)

/** The page's colours, read from its CSS variables, so a chart follows the light or dark theme. */
export interface ChartColors {
  text: string
  muted: string
  grid: string
  surface: string
  accent: string
  ok: string
  warn: string
  danger: string
  neutral: string
}

function readColors(): ChartColors {
  const style = getComputedStyle(document.documentElement)
  const v = (name: string) => style.getPropertyValue(name).trim()
  return {
    text: v('--text'),
    muted: v('--muted'),
    grid: v('--border'),
    surface: v('--surface'),
    accent: v('--accent'),
    ok: v('--ok'),
    warn: v('--warn'),
    danger: v('--danger'),
    neutral: v('--border-strong'),
  }
}

/**
 * The theme's colours, read again when the theme changes: Settings' choice (data-theme on the
 * root element) or the system's (prefers-color-scheme).
 */
export function useChartColors(): ChartColors {
  const [colors, setColors] = useState(readColors)
  useEffect(() => {
    const update = () => setColors(readColors())
    const observer = new MutationObserver(update)
    observer.observe(document.documentElement, {
      attributes: true,
      attributeFilter: ['data-theme'],
    })
    const scheme = window.matchMedia('(prefers-color-scheme: dark)')
    scheme.addEventListener('change', update)
    return () => {
      observer.disconnect()
      scheme.removeEventListener('change', update)
    }
  }, [])
  return colors
}

/*
 * Charts are drawn, and updated, one per task: five drawn in the commit that shows the screen
 * would be one task of them all, and the window would not answer a key press until the last
 * was drawn.
 */
const queue: (() => void)[] = []
let draining = false
function drawSoon(draw: () => void): () => void {
  let cancelled = false
  queue.push(() => {
    if (!cancelled) draw()
  })
  if (!draining) {
    draining = true
    const next = () => {
      queue.shift()?.()
      if (queue.length > 0) setTimeout(next, 0)
      else draining = false
    }
    setTimeout(next, 0)
  }
  return () => {
    cancelled = true
  }
}

/**
 * What the chart was given to draw, read back from the chart itself, on its canvas
 * (data-chart): the journeys check it against the table beside it.
 */
function describeDrawn(chart: Chart<'bar'>): void {
  chart.canvas.dataset.chart = JSON.stringify({
    labels: chart.data.labels,
    series: chart.data.datasets.map((d) => ({
      label: d.label,
      values: d.data,
      color: d.backgroundColor,
    })),
  })
}

export interface BarSeries {
  label: string
  values: readonly number[]
  color: string
}

export interface BarChartProps {
  /** What the picture shows, in a sentence: the canvas's text alternative. */
  description: string
  labels: readonly string[]
  series: readonly BarSeries[]
  /** Bars along, with their labels down the side (long names: fraud types, banks). */
  horizontal?: boolean
  /** Series on top of one another (the outbox's days). */
  stacked?: boolean
  colors: ChartColors
  /** Height in pixels. */
  height?: number
}

/**
 * A bar chart. It is a picture: role img with a text alternative, never focusable; the same
 * figures are in a table beside it for keyboards and screen readers.
 */
export function BarChart({
  description,
  labels,
  series,
  horizontal = false,
  stacked = false,
  colors,
  height = 260,
}: BarChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const chart = useRef<Chart<'bar'> | null>(null)
  const [drawn, setDrawn] = useState(false)

  useEffect(() => {
    const config: ChartConfiguration<'bar'> = {
      type: 'bar',
      data: {
        labels: [...labels],
        datasets: series.map((s) => ({
          label: s.label,
          data: [...s.values],
          backgroundColor: s.color,
          borderWidth: 0,
          maxBarThickness: 28,
        })),
      },
      options: {
        indexAxis: horizontal ? 'y' : 'x',
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        color: colors.text,
        font: { family: getComputedStyle(document.documentElement).fontFamily, size: 12 },
        scales: {
          x: {
            stacked,
            ticks: { color: colors.muted, ...(horizontal ? { precision: 0 } : {}) },
            grid: { color: colors.grid, display: horizontal },
            border: { color: colors.grid },
            ...(horizontal ? { beginAtZero: true } : {}),
          },
          y: {
            stacked,
            ticks: { color: horizontal ? colors.text : colors.muted, precision: 0 },
            grid: { color: colors.grid, display: !horizontal },
            border: { color: colors.grid },
            ...(horizontal ? {} : { beginAtZero: true }),
          },
        },
        plugins: {
          legend: {
            display: series.length > 1,
            labels: { color: colors.text, boxWidth: 12 },
          },
          tooltip: {
            backgroundColor: colors.surface,
            titleColor: colors.text,
            bodyColor: colors.text,
            borderColor: colors.grid,
            borderWidth: 1,
          },
        },
      },
    }
    const existing = chart.current
    if (existing) {
      // New figures or another theme: the chart is updated in place, not built again, and in
      // its own task like a first drawing (five updated in the commit that brings the figures
      // were one task of 60-130 ms). Not "drawn" until then, so nothing reads the old figures
      // beside the new table.
      setDrawn(false)
      return drawSoon(() => {
        existing.data = config.data
        existing.options = config.options ?? {}
        existing.update('none')
        describeDrawn(existing)
        setDrawn(true)
      })
    }
    return drawSoon(() => {
      if (!canvas.current) return
      chart.current = new Chart(canvas.current, config)
      describeDrawn(chart.current)
      setDrawn(true)
    })
  }, [labels, series, horizontal, stacked, colors])

  useEffect(
    () => () => {
      chart.current?.destroy()
      chart.current = null
    },
    [],
  )

  return (
    <div className="chart-box" style={{ height }}>
      <canvas ref={canvas} role="img" aria-label={description} data-drawn={drawn || undefined}>
        {description}
      </canvas>
    </div>
  )
}
