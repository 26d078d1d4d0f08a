// The Shading service over whole fake days: a real SQLite file with the real migrations, the
// hub's events and blinds, and a recording stand-in for Positions (fake time cannot run real
// motors for a day; tests/shading/hub.test.ts drives the real ones). Time is the test's.
import { join } from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { BlindRepository } from '../../hub/db/blinds'
import { openDatabase, type OpenDatabase } from '../../hub/db/open'
import { ShadingStore } from '../../hub/db/shading'
import type { Location } from '../../hub/engine/sun'
import { HubEvents } from '../../hub/events'
import { Holiday } from '../../hub/holiday/holiday'
import { BY_MQTT, byAutomation } from '../../hub/position/origins'
import { Shading, type ShadingDeps } from '../../hub/shading/service'
import { temporaryFolders } from '../helpers/temporary-folders'
import { RecordingPositions } from './recording-positions'
import {
  BERLIN,
  clearDaysBefore,
  clearSky,
  geometryWindow,
  localMidnight,
  MINUTE,
  wallTime,
} from './simulate-day'

const folder = temporaryFolders('lamella-shading-')
const admin = { id: 'admin', isAdmin: true }
const quiet = { info() {}, warn() {} }
const DATE = '2026-06-21'
const NEXT = '2026-06-22'
const SOUTH = { facadeAzimuth: 180, fovLeft: 45, fovRight: 45, minElevation: 0 }
const EAST = { facadeAzimuth: 90, fovLeft: 90, fovRight: 90, minElevation: 0 }
const at = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number]
  return localMidnight(date, BERLIN.timeZone) + (h * 60 + m) * MINUTE
}

interface Rig {
  database: OpenDatabase
  path: string
  events: HubEvents
  blinds: BlindRepository
  positions: RecordingPositions
  clock: { at: number }
  shading: Shading
  /** A new service (a restart of the hub) on a new connection to the same file. */
  restart(): Rig
  /** Steps the service every minute until `to`; PV readings every 10 s when `pvW` is given. */
  runUntil(to: number, pvW?: (at: number) => number): Promise<void>
  close(): void
}

const open: Rig[] = []
afterEach(() => open.splice(0).forEach((r) => r.close()))

function rig(
  options: {
    path?: string
    clockAt?: number
    pv?: ShadingDeps['pv']
    holiday?: boolean
    /** Where the house stands, changeable by the test; Berlin unless given. */
    place?: { location: Location | undefined }
  } = {},
): Rig {
  const path = options.path ?? join(folder(), 'lamella.db')
  const database = openDatabase(path)
  const events = new HubEvents()
  const clock = { at: options.clockAt ?? at(DATE, '05:00') }
  const now = () => clock.at
  const blinds = new BlindRepository(database.db, events, now)
  const positions = new RecordingPositions(events, now)
  const holiday = new Holiday({ db: database.db, events, now })
  if (options.holiday !== undefined) holiday.set(options.holiday)
  const shading = new Shading({
    db: database.db,
    events,
    positions,
    blinds,
    now,
    location: () => (options.place ? options.place.location : BERLIN.location),
    timeZone: BERLIN.timeZone,
    holiday,
    log: quiet,
    ...(options.pv && { pv: options.pv }),
  })
  shading.start()
  const self: Rig = {
    database,
    path,
    events,
    blinds,
    positions,
    clock,
    shading,
    restart: () => {
      shading.stop()
      const next = rig({ path, clockAt: clock.at, ...(options.pv && { pv: options.pv }) })
      for (const b of blinds.all()) {
        const pose = positions.state(b.id)
        if (pose.position !== null) next.positions.place(b.id, pose.position, pose.tilt)
      }
      return next
    },
    async runUntil(to, pvW) {
      while (clock.at < to) {
        clock.at += MINUTE
        if (pvW) {
          for (let t = clock.at - MINUTE + 10_000; t <= clock.at; t += 10_000) {
            const iso = new Date(t).toISOString()
            const powerW = pvW(t)
            events.emit('pv:sample', {
              at: iso,
              online: true,
              powerW,
              dcPowerW: powerW,
              todayWh: null,
              state: 'MPPT',
            })
          }
        }
        await shading.evaluate()
        await new Promise((resolve) => setImmediate(resolve))
      }
    },
    close: () => {
      shading.stop()
      database.close()
    },
  }
  open.push(self)
  return self
}

let unit = 0
function addBlind(r: Rig, name: string, facade: object, extra: object = {}): string {
  unit++
  const blind = r.blinds.create(admin, {
    name,
    blindAddressUp: `${unit}:0`,
    blindAddressDown: `${unit}:1`,
    travelTimeMs: 20_000,
    ...facade,
    shadePosition: 20,
    shadingEnabled: true,
    ...extra,
  })
  r.positions.place(blind.id, 100)
  return blind.id
}

const movesOf = (r: Rig, id: string) =>
  r.positions.moves
    .filter((m) => m.blindId === id)
    .map((m) => `${wallTime(m.at, BERLIN.timeZone)} -> ${m.position}`)

describe('the house’s location', () => {
  test('shading rests while it is not known, and shades within a minute of an admin setting it', async () => {
    const place: { location: Location | undefined } = { location: undefined }
    const r = rig({ place })
    const south = addBlind(r, 'South', SOUTH)
    await r.runUntil(at(DATE, '12:00'))
    expect(movesOf(r, south)).toEqual([])
    place.location = BERLIN.location
    r.events.emit('location:changed', { ...BERLIN.location, fromEnvironment: false })
    await r.runUntil(at(DATE, '12:01'))
    expect(movesOf(r, south)).toEqual(['12:00 -> 20'])
  })
})

describe('a Berlin summer day', () => {
  test('the south blind is shaded late morning to mid afternoon, the east one in the morning, each back where it stood', async () => {
    const r = rig()
    const south = addBlind(r, 'South', SOUTH)
    const east = addBlind(r, 'East', EAST, { shadePosition: 30 })
    r.positions.place(east, 80)
    await r.runUntil(at(DATE, '12:00'))
    expect(r.shading.stateOf(south)).toMatchObject({
      active: true,
      reason: 'SUN_IN_FRONT',
      pausedUntil: null,
    })
    await r.runUntil(at(NEXT, '00:00'))

    const southWindow = geometryWindow(BERLIN, DATE, { azimuth: 180, ...sides(SOUTH) })
    const eastWindow = geometryWindow(BERLIN, DATE, { azimuth: 90, ...sides(EAST) })
    const within = (a: number, b: number | null) => Math.abs(a - b!) <= 3 * MINUTE
    const [sIn, sOut] = r.positions.moves.filter((m) => m.blindId === south)
    const [eIn, eOut] = r.positions.moves.filter((m) => m.blindId === east)
    expect(movesOf(r, south)).toHaveLength(2)
    expect(movesOf(r, east)).toHaveLength(2)
    expect(within(sIn!.at, southWindow.begin) && within(sOut!.at, southWindow.end)).toBe(true)
    expect(within(eIn!.at, eastWindow.begin) && within(eOut!.at, eastWindow.end)).toBe(true)
    expect([sIn!.position, sOut!.position, eIn!.position, eOut!.position]).toEqual([
      20, 100, 30, 80,
    ])

    // Every move is on record with its reason; shading's own moves paused nothing.
    const history = new ShadingStore(r.database.db).moves(admin, south, 50)
    expect(history.map((m) => [m.reason, m.fromPosition, m.toPosition])).toEqual([
      ['ENDED', 20, 100],
      ['SUN_IN_FRONT', 100, 20],
    ])
    expect(r.shading.stateOf(south)).toMatchObject({
      active: false,
      reason: 'ENDED',
      pausedUntil: null,
    })
  })

  test('a blind returns to shadingReturnPosition when one is set', async () => {
    const r = rig()
    const south = addBlind(r, 'South', SOUTH, { shadingReturnPosition: 60 })
    await r.runUntil(at(NEXT, '00:00'))
    expect(r.positions.moves.map((m) => m.position)).toEqual([20, 60])
    void south
  })

  test('a blind already closed further than its shade position is neither opened nor moved back', async () => {
    const r = rig()
    const south = addBlind(r, 'South', SOUTH, { shadingReturnPosition: 60 })
    r.positions.place(south, 5)
    await r.runUntil(at(DATE, '12:00'))
    expect(r.shading.stateOf(south)).toMatchObject({ active: true, reason: 'SUN_IN_FRONT' })
    await r.runUntil(at(NEXT, '00:00'))
    expect(r.positions.moves).toEqual([])
    expect(new ShadingStore(r.database.db).moves(admin, south, 50)).toEqual([])
    expect(r.shading.stateOf(south)).toMatchObject({ active: false, reason: 'ENDED' })
  })

  test('a blind whose shading is off is never moved', async () => {
    const r = rig()
    addBlind(r, 'South', SOUTH, { shadingEnabled: false })
    await r.runUntil(at(NEXT, '00:00'))
    expect(r.positions.moves).toEqual([])
  })
})

function sides(f: { fovLeft: number; fovRight: number; minElevation: number }) {
  return { fovLeft: f.fovLeft, fovRight: f.fovRight, minElevation: f.minElevation }
}

describe('a person’s command', () => {
  test('pauses shading until midnight: the blind stays where the person put it', async () => {
    const r = rig()
    const south = addBlind(r, 'South', SOUTH)
    await r.runUntil(at(DATE, '12:00'))
    await r.positions.personMoves(south, 70)
    const midnight = new Date(at(NEXT, '00:00')).toISOString()
    expect(r.shading.stateOf(south)).toEqual({
      active: false,
      reason: 'PAUSED',
      pausedUntil: midnight,
      pausedBy: { kind: 'USER', id: 'u-person' },
      since: new Date(r.clock.at).toISOString(),
    })
    await r.runUntil(at(NEXT, '00:00'))
    expect(movesOf(r, south)).toHaveLength(1)
    // The next day shading takes it again, and returns it to where the person left it.
    await r.runUntil(at(NEXT, '23:59'))
    expect(r.positions.moves.map((m) => m.position)).toEqual([20, 20, 70])
    expect(r.shading.stateOf(south).pausedUntil).toBeNull()
  })

  test('pauses shading until shadingResumeAt, then shading takes the blind again', async () => {
    const r = rig()
    const south = addBlind(r, 'South', SOUTH, { shadingResumeAt: '14:30' })
    await r.runUntil(at(DATE, '12:00'))
    await r.positions.personMoves(south, 70)
    expect(r.shading.stateOf(south).pausedUntil).toBe(new Date(at(DATE, '14:30')).toISOString())
    await r.runUntil(at(DATE, '14:29'))
    expect(movesOf(r, south)).toHaveLength(1)
    await r.runUntil(at(DATE, '14:31'))
    expect(movesOf(r, south)).toEqual([movesOf(r, south)[0], '14:30 -> 20'])
  })
})

describe('an automation’s or MQTT’s command', () => {
  test('pauses shading as well, and the pause says whose command it was until it ends', async () => {
    const r = rig()
    const south = addBlind(r, 'South', SOUTH)
    const east = addBlind(r, 'East', EAST)
    await r.runUntil(at(DATE, '09:00'))
    await r.positions.personMoves(south, 60, byAutomation('a-morning'))
    await r.positions.personMoves(east, 40, BY_MQTT)
    expect(r.shading.stateOf(south)).toMatchObject({
      reason: 'PAUSED',
      pausedBy: { kind: 'AUTOMATION', id: 'a-morning' },
    })
    expect(r.shading.stateOf(east)).toMatchObject({
      reason: 'PAUSED',
      pausedBy: { kind: 'MQTT', id: null },
    })
    // Shading's own moves are never a pause, whoever moved the blind before.
    await r.runUntil(at(NEXT, '12:00'))
    expect(r.shading.stateOf(south)).toMatchObject({ active: true, pausedBy: null })
  })
})

describe('holiday mode', () => {
  test('fires nothing all day', async () => {
    const r = rig({ holiday: true })
    addBlind(r, 'South', SOUTH)
    addBlind(r, 'East', EAST)
    await r.runUntil(at(NEXT, '00:00'))
    expect(r.positions.moves).toEqual([])
  })
})

describe('a restart in the middle of a shaded afternoon', () => {
  test('does not move the blind, and it returns where it stood when the sun has gone', async () => {
    const first = rig()
    const south = addBlind(first, 'South', SOUTH)
    first.positions.place(south, 90)
    await first.runUntil(at(DATE, '14:00'))
    expect(first.positions.moves.map((m) => m.position)).toEqual([20])

    const second = first.restart()
    expect(second.shading.stateOf(south)).toMatchObject({ active: true, reason: 'SUN_IN_FRONT' })
    await second.runUntil(at(DATE, '14:45'))
    expect(second.positions.moves).toEqual([])
    await second.runUntil(at(NEXT, '00:00'))
    expect(second.positions.moves.map((m) => m.position)).toEqual([90])
  })

  test('does not forget a person’s pause', async () => {
    const first = rig()
    const south = addBlind(first, 'South', SOUTH)
    await first.runUntil(at(DATE, '12:00'))
    await first.positions.personMoves(south, 50)
    await first.runUntil(at(DATE, '14:00'))

    const second = first.restart()
    const midnight = new Date(at(NEXT, '00:00')).toISOString()
    expect(second.shading.stateOf(south)).toMatchObject({
      active: false,
      reason: 'PAUSED',
      pausedUntil: midnight,
      pausedBy: { kind: 'USER', id: 'u-person' },
    })
    await second.runUntil(at(NEXT, '00:00'))
    expect(second.positions.moves).toEqual([])
  })
})

describe('with PV', () => {
  const clear = clearSky(BERLIN)
  const history = clearDaysBefore(BERLIN, DATE, 2).map((s) => ({
    at: new Date(s.at).toISOString(),
    powerW: s.powerW,
    dcPowerW: s.powerW,
  }))
  const pv = {
    history: (from: number, to: number) =>
      history.filter((s) => Date.parse(s.at) >= from && Date.parse(s.at) < to),
  }

  test('passing clouds do not move the blind, a long overcast spell does', async () => {
    const r = rig({ pv })
    const south = addBlind(r, 'South', SOUTH)
    // Clouds of 1-8 minutes every quarter of an hour from 11:40, and an overcast 40 minutes
    // from 13:40 (the sun stands in front from about 11:30 to 15:00).
    const dark = (t: number) => {
      if (t >= at(DATE, '13:40') && t < at(DATE, '14:20')) return true
      for (let k = 0; k < 8; k++) {
        const from = at(DATE, '11:40') + k * 15 * MINUTE
        if (t >= from && t < from + (1 + k) * MINUTE) return true
      }
      return false
    }
    await r.runUntil(at(NEXT, '00:00'), (t) => (dark(t) ? clear(t) * 0.1 : clear(t)))
    const moves = movesOf(r, south)
    expect(moves, moves.join(', ')).toHaveLength(4)
    const reasons = new ShadingStore(r.database.db).moves(admin, south, 50).map((m) => m.reason)
    expect(reasons.reverse()).toEqual(['SUN_IN_FRONT', 'ENDED', 'BRIGHT', 'ENDED'])
    const left = r.positions.moves.filter((m) => m.blindId === south)[1]!.at
    expect(left).toBeGreaterThanOrEqual(at(DATE, '13:50'))
    expect(left).toBeLessThanOrEqual(at(DATE, '13:56'))
  })
})
