// Whole simulated days of shading for the tests and the benchmark: the pure core (sun position,
// PV brightness, the decision machine) stepped minute by minute over a local day at a real
// place, with PV readings every 10 s; and, independently of the core, when the geometry says
// shading should begin and end, straight from suncalc.
import { getPosition } from 'suncalc'
import type { Location } from '../../hub/engine/sun'
import { localClock } from '../../hub/local-clock'
import { clearSkyPowerW } from '../../hub/pv/clear-sky'
import { PvBrightness, type PowerSample } from '../../hub/shading/brightness'
import { IDLE_STATE, step, type Decision } from '../../hub/shading/decision'
import { pauseEnd } from '../../hub/shading/resume-time'
import { sunPosition } from '../../hub/engine/sun'
import type { Facade } from '../../hub/shading/sun-position'

export const MINUTE = 60_000
export const DAY = 24 * 60 * MINUTE

export interface Place {
  name: string
  location: Location
  timeZone: string
}

export const BERLIN: Place = {
  name: 'Berlin',
  location: { lat: 52.52, lon: 13.405 },
  timeZone: 'Europe/Berlin',
}
export const SYDNEY: Place = {
  name: 'Sydney',
  location: { lat: -33.87, lon: 151.21 },
  timeZone: 'Australia/Sydney',
}

/** The instant the local day `date` (YYYY-MM-DD) begins in `timeZone`. */
export function localMidnight(date: string, timeZone: string): number {
  // 10:00 UTC the day before is that day's afternoon or evening in every zone from -10 h to +14 h.
  return pauseEnd(Date.parse(`${date}T10:00:00Z`) - DAY, timeZone, null)
}

/** "HH:MM" of `at` on the wall clock in `timeZone`. */
export function wallTime(at: number, timeZone: string): string {
  const minutes = Math.floor(localClock(at, timeZone).msOfDay / MINUTE)
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`
}

/** Hours since local midnight, as a number (10.5 = 10:30). */
export function wallHours(at: number, timeZone: string): number {
  return localClock(at, timeZone).msOfDay / (60 * MINUTE)
}

export interface DaySetup {
  place: Place
  date: string
  facade: Facade
  minBrightness?: number
  /** PV power (W) at each instant; without it brightness is not asked. */
  pvW?: (at: number) => number
  /** 1-minute samples of earlier days that teach the array's clear-sky peak. */
  learnFrom?: PowerSample[]
}

export interface DayMove {
  at: number
  decision: Exclude<Decision, { action: 'STAY' }>
}

/** Steps the core every minute of the local day (PV read every 10 s); the moves it decided. */
export function simulateDay(setup: DaySetup): DayMove[] {
  const { place, facade } = setup
  const start = localMidnight(setup.date, place.timeZone)
  const end = localMidnight(nextDate(setup.date), place.timeZone)
  const brightness = setup.pvW ? new PvBrightness(() => place.location) : null
  if (brightness && setup.learnFrom) brightness.learn(setup.learnFrom)
  const rule = { facade, minBrightness: setup.minBrightness ?? 40 }
  let state = IDLE_STATE
  const moves: DayMove[] = []
  for (let at = start; at < end; at += MINUTE) {
    if (brightness && setup.pvW)
      for (let t = at - MINUTE + 10_000; t <= at; t += 10_000) brightness.add(t, setup.pvW(t))
    const conditions = {
      sun: sunPosition(at, place.location),
      brightness: brightness?.brightness(at) ?? null,
    }
    const result = step(rule, state, conditions, at)
    state = result.state
    if (result.decision.action !== 'STAY') moves.push({ at, decision: result.decision })
  }
  return moves
}

export function nextDate(date: string): string {
  return new Date(Date.parse(`${date}T12:00:00Z`) + DAY).toISOString().slice(0, 10)
}

/**
 * When the sun, by suncalc alone, comes 2° inside the facade's field of view and minimum
 * elevation (above the horizon), and when it goes 2° outside: the contract's geometry,
 * written out again here without the core. Minute resolution; null when it never does.
 */
export function geometryWindow(
  place: Place,
  date: string,
  facade: Facade,
): { begin: number | null; end: number | null } {
  const start = localMidnight(date, place.timeZone)
  const stop = localMidnight(nextDate(date), place.timeZone)
  let begin: number | null = null
  let end: number | null = null
  let inside = false
  for (let at = start; at < stop; at += MINUTE) {
    const p = getPosition(new Date(at), place.location.lat, place.location.lon)
    let off = p.azimuth - facade.azimuth
    while (off > 180) off -= 360
    while (off < -180) off += 360
    const within = (margin: number) =>
      off >= -facade.fovLeft + margin &&
      off <= facade.fovRight - margin &&
      p.altitude >= facade.minElevation + margin &&
      p.altitude > 0
    if (!inside && within(2)) {
      inside = true
      begin ??= at
    } else if (inside && !within(-2)) {
      inside = false
      end = at
    }
  }
  return { begin, end }
}

/** The clear-sky power of a 5 kW array: the emulated inverter's own model. */
export const clearSky = (place: Place) => (at: number) => clearSkyPowerW(at, place.location, 5000)

/** 1-minute clear-sky samples of the `days` days before `date`, to learn the peak from. */
export function clearDaysBefore(place: Place, date: string, days: number): PowerSample[] {
  const end = localMidnight(date, place.timeZone)
  const power = clearSky(place)
  const samples: PowerSample[] = []
  for (let at = end - days * DAY; at < end; at += MINUTE) samples.push({ at, powerW: power(at) })
  return samples
}
