// The photovoltaics page's two charts, drawn with uPlot: today's power curve and the energy of
// the last days as bars. This module (with uPlot and its CSS) is loaded only by that page, after
// its figures, so no other page pays for it. Colours come from the theme's tokens and follow a
// change of colour mode; the size follows the container. The canvas is hidden from screen
// readers: the page says what it shows in a sentence beside it.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import type { PvDay, PvSample } from '../../api/types'
import { clockTime, dayLabel } from '../../time/hub-day'
import { barColumns, curveColumns, curveRange, labelledBars } from './chart-data'
import { axisEnergy, axisPower, formatEnergy, formatPower } from './pv-format'
import './pv-charts.css'

interface ChartColors {
  text: string
  muted: string
  grid: string
  line: string
  fill: string
}

function themeColors(): ChartColors {
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

function axis(colors: ChartColors, extra: uPlot.Axis): uPlot.Axis {
  return {
    stroke: colors.muted,
    font: FONT,
    grid: { stroke: colors.grid, width: 1 },
    ticks: { stroke: colors.grid, width: 1, size: 4 },
    ...extra,
  }
}

type Build = (width: number, height: number, colors: ChartColors) => uPlot.Options

function Chart({ build, data }: { build: Build; data: uPlot.AlignedData }) {
  const ref = useRef<HTMLDivElement>(null)
  const width = useWidth(ref)
  const theme = useThemeVersion()
  const height = width < 500 ? 200 : 260
  useEffect(() => {
    if (!ref.current || width === 0) return
    const chart = new uPlot(build(width, height, themeColors()), data, ref.current)
    return () => chart.destroy()
  }, [build, data, width, height, theme])
  return <div ref={ref} className="pv-chart-canvas" style={{ minHeight: height }} />
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
          space: 64,
          values: (_u, splits) => splits.map((s) => clockTime(new Date(s * 1000), timeZone)),
        }),
        axis(colors, { size: 60, values: (_u, splits) => splits.map(axisPower) }),
      ],
      series: [
        { value: (_u, v) => (v === null ? '—' : clockTime(new Date(v * 1000), timeZone)) },
        {
          label: 'Power',
          stroke: colors.line,
          fill: colors.fill,
          width: 2,
          points: { show: false },
          value: (_u, v) => formatPower(v),
        },
      ],
      legend: { live: true },
      cursor: { y: false, drag: { x: false, y: false } },
    }),
    [start, end, timeZone],
  )
  return <Chart build={build} data={data} />
}

/** One bar per day, oldest first; the last is today. */
export function EnergyBars({ days }: { days: readonly PvDay[] }) {
  const data = useMemo<uPlot.AlignedData>(() => barColumns(days), [days])
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
            grid: { show: false },
            splits: () => labelledBars(days.length, width - 70),
            values: (_u, splits) => splits.map(label),
          }),
          axis(colors, { size: 60, values: (_u, splits) => splits.map(axisEnergy) }),
        ],
        series: [
          { value: (_u, v) => (v === null ? '—' : label(v)) },
          {
            label: 'Energy',
            stroke: colors.line,
            fill: colors.line,
            width: 0,
            paths: uPlot.paths.bars!({ size: [0.7, 24], align: 0 }),
            points: { show: false },
            value: (_u, v) => formatEnergy(v),
          },
        ],
        legend: { live: true },
        cursor: { y: false, drag: { x: false, y: false } },
      }
    },
    [days],
  )
  return <Chart build={build} data={data} />
}
