// `lamella emulator --port PATH`: the relay-board emulator on a serial device or one end of a
// pseudo-terminal pair (socat's, or scripts/pty-pair.py's), answering with wire timing at the
// configured baud rate. Every coil change is printed as one JSON line, so a person (or a test)
// can watch the relays; with --motors, coil pairs drive simulated blind motors, and each
// motor's true position is printed whenever its relays change; with --weather, a weather
// sensor unit answers beside the relay units, and its weather is printed each minute and at
// each change of the script's step.
import { parseArgs } from 'node:util'
import { RelayBoardEmulator, type Fault } from '../firmware-protocol/emulator'
import { DEFAULT_WEATHER_UNIT, type WeatherSensorUnit } from '../firmware-protocol/emulator-weather'
import { MotorSimulator, parseMotors } from '../firmware-protocol/motors'
import { nextWeatherLineAfter } from '../firmware-protocol/weather-script'
import { loadWeatherScript } from './weather/script-file'
import { SerialLink } from './bus/link-serial'
import { loadConfig } from './config'
import { badValue, UsageError } from './usage-error'

function parseFault(text: string): Fault {
  if (text === 'none' || text === 'no-answer' || text === 'bad-crc') return { kind: text }
  const slow = /^slow:(\d+)$/.exec(text)
  if (slow) return { kind: 'slow', delayMs: Number(slow[1]) }
  // Line noise as a cheap sensor bus has it: 20 % of answers late, 5 % garbled, 5 % followed
  // by stray bytes, 5 % split in two, replayed by the seed.
  const noisy = /^noisy:(\d+)$/.exec(text)
  if (noisy) {
    return {
      kind: 'noisy',
      noise: { seed: Number(noisy[1]), late: 0.2, garbled: 0.05, stray: 0.05, split: 0.05 },
    }
  }
  throw badValue(`--fault must be none, no-answer, bad-crc, slow:MS or noisy:SEED (got "${text}")`)
}

/** A probe unit's address (firmware-protocol/emulator-probe.ts), for tests of the bus. */
function parseProbeUnit(text: string): number {
  const unit = Number(text)
  if (!/^\d+$/.test(text) || unit < 1 || unit > 247) {
    throw badValue(`--probe-unit must be a unit from 1 to 247 (got "${text}")`)
  }
  return unit
}

function parseWeatherUnit(text: string, relayUnits: number[]): number {
  const unit = Number(text)
  if (!/^\d+$/.test(text) || unit < 1 || unit > 247 || relayUnits.includes(unit)) {
    throw new Error(
      `--weather-unit must be a unit from 1 to 247 other than the relay units ${relayUnits.join(',')} (got "${text}")`,
    )
  }
  return unit
}

/**
 * Prints the sensor's weather as one JSON line now, at each whole minute since the start and at
 * each change of the script's step; returns the function that stops it.
 */
function printWeather(sensor: WeatherSensorUnit): () => void {
  let timer: NodeJS.Timeout | undefined
  const print = (elapsedMs: number) => {
    const { wind, rain, temperatureC, step } = sensor.reading(elapsedMs)
    const at = new Date(sensor.startedAt + elapsedMs).toISOString()
    console.log(JSON.stringify({ at, unit: sensor.unit, wind, rain, temperatureC, step }))
  }
  const scheduleAfter = (elapsedMs: number) => {
    const next = nextWeatherLineAfter(sensor.script, elapsedMs)
    timer = setTimeout(
      () => {
        print(next)
        scheduleAfter(next)
      },
      Math.max(0, next - sensor.elapsedMs()),
    )
  }
  print(0)
  scheduleAfter(0)
  return () => clearTimeout(timer)
}

export async function runEmulator(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      port: { type: 'string' },
      baud: { type: 'string' },
      parity: { type: 'string' },
      units: { type: 'string', default: '1,2,3,4' },
      coils: { type: 'string', default: '32' },
      fault: { type: 'string', default: 'none' },
      motors: { type: 'string', default: '' },
      weather: { type: 'string' },
      'weather-unit': { type: 'string' },
      'probe-unit': { type: 'string' },
    },
    strict: true,
  })
  if (values.port === undefined) {
    throw new UsageError('which emulator? Give --port PATH or --sunspec HOST:PORT', 'emulator')
  }
  if (!values.port.startsWith('/')) {
    throw badValue(
      `--port must be an absolute device path such as /dev/pts/5 (got "${values.port}")`,
    )
  }
  const config = loadConfig(process.env, {
    serial: values.port,
    baud: values.baud,
    parity: values.parity,
  })
  const units = values.units.split(',').map((u) => Number(u.trim()))
  if (units.some((u) => !Number.isInteger(u) || u < 1 || u > 247)) {
    throw badValue(`--units must list units from 1 to 247 (got "${values.units}")`)
  }
  if (values['weather-unit'] !== undefined && values.weather === undefined) {
    throw new Error('--weather-unit needs --weather: calm, gusty, storm or a JSON file of steps')
  }
  const weather =
    values.weather === undefined
      ? undefined
      : {
          unit: parseWeatherUnit(values['weather-unit'] ?? String(DEFAULT_WEATHER_UNIT), units),
          script: loadWeatherScript(values.weather),
        }
  const emulator = new RelayBoardEmulator({
    units,
    coilsPerUnit: Number(values.coils),
    baud: config.baud,
    parity: config.parity,
    now: Date.now,
    weather,
    ...(values['probe-unit'] !== undefined && {
      probeUnit: parseProbeUnit(values['probe-unit']),
    }),
  })
  emulator.setFault(parseFault(values.fault))
  emulator.onChange((c) => {
    console.log(
      JSON.stringify({
        at: new Date(c.at).toISOString(),
        unit: c.unit,
        coil: c.coil,
        on: c.on,
        cause: c.cause,
      }),
    )
  })

  // After the coil printer, so a motor's line follows the coil change that moved it.
  const motors = new MotorSimulator(emulator, parseMotors(values.motors))
  motors.onChange(({ spec }, state, at) => {
    console.log(
      JSON.stringify({
        at: new Date(at).toISOString(),
        motor: `${spec.unit}:${spec.upCoil}/${spec.unit}:${spec.downCoil}`,
        relay: state.relay,
        position: Number(state.position.toFixed(2)),
        ...(spec.tiltMs > 0 && { tilt: Number(state.tilt.toFixed(2)) }),
      }),
    )
  })

  const link = new SerialLink({ path: config.serial, baud: config.baud, parity: config.parity })
  await link.open()
  const connection = emulator.attach((bytes) => void link.write(bytes).catch(() => undefined))
  link.onData((chunk) => connection.receive(chunk))
  const sensor = emulator.weather
  const weatherUnit = sensor ? ` and weather unit ${sensor.unit} (${sensor.script.name})` : ''
  console.error(
    `lamella emulator: units ${units.join(',')}${weatherUnit} on ${config.serial} at ${config.baud} baud`,
  )
  const stopWeather = sensor ? printWeather(sensor) : () => undefined

  await new Promise<void>((resolve) => {
    link.onLost((reason) => {
      console.error(`lamella emulator: ${reason.message}`)
      resolve()
    })
    process.once('SIGTERM', () => resolve())
    process.once('SIGINT', () => resolve())
  })
  stopWeather()
  connection.close()
  emulator.stop()
  await link.close()
}
