// Whether the sun (hub/engine/sun's sunPosition) stands in front of a window. Pure.
import type { SunPosition } from '../engine/sun'

/** A window's facade, as the blind's fields give it (ARCHITECTURE.md section 12). */
export interface Facade {
  /** The compass direction the window faces, 0-359 (180 = south). */
  azimuth: number
  /** How far the sun may stand counter-clockwise (left, seen from inside) of the facade's normal. */
  fovLeft: number
  /** How far clockwise (right). */
  fovRight: number
  /** Below this elevation the sun is hidden (neighbours, trees). */
  minElevation: number
}

/** The sun's azimuth relative to the facade's normal, -180..180 (negative: left of it). */
function offsetFromNormal(facade: Facade, sun: SunPosition): number {
  return ((((sun.azimuth - facade.azimuth + 540) % 360) + 360) % 360) - 180
}

/**
 * Whether the sun stands in front of the facade: its azimuth within [azimuth - fovLeft,
 * azimuth + fovRight] (across north too), its elevation at least minElevation, and above the
 * horizon. `insideDeg` narrows the field of view and raises the minimum by that much (a
 * negative value widens them): the state machine enters at +2° and leaves at -2°. The horizon
 * itself has no margin: a sun at or below it shines on nothing.
 */
export function sunInFront(facade: Facade, sun: SunPosition, insideDeg = 0): boolean {
  const offset = offsetFromNormal(facade, sun)
  return (
    offset >= -facade.fovLeft + insideDeg &&
    offset <= facade.fovRight - insideDeg &&
    sun.elevation >= facade.minElevation + insideDeg &&
    sun.elevation > 0
  )
}
