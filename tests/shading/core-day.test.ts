// The shading core over whole simulated days at real places: the blind is shaded while the sun
// stands in front of its facade, within minutes of what suncalc alone says, and passing clouds
// do not make it dance.
import { describe, expect, test } from 'vitest'
import type { Facade } from '../../hub/shading/sun-position'
import {
  BERLIN,
  SYDNEY,
  clearDaysBefore,
  clearSky,
  geometryWindow,
  simulateDay,
  wallHours,
  wallTime,
  MINUTE,
  type DayMove,
  type Place,
} from './simulate-day'

const SOUTH: Facade = { azimuth: 180, fovLeft: 45, fovRight: 45, minElevation: 0 }
const NORTH: Facade = { azimuth: 0, fovLeft: 45, fovRight: 45, minElevation: 0 }
const EAST: Facade = { azimuth: 90, fovLeft: 90, fovRight: 90, minElevation: 0 }

interface DayCase {
  place: Place
  date: string
  /** The facade facing the midday sun (south in Berlin, north in Sydney). */
  sunny: Facade
  label: string
  /** When, on the wall clock (hours), shading of the sunny facade begins and ends. */
  begins: [number, number]
  ends: [number, number]
}

const days: DayCase[] = [
  {
    place: BERLIN,
    date: '2026-06-21',
    sunny: SOUTH,
    label: 'Berlin in June (south facade)',
    begins: [10.5, 12],
    ends: [14, 16],
  },
  {
    place: BERLIN,
    date: '2026-12-21',
    sunny: SOUTH,
    label: 'Berlin in December (south facade)',
    // The low winter sun stands south-east already at sunrise (08:15).
    begins: [8.3, 10],
    ends: [14.5, 16],
  },
  {
    place: SYDNEY,
    date: '2026-06-21',
    sunny: NORTH,
    label: 'Sydney in June (north facade)',
    begins: [8.5, 10.5],
    ends: [14, 16],
  },
  {
    place: SYDNEY,
    date: '2026-12-21',
    sunny: NORTH,
    label: 'Sydney in December (north facade)',
    // Nearly overhead at noon (80°): the sun swings through the north within two hours.
    begins: [11.5, 12.9],
    ends: [13, 14.5],
  },
]

/** The day's moves as [enter, leave] wall times, for the failure message. */
const told = (moves: DayMove[], place: Place) =>
  moves.map((m) => `${m.decision.action} ${wallTime(m.at, place.timeZone)}`).join(', ')

function expectShadedAsTheGeometrySays(place: Place, date: string, facade: Facade) {
  const moves = simulateDay({ place, date, facade })
  const { begin, end } = geometryWindow(place, date, facade)
  expect(begin, 'suncalc puts the sun in front of the facade').not.toBeNull()
  expect(end).not.toBeNull()
  expect(
    moves.map((m) => m.decision.action),
    told(moves, place),
  ).toEqual(['ENTER', 'LEAVE'])
  const [enter, leave] = moves as [DayMove, DayMove]
  expect(Math.abs(enter.at - begin!), told(moves, place)).toBeLessThanOrEqual(3 * MINUTE)
  expect(Math.abs(leave.at - end!), told(moves, place)).toBeLessThanOrEqual(3 * MINUTE)
  expect(enter.decision).toEqual({ action: 'ENTER', reason: 'SUN_IN_FRONT' })
  expect(leave.decision).toEqual({ action: 'LEAVE', reason: 'ENDED' })
  return { enter: wallHours(enter.at, place.timeZone), leave: wallHours(leave.at, place.timeZone) }
}

describe('a day of shading without PV, at real places', () => {
  for (const day of days) {
    test(`${day.label}: shaded from late morning to mid afternoon, as suncalc says`, () => {
      const { enter, leave } = expectShadedAsTheGeometrySays(day.place, day.date, day.sunny)
      expect(enter).toBeGreaterThanOrEqual(day.begins[0])
      expect(enter).toBeLessThanOrEqual(day.begins[1])
      expect(leave).toBeGreaterThanOrEqual(day.ends[0])
      expect(leave).toBeLessThanOrEqual(day.ends[1])
    })

    test(`${day.label.replace(/\(.*\)/, '(east facade)')}: shaded only in the morning`, () => {
      const { enter, leave } = expectShadedAsTheGeometrySays(day.place, day.date, EAST)
      expect(enter).toBeLessThan(9.5)
      // The sun crosses the meridian around 12:00-13:30 on the wall clock (summer time included).
      expect(leave).toBeGreaterThan(11.5)
      expect(leave).toBeLessThan(14)
    })
  }

  test('Berlin in June: a west facade is shaded from early afternoon until the sun is low', () => {
    const west: Facade = { azimuth: 270, fovLeft: 90, fovRight: 90, minElevation: 10 }
    const { enter, leave } = expectShadedAsTheGeometrySays(BERLIN, '2026-06-21', west)
    expect(enter).toBeGreaterThan(12.5)
    expect(leave).toBeGreaterThan(19)
    expect(leave).toBeLessThan(21.5)
  })

  test('a facade the sun never stands in front of is never shaded', () => {
    // Berlin's sun never stands in the north at 10° elevation or more.
    const north: Facade = { azimuth: 0, fovLeft: 30, fovRight: 30, minElevation: 10 }
    expect(simulateDay({ place: BERLIN, date: '2026-06-21', facade: north })).toEqual([])
  })
})

describe('a day of shading with PV', () => {
  const date = '2026-06-21'
  const learnFrom = clearDaysBefore(BERLIN, date, 2)
  const clear = clearSky(BERLIN)

  test('under a clear sky the blind is shaded as the geometry says', () => {
    const moves = simulateDay({ place: BERLIN, date, facade: SOUTH, pvW: clear, learnFrom })
    const { begin, end } = geometryWindow(BERLIN, date, SOUTH)
    expect(moves.map((m) => m.decision.action)).toEqual(['ENTER', 'LEAVE'])
    expect(Math.abs(moves[0]!.at - begin!)).toBeLessThanOrEqual(3 * MINUTE)
    expect(Math.abs(moves[1]!.at - end!)).toBeLessThanOrEqual(3 * MINUTE)
  })

  test('clouds passing in less than the 10-minute dwell do not move the blind', () => {
    const { begin, end } = geometryWindow(BERLIN, date, SOUTH)
    // Every quarter of an hour from half an hour after shading began, a cloud of 2 to 9 minutes takes the
    // array down to a tenth of its clear-sky power.
    const dips: [number, number][] = []
    for (let at = begin! + 30 * MINUTE, i = 0; at < end! - 30 * MINUTE; at += 15 * MINUTE, i++) {
      dips.push([at, at + (2 + (i % 8)) * MINUTE])
    }
    expect(dips.length).toBeGreaterThan(8)
    const cloudy = (at: number) =>
      dips.some(([from, to]) => at >= from && at < to) ? clear(at) * 0.1 : clear(at)
    const moves = simulateDay({ place: BERLIN, date, facade: SOUTH, pvW: cloudy, learnFrom })
    expect(
      moves.map((m) => m.decision.action),
      told(moves, BERLIN),
    ).toEqual(['ENTER', 'LEAVE'])
    expect(Math.abs(moves[1]!.at - end!)).toBeLessThanOrEqual(3 * MINUTE)
  })

  test('a long overcast spell returns the blind, and the sun coming back shades it again', () => {
    const { begin } = geometryWindow(BERLIN, date, SOUTH)
    const from = begin! + 90 * MINUTE
    const to = from + 45 * MINUTE
    const overcast = (at: number) => (at >= from && at < to ? clear(at) * 0.1 : clear(at))
    const moves = simulateDay({ place: BERLIN, date, facade: SOUTH, pvW: overcast, learnFrom })
    expect(
      moves.map((m) => m.decision),
      told(moves, BERLIN),
    ).toEqual([
      { action: 'ENTER', reason: 'SUN_IN_FRONT' },
      { action: 'LEAVE', reason: 'ENDED' },
      { action: 'ENTER', reason: 'BRIGHT' },
      { action: 'LEAVE', reason: 'ENDED' },
    ])
    // Dim for the dwell once the 5-minute mean has fallen: 10 to 16 minutes into the spell.
    expect(moves[1]!.at - from).toBeGreaterThanOrEqual(10 * MINUTE)
    expect(moves[1]!.at - from).toBeLessThanOrEqual(16 * MINUTE)
    // Back once the 5-minute mean reaches 40 %: within 5 minutes of the sun.
    expect(moves[2]!.at - to).toBeGreaterThanOrEqual(0)
    expect(moves[2]!.at - to).toBeLessThanOrEqual(5 * MINUTE)
  })

  test('a sky that stays overcast all day never shades the blind', () => {
    const dull = (at: number) => clear(at) * 0.2
    expect(simulateDay({ place: BERLIN, date, facade: SOUTH, pvW: dull, learnFrom })).toEqual([])
  })
})
