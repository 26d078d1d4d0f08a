// The power of a PV system under a clear sky, for the emulated inverter and shading's
// brightness: the sun's elevation at the location (hub/engine/sun), Haurwitz's clear-sky global horizontal irradiance, and
// that irradiance scaled to the system's peak (1000 W/m² gives the peak). Below a small
// threshold the inverter does not run, as real ones need some DC power to start.
import { sunPosition, type Location } from '../engine/sun'

/** Berlin, where the emulator stands when no location is set. */
export const DEFAULT_LOCATION: Location = { lat: 52.52, lon: 13.405 }

/** Below this share of its peak the inverter does not run. */
const START_SHARE = 0.002

/** Haurwitz (1945): GHI = 1098 cos z exp(-0.057 / cos z) W/m², for the sun above the horizon. */
export function clearSkyIrradiance(altitudeDeg: number): number {
  const cosZenith = Math.sin((altitudeDeg * Math.PI) / 180)
  if (cosZenith <= 0) return 0
  return 1098 * cosZenith * Math.exp(-0.057 / cosZenith)
}

/** The AC power (W) of a system of `peakW` at `at`. */
export function clearSkyPowerW(at: number, location: Location, peakW: number): number {
  const power = Math.min(
    peakW,
    (peakW * clearSkyIrradiance(sunPosition(at, location).elevation)) / 1000,
  )
  return power < peakW * START_SHARE ? 0 : power
}
