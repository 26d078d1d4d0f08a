// A blind drawn as it hangs: the window, the head box, and the slat curtain down from the top,
// as far as the blind is closed (position 100 = open: no curtain; 0 = closed: all of it). A
// venetian blind's slats thin out as they open. An unknown position is drawn as a hatched
// window with a question mark, never as a guess. Decorative: the text beside it says the same
// in words.
import { useId } from 'react'
import './blind-picture.css'

interface Props {
  /** 0-100, 100 = open; null while not known. */
  position: number | null
  /** The slats, 0-100 (100 = open); null for a blind without slats. */
  tilt: number | null
  /** Draws the slats of a venetian blind. */
  venetian: boolean
  moving: boolean
}

// The window's inside, in viewBox units.
const TOP = 8
const BOTTOM = 58
const LEFT = 5
const WIDTH = 38
const SLAT_PITCH = 4

export function BlindPicture({ position, tilt, venetian, moving }: Props) {
  const id = useId()
  const known = position !== null
  const closedShare = known ? 1 - Math.min(100, Math.max(0, position)) / 100 : 1
  const curtain = (BOTTOM - TOP) * closedShare
  // Open slats let the light through: thin bars; closed ones overlap into a solid curtain.
  const slat = venetian && tilt !== null ? 1.2 + 2.6 * (1 - tilt / 100) : 2.6
  return (
    <svg
      className="blind-picture"
      viewBox="0 0 48 62"
      width="48"
      height="62"
      aria-hidden="true"
      focusable="false"
      data-position={known ? Math.round(position) : 'unknown'}
      data-moving={moving || undefined}
    >
      <defs>
        <pattern id={`${id}-slats`} width="4" height={SLAT_PITCH} patternUnits="userSpaceOnUse">
          <rect className="blind-slat" x="0" y="0" width="4" height={slat} />
        </pattern>
        <pattern
          id={`${id}-unknown`}
          width="6"
          height="6"
          patternUnits="userSpaceOnUse"
          patternTransform="rotate(45)"
        >
          <rect className="blind-hatch" x="0" y="0" width="2" height="6" />
        </pattern>
      </defs>
      <rect className="blind-window" x={LEFT} y={TOP} width={WIDTH} height={BOTTOM - TOP} />
      <line className="blind-mullion" x1="24" y1={TOP} x2="24" y2={BOTTOM} />
      {known ? (
        <>
          <rect
            className="blind-curtain"
            x={LEFT}
            y={TOP}
            width={WIDTH}
            height={curtain}
            fill={`url(#${id}-slats)`}
          />
          <rect
            className="blind-rail"
            x={LEFT - 1}
            y={TOP + curtain - 1}
            width={WIDTH + 2}
            height="2.5"
            rx="1"
          />
        </>
      ) : (
        <>
          <rect
            className="blind-unknown"
            x={LEFT}
            y={TOP}
            width={WIDTH}
            height={BOTTOM - TOP}
            fill={`url(#${id}-unknown)`}
          />
          <text className="blind-question" x="24" y="41" textAnchor="middle">
            ?
          </text>
        </>
      )}
      <rect className="blind-frame" x={LEFT} y={TOP} width={WIDTH} height={BOTTOM - TOP} />
      <rect className="blind-head" x="2" y="2" width="44" height="7" rx="2" />
    </svg>
  )
}
