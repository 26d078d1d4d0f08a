// The photovoltaics page's two charts, drawn with uPlot: today's power curve and the energy of
// the last days as bars. This module (with uPlot and its CSS) is loaded only by that page, after
// its figures, so no other page pays for it. Colours come from the theme's tokens and follow a
// change of colour mode; the size follows the container. The canvas is hidden from screen
// readers: the page says what it shows in a sentence beside it. Home's wind chart
// (weather/WindChart) draws with the same Chart.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import type { PvDay, PvSample } from '../../api/types'
import { clockTime, dayLabel } from '../../time/hub-day'
import { barColumns, curveColumns, curveRange, labelledBars } from './chart-data'
import { axisEnergy, axisPower, formatEnergy, formatPower } from './pv-format'
import { useT } from '../../i18n/I18nProvider'
import { pvMessages as m } from './pv.messages'
import './pv-charts.css'

export interface ChartColors {
  text: string
  muted: string
  grid: string
  line: string
  fill: string
}

export function themeColors(): ChartColors {
  const style = getComputedStyle(document.documentElement)
  const token = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback
  return {
    text: token('--text', '#1b1f2e'),
    muted: token('--muted', '#545b70'),
    grid: token('--border', '#d3d7e3'),
    line: token('--pv', '#b86a00'),
    fill: token('--pv-fill', 'rgba(230, 150, 0, 0.22)'),
  }
}

const FONT = '12px "Inter Variable", Inter, system-ui, sans-serif'

/** Bumps when <html data-theme> changes, so charts redraw in the new colours. */
function useThemeVersion(): number {
  const [version, setVersion] = useState(0)
  useEffect(() => {
    const observer = new MutationObserver(() => setVersion((v) => v + 1))
    observer.observe(document.documentElement, { attributeFilter: ['data-theme'] })
    return () => observer.disconnect()
  }, [])
  return version
}

/** The element's content width, followed as it changes. */
function useWidth(ref: React.RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0)
  useEffect(() => {
    const element = ref.current
    if (!element) return
    setWidth(element.clientWidth)
    const observer = new ResizeObserver(() => setWidth(element.clientWidth))
    observer.observe(element)
    return () => observer.disconnect()
  }, [ref])
  return width
}

export function axis(colors: ChartColors, extra: uPlot.Axis): uPlot.Axis {
  return {
    stroke: colors.muted,
    font: FONT,
    grid: { stroke: colors.grid, width: 1 },
    ticks: { stroke: colors.grid, width: 1, size: 4 },
    ...extra,
  }
}

export type Build = (width: number, height: number, colors: ChartColors) => uPlot.Options
/** The value under the pointer (or finger) in words: "12:47 · 5.19 kW". */
export type Readout = (data: uPlot.AlignedData, index: number) => string

export function Chart({
  build,
  data,
  readout,
}: {
  build: Build
  data: uPlot.AlignedData
  readout: Readout
}) {
  const ref = useRef<HTMLDivElement>(null)
  const readoutRef = useRef<HTMLParagraphElement>(null)
  const width = useWidth(ref)
  const theme = useThemeVersion()
  const height = width < 500 ? 220 : 280
  useEffect(() => {
    const element = ref.current
    if (!element || width === 0) return
    const options = build(width, height, themeColors())
    // Written straight into its element: the pointer moves far more often than React renders.
    const showReadout = (u: uPlot) => {
      const index = u.cursor.idx
      const text = index === null || index === undefined ? '' : readout(data, index)
      if (readoutRef.current) readoutRef.current.textContent = text
    }
    const chart = new uPlot(
      { ...options, legend: { show: false }, hooks: { setCursor: [showReadout] } },
      data,
      element,
    )
    return () => chart.destroy()
  }, [build, data, readout, width, height, theme])
  return (
    <div className="pv-chart-frame">
      <p ref={readoutRef} className="pv-chart-readout" aria-hidden="true" />
      <div ref={ref} className="pv-chart-canvas" style={{ minHeight: height }} />
    </div>
  )
}

/** Today's power from the first sample to now, in the hub's time zone. */
export function PowerChart({
  samples,
  now,
  timeZone,
}: {
  samples: readonly PvSample[]
  now: number
  timeZone: string | undefined
}) {
  const columns = useMemo(() => curveColumns(samples), [samples])
  const data: uPlot.AlignedData = columns
  const [start, end] = curveRange(columns[0], now)
  const t = useT()
  const build = useCallback<Build>(
    (width, height, colors) => ({
      width,
      height,
      ...(timeZone && { tzDate: (ts: number) => uPlot.tzDate(new Date(ts * 1000), timeZone) }),
      scales: {
        x: { time: true, range: () => [start, end] },
        y: { range: (_u, _min, max) => [0, Math.max(max, 100) * 1.1] },
      },
      axes: [
        axis(colors, {
          size: 32,
          space: 64,
          values: (_u, splits) => splits.map((s) => clockTime(new Date(s * 1000), timeZone)),
        }),
        axis(colors, { size: 60, values: (_u, splits) => splits.map(axisPower) }),
      ],
      series: [
        {},
        // uPlot shows the points only while they are sparse: a first live sample is a dot.
        { label: t(m.power), stroke: colors.line, fill: colors.fill, width: 2 },
      ],
      cursor: { y: false, drag: { x: false, y: false } },
    }),
    [start, end, timeZone, t],
  )
  const readout = useCallback<Readout>(
    ([xs, ys], i) => `${clockTime(new Date(xs[i]! * 1000), timeZone)} · ${formatPower(ys![i])}`,
    [timeZone],
  )
  return <Chart build={build} data={data} readout={readout} />
}

/** One bar per day, oldest first; the last is today. */
export function EnergyBars({ days }: { days: readonly PvDay[] }) {
  const data = useMemo<uPlot.AlignedData>(() => barColumns(days), [days])
  const t = useT()
  const build = useCallback<Build>(
    (width, height, colors) => {
      const label = (i: number) => {
        const day = days[Math.round(i)]
        return day ? dayLabel(day.day, { weekday: false }) : ''
      }
      return {
        width,
        height,
        scales: {
          x: { time: false, range: () => [-0.5, days.length - 0.5] },
          y: { range: (_u, _min, max) => [0, Math.max(max, 1000) * 1.1] },
        },
        axes: [
          axis(colors, {
            size: 32,
            grid: { show: false },
            splits: () => labelledBars(days.length, width - 70),
            values: (_u, splits) => splits.map(label),
          }),
          axis(colors, { size: 60, values: (_u, splits) => splits.map(axisEnergy) }),
        ],
        series: [
          {},
          {
            label: t(m.energy),
            stroke: colors.line,
            fill: colors.line,
            width: 0,
            paths: uPlot.paths.bars!({ size: [0.7, 24], align: 0 }),
            points: { show: false },
          },
        ],
        cursor: { y: false, drag: { x: false, y: false } },
      }
    },
    [days, t],
  )
  const readout = useCallback<Readout>(
    (_data, i) => {
      const day = days[i]
      return day ? `${dayLabel(day.day)} · ${formatEnergy(day.wh)}` : ''
    },
    [days],
  )
  return <Chart build={build} data={data} readout={readout} />
}
