// Weather protection never acts on one read of rain or frost (ARCHITECTURE.md section 18): the
// WeatherService over a real SQLite file with the real migrations, its sensors read over MQTT
// (the test's clock, a message at a time) or on the emulated bus through the real Transport
// (real time, one scripted answer per read). A wind alarm keeps its 2 s over the limit.
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { RelayBoardEmulator } from '../../firmware-protocol/emulator'
import type { Request, Response } from '../../firmware-protocol/rtu'
import type { WeatherSample, WeatherScript } from '../../firmware-protocol/weather-script'
import { EmulatorLink } from '../../hub/bus/link-emulator'
import { Transport } from '../../hub/bus/transport'
import { BlindRepository } from '../../hub/db/blinds'
import { openDatabase } from '../../hub/db/open'
import { HubEvents } from '../../hub/events'
import type { WeatherSensorSpec } from '../../hub/validation/weather'
import { WeatherGate } from '../../hub/weather/gate'
import { WeatherService } from '../../hub/weather/service'
import { temporaryFolders } from '../helpers/temporary-folders'

const folder = temporaryFolders('lamella-weather-two-reads-')
const admin = { id: 'admin', isAdmin: true }
const quiet = { info() {}, warn() {} }
const T0 = Date.UTC(2026, 10, 27, 12, 0, 0)
const SECOND = 1000

let stops: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const stop of stops.reverse()) await stop()
  stops = []
})

interface RigOptions {
  /** The bus's sensor read; none by default (MQTT sensors only). */
  read?: (request: Request) => Promise<Response>
  /** The test's clock; the wall clock with the bus. */
  now?: () => number
}

function rig(options: RigOptions = {}) {
  const database = openDatabase(join(folder(), 'lamella.db'))
  const events = new HubEvents()
  const clock = { at: T0 }
  const now = options.now ?? (() => clock.at)
  const blinds = new BlindRepository(database.db, events, now)
  const safetyMoves: string[] = []
  const gate = new WeatherGate({
    blind: (id) => blinds.row(id),
    position: () => null,
    moving: () => false,
    timeZone: 'Europe/Berlin',
  })
  const service = new WeatherService({
    db: database.db,
    events,
    log: quiet,
    now,
    read: options.read ?? (() => Promise.reject(new Error('no bus in this test'))),
    gate,
    blinds,
    positions: {
      moveForRun(blind, target) {
        safetyMoves.push(`${blind.id} -> ${target.position}`)
        return {
          started: Promise.resolve(),
          done: Promise.resolve('arrived'),
          cancel: async () => {},
        }
      },
    },
  })
  let unit = 0
  const blind = (name: string, protection: object) => {
    unit++
    return blinds.create(admin, {
      name,
      blindAddressUp: `${unit}:0`,
      blindAddressDown: `${unit}:1`,
      travelTimeMs: 20_000,
      ...protection,
    }).id
  }
  const sensors = (...specs: WeatherSensorSpec[]) => {
    for (const spec of specs) service.store.createSensor(spec, spec.name.toLowerCase())
    service.followSensors()
  }
  stops.push(() => {
    service.stop()
    database.close()
  })
  /** A message on an MQTT sensor's topic, `afterMs` after the last one. */
  const message = (topic: string, payload: string, afterMs = 10 * SECOND) => {
    clock.at += afterMs
    service.mqttMessage(topic, payload)
  }
  const lockOf = (id: string) => service.lockOf(id)?.kinds ?? []
  return { service, clock, blind, sensors, message, lockOf, safetyMoves }
}

const byMqtt = (name: string, kind: WeatherSensorSpec['kind']): WeatherSensorSpec => ({
  name,
  kind,
  source: { kind: 'MQTT', topic: `garden/${name.toLowerCase()}`, scale: 1 },
  pollMs: 10_000,
})

/** A sensor at the emulated weather unit, read every 100 ms. */
const onTheBus = (
  name: string,
  kind: WeatherSensorSpec['kind'],
  register: number,
  scale: number,
): WeatherSensorSpec => ({
  name,
  kind,
  source: { kind: 'BUS', unit: 10, function: 3, register, scale, signed: kind === 'TEMPERATURE' },
  pollMs: 100,
})

describe('a rain alarm read over MQTT', () => {
  it('locks nothing on one wet reading between dry ones', () => {
    const r = rig()
    const skylight = r.blind('Skylight', { rainProtect: true })
    r.sensors(byMqtt('Rain', 'RAIN'))
    r.service.start()
    for (const payload of ['0', '1', '0', '0', '1', '0']) {
      r.message('garden/rain', payload)
      expect(r.lockOf(skylight)).toEqual([])
    }
    expect(r.service.openAlarms).toEqual([])
    expect(r.safetyMoves).toEqual([])
  })

  it('locks the rain-protected blinds on the second wet reading in a row', () => {
    const r = rig()
    const skylight = r.blind('Skylight', { rainProtect: true })
    const kitchen = r.blind('Kitchen', {})
    r.sensors(byMqtt('Rain', 'RAIN'))
    r.service.start()
    r.message('garden/rain', '0')
    r.message('garden/rain', '1')
    expect(r.lockOf(skylight)).toEqual([])
    r.message('garden/rain', '1')
    expect(r.service.lockOf(skylight)).toMatchObject({ kind: 'RAIN', since: r.clock.at })
    expect(r.lockOf(kitchen)).toEqual([])
    expect(r.safetyMoves).toEqual([`${skylight} -> 100`])
  })

  it('keeps the lock through one dry reading, and counts the dry time from the second in a row', () => {
    const r = rig()
    const skylight = r.blind('Skylight', { rainProtect: true })
    r.sensors(byMqtt('Rain', 'RAIN'))
    r.service.start()
    r.message('garden/rain', '1')
    r.message('garden/rain', '1')
    r.message('garden/rain', '0')
    expect(r.service.lockOf(skylight)).toMatchObject({ kind: 'RAIN', releaseAt: null })
    r.message('garden/rain', '1')
    r.message('garden/rain', '0')
    const dry = r.clock.at
    r.message('garden/rain', '0')
    // Ten minutes of dry by default, from the read that confirmed it.
    expect(r.service.lockOf(skylight)?.releaseAt).toBe(r.clock.at + 10 * 60 * SECOND)
    expect(r.clock.at - dry).toBe(10 * SECOND)
  })
})

describe('a frost alarm read over MQTT', () => {
  it('starts on the second reading below 2 °C in a row, not on a single one', () => {
    const r = rig()
    const raffstore = r.blind('Raffstore', { frostProtect: true })
    r.sensors(byMqtt('Rain', 'RAIN'), byMqtt('Thermometer', 'TEMPERATURE'))
    r.service.start()
    r.message('garden/rain', '1')
    r.message('garden/rain', '1')
    r.message('garden/rain', '0')
    r.message('garden/rain', '0')
    // A thermometer's 11 °C with one 0.0 among them (another register's answer once).
    for (const payload of ['11', '11', '0', '11', '1.5', '11']) {
      r.message('garden/thermometer', payload)
      expect(r.lockOf(raffstore)).toEqual([])
    }
    r.message('garden/thermometer', '1.5')
    expect(r.lockOf(raffstore)).toEqual([])
    r.message('garden/thermometer', '1.0')
    expect(r.service.lockOf(raffstore)).toMatchObject({ kind: 'FROST', cause: { value: 1 } })
    // Frost holds a blind where it stands.
    expect(r.safetyMoves).toEqual([])
  })

  it('counts only confirmed rain as the rain of the last 6 hours', () => {
    const r = rig()
    const raffstore = r.blind('Raffstore', { frostProtect: true })
    r.sensors(byMqtt('Rain', 'RAIN'), byMqtt('Thermometer', 'TEMPERATURE'))
    r.service.start()
    for (const payload of ['0', '1', '0']) r.message('garden/rain', payload)
    for (const payload of ['1', '0.5', '0']) r.message('garden/thermometer', payload)
    expect(r.service.lockOf(raffstore)).toBeNull()
  })
})

describe('a wind alarm read over MQTT', () => {
  it('still starts 2 s after the first reading over the limit, needing no other confirmation', () => {
    const r = rig()
    const terrace = r.blind('Terrace', { windLimit: 10 })
    r.sensors(byMqtt('Wind', 'WIND'))
    r.service.start()
    r.message('garden/wind', '3', SECOND)
    const over = r.clock.at + SECOND
    r.message('garden/wind', '12', SECOND)
    r.message('garden/wind', '12', SECOND)
    expect(r.lockOf(terrace)).toEqual([])
    r.message('garden/wind', '12', SECOND)
    expect(r.service.lockOf(terrace)).toMatchObject({ kind: 'WIND', since: over + 2 * SECOND })
    expect(r.safetyMoves).toEqual([`${terrace} -> 100`])
  })
})

describe('a rain sensor on the bus', () => {
  it('locks nothing on one wet read between dry ones, and locks on two in a row', async () => {
    // The weather unit's answers, one sample per read; the last stays.
    const samples: WeatherSample[] = []
    let reads = 0
    const dry: WeatherSample = { wind: 2, rain: 0, temperatureC: 11, step: 'dry' }
    const wet: WeatherSample = { ...dry, rain: 1, step: 'wet' }
    let last = dry
    const script: WeatherScript = {
      name: 'one read at a time',
      at: () => {
        reads++
        last = samples.shift() ?? last
        return last
      },
      nextStepAfter: () => null,
    }
    const emulator = new RelayBoardEmulator({ weather: { unit: 10, script } })
    const transport = new Transport({
      link: new EmulatorLink(emulator),
      baud: 9600,
      parity: 'none',
      log: quiet,
    })
    await transport.start()
    stops.push(
      () => transport.stop(),
      () => emulator.stop(),
    )
    const r = rig({ read: (request) => transport.read(request), now: Date.now })
    const skylight = r.blind('Skylight', { rainProtect: true, frostProtect: true })
    samples.push(dry, dry, wet, dry, dry, wet, dry)
    r.service.start()
    r.sensors(onTheBus('Rain', 'RAIN', 1, 1), onTheBus('Thermometer', 'TEMPERATURE', 2, 0.1))
    await expect.poll(() => reads, { timeout: 5000 }).toBeGreaterThanOrEqual(9)
    expect(r.lockOf(skylight)).toEqual([])
    expect(r.service.openAlarms).toEqual([])
    samples.push(wet, wet)
    await expect.poll(() => r.lockOf(skylight), { timeout: 5000 }).toEqual(['RAIN'])
    expect(r.safetyMoves).toEqual([`${skylight} -> 100`])
  })
})
