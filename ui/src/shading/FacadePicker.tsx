// The compass dial of a blind's dialog: which way the window faces (compass degrees, 0 = north,
// 180 = south) and, as a wedge, the part of the sky where the sun counts as in front of it
// (facadeAzimuth - fovLeft .. facadeAzimuth + fovRight). Drag or tap the dial to turn it; as a
// slider it takes the arrow keys (1°, 10° with Shift or Page Up/Down) and wraps 359 → 0.
import { useRef, type KeyboardEvent, type PointerEvent } from 'react'
import { useT } from '../i18n/I18nProvider'
import { facingText } from './shading-words'
import { shadingMessages as m } from './shading.messages'
import './facade-picker.css'

const SIZE = 200
const CENTRE = SIZE / 2
const RIM = 84
const LETTERS = [
  { at: 0, text: m.letterN },
  { at: 90, text: m.letterE },
  { at: 180, text: m.letterS },
  { at: 270, text: m.letterW },
] as const

/** 0-359, whatever whole or negative number of degrees. */
export function wrapAzimuth(degrees: number): number {
  return ((Math.round(degrees) % 360) + 360) % 360
}

/** The point at compass `azimuth` (clockwise from north, up) and `radius` from the centre. */
function pointAt(azimuth: number, radius: number): { x: number; y: number } {
  const rad = (azimuth * Math.PI) / 180
  return { x: CENTRE + radius * Math.sin(rad), y: CENTRE - radius * Math.cos(rad) }
}

const round = (n: number) => Math.round(n * 100) / 100

/** The SVG path of the sky the sun counts in: a pie slice from azimuth - left to + right. */
export function wedgePath(azimuth: number, left: number, right: number, radius = RIM): string {
  const from = pointAt(azimuth - left, radius)
  const to = pointAt(azimuth + right, radius)
  const largeArc = left + right > 180 ? 1 : 0
  return `M ${CENTRE} ${CENTRE} L ${round(from.x)} ${round(from.y)} A ${radius} ${radius} 0 ${largeArc} 1 ${round(to.x)} ${round(to.y)} Z`
}

/** The compass azimuth of a point on the dial, given in the SVG's own units. */
function azimuthOf(x: number, y: number): number {
  return wrapAzimuth((Math.atan2(x - CENTRE, CENTRE - y) * 180) / Math.PI)
}

interface Props {
  /** Null: no facade set yet (a tap or a key sets one). */
  azimuth: number | null
  fovLeft: number
  fovRight: number
  onChange: (azimuth: number) => void
  /** Ids of the text that describes the dial. */
  describedBy?: string | undefined
  /** Its number field holds a broken rule: the rim turns red (the field says why). */
  invalid?: boolean
  /** What a screen reader says for its value, where the facade's own words do not fit. */
  valueText?: string
}

export function FacadePicker({
  azimuth,
  fovLeft,
  fovRight,
  onChange,
  describedBy,
  invalid,
  valueText,
}: Props) {
  const t = useT()
  const svg = useRef<SVGSVGElement>(null)

  const setFromPointer = (event: PointerEvent<SVGSVGElement>) => {
    const box = svg.current?.getBoundingClientRect()
    if (!box || box.width === 0) return
    const scale = SIZE / box.width
    onChange(azimuthOf((event.clientX - box.left) * scale, (event.clientY - box.top) * scale))
  }

  const onKeyDown = (event: KeyboardEvent) => {
    const big = event.shiftKey ? 10 : 1
    const steps: Record<string, number> = {
      ArrowRight: big,
      ArrowUp: big,
      ArrowLeft: -big,
      ArrowDown: -big,
      PageUp: 10,
      PageDown: -10,
    }
    let next: number | null = null
    if (event.key in steps) next = azimuth === null ? 180 : wrapAzimuth(azimuth + steps[event.key]!)
    else if (event.key === 'Home') next = 0
    else if (event.key === 'End') next = 359
    if (next === null) return
    event.preventDefault()
    onChange(next)
  }

  const handle = azimuth === null ? null : pointAt(azimuth, RIM)
  const wall = azimuth === null ? null : [pointAt(azimuth - 90, 30), pointAt(azimuth + 90, 30)]
  return (
    <div
      className={`facade-picker${invalid ? ' facade-picker-invalid' : ''}`}
      role="slider"
      tabIndex={0}
      aria-label={t(m.facadeDirection)}
      aria-valuemin={0}
      aria-valuemax={359}
      // A slider must have a value: with no facade yet, where the keys start (said as "not set").
      aria-valuenow={azimuth ?? 180}
      aria-valuetext={valueText ?? facingText(azimuth, t)}
      aria-describedby={describedBy}
      onKeyDown={onKeyDown}
    >
      <svg
        ref={svg}
        viewBox={`0 0 ${SIZE} ${SIZE}`}
        aria-hidden="true"
        focusable="false"
        onPointerDown={(event) => {
          event.currentTarget.setPointerCapture?.(event.pointerId)
          setFromPointer(event)
        }}
        onPointerMove={(event) => {
          if (event.currentTarget.hasPointerCapture?.(event.pointerId)) setFromPointer(event)
        }}
      >
        <circle className="facade-dial" cx={CENTRE} cy={CENTRE} r={RIM} />
        {Array.from({ length: 36 }, (_, i) => {
          const major = i % 9 === 0
          const a = pointAt(i * 10, RIM)
          const b = pointAt(i * 10, RIM - (major ? 10 : 5))
          return (
            <line
              key={i}
              className={major ? 'facade-tick facade-tick-major' : 'facade-tick'}
              x1={round(a.x)}
              y1={round(a.y)}
              x2={round(b.x)}
              y2={round(b.y)}
            />
          )
        })}
        {LETTERS.map(({ at, text }) => {
          const p = pointAt(at, RIM - 22)
          return (
            <text key={text.id} className="facade-letter" x={round(p.x)} y={round(p.y)}>
              {t(text)}
            </text>
          )
        })}
        {azimuth !== null && handle && wall && (
          <>
            <path
              className="facade-wedge"
              data-testid="facade-wedge"
              d={wedgePath(azimuth, fovLeft, fovRight)}
            />
            <line
              className="facade-wall"
              x1={round(wall[0]!.x)}
              y1={round(wall[0]!.y)}
              x2={round(wall[1]!.x)}
              y2={round(wall[1]!.y)}
            />
            <line
              className="facade-pointer"
              x1={CENTRE}
              y1={CENTRE}
              x2={round(handle.x)}
              y2={round(handle.y)}
            />
            <circle className="facade-handle" cx={round(handle.x)} cy={round(handle.y)} r={9} />
          </>
        )}
        <circle className="facade-centre" cx={CENTRE} cy={CENTRE} r={4} />
      </svg>
    </div>
  )
}
