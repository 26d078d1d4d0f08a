// `lamella emulator --sunspec HOST:PORT`: the emulated SunSpec inverter on Modbus TCP, for
// trying the photovoltaics page without an inverter. It prints one JSON line per simulated
// minute with the power and the lifetime counter as its registers show them.
import { parseArgs } from 'node:util'
import { loadConfig } from '../config'
import { badValue } from '../usage-error'
import { DEFAULT_LOCATION } from './clear-sky'
import { InverterEmulator } from './inverter-emulator'

const MINUTE_MS = 60_000

function positive(flag: string, text: string, max: number, integer = false): number {
  const n = Number(text)
  if (
    text.trim() === '' ||
    !Number.isFinite(n) ||
    n <= 0 ||
    n > max ||
    (integer && !Number.isInteger(n))
  ) {
    throw badValue(
      `--${flag} must be ${integer ? 'an integer' : 'a number'} above 0, at most ${max} (got "${text}")`,
    )
  }
  return n
}

function hostAndPort(text: string): { host: string; port: number } {
  const m = /^(\[[^\]]+\]|[^:]+):(\d{1,5})$/.exec(text)
  const port = m ? Number(m[2]) : NaN
  if (!m || port > 65535) {
    throw badValue(
      `--sunspec must be HOST:PORT, such as 127.0.0.1:5020 (port 0: any free one) (got "${text}")`,
    )
  }
  return { host: m[1]!.replace(/^\[(.*)\]$/, '$1'), port }
}

export async function runSunSpecEmulator(args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      sunspec: { type: 'string' },
      float: { type: 'boolean', default: false },
      speed: { type: 'string', default: '1' },
      'peak-w': { type: 'string', default: '5000' },
      serial: { type: 'string', default: 'LAMELLA-0001' },
      'max-clients': { type: 'string' },
      start: { type: 'string' },
      lat: { type: 'string' },
      lon: { type: 'string' },
    },
    strict: true,
  })
  const { host, port } = hostAndPort(values.sunspec ?? '')
  const serial = values.serial
  // Model 1's serial number is 32 ASCII characters at most.
  if (!/^[\x21-\x7e]{1,32}$/.test(serial)) {
    throw badValue(
      `--serial must be 1 to 32 printable ASCII characters without spaces (got "${serial}")`,
    )
  }
  const location =
    loadConfig(process.env, { lat: values.lat, lon: values.lon }).location ?? DEFAULT_LOCATION
  const speed = positive('speed', values.speed, 100_000)
  // The simulated day may start elsewhere than now: a sunny noon while trying the page at night.
  const startAt = values.start === undefined ? undefined : Date.parse(values.start)
  if (startAt !== undefined && !Number.isFinite(startAt)) {
    throw badValue(
      `--start must be a date and time such as 2026-06-21T06:00:00Z (got "${values.start}")`,
    )
  }
  const emulator = new InverterEmulator({
    host,
    port,
    float: values.float,
    speed,
    peakW: positive('peak-w', values['peak-w'], 1_000_000),
    serial,
    location,
    ...(startAt !== undefined && { startAt }),
    ...(values['max-clients'] && {
      maxClients: positive('max-clients', values['max-clients'], 100, true),
    }),
  })
  await emulator.start()
  const where = emulator.address
  const models = values.float ? 'models 1 and 113' : 'models 1, 103 and 160'
  console.error(
    `lamella emulator: SunSpec inverter (${models}) on ${where.host.includes(':') ? `[${where.host}]` : where.host}:${where.port}, at ${location.lat},${location.lon}, speed ${speed}`,
  )

  // One line per simulated minute, however fast the day passes.
  let next = Math.floor(emulator.simulatedNow() / MINUTE_MS) * MINUTE_MS
  const print = () => {
    for (const now = emulator.simulatedNow(); next <= now; next += MINUTE_MS) {
      const r = emulator.reading(next)
      console.log(
        JSON.stringify({
          at: new Date(next).toISOString(),
          powerW: Math.round(r.acPowerW),
          lifetimeWh: r.lifetimeWh,
          state: r.state,
        }),
      )
    }
  }
  print()
  const ticker = setInterval(print, Math.max(10, Math.min(1000, MINUTE_MS / speed)))

  await new Promise<void>((resolve) => {
    process.once('SIGTERM', () => resolve())
    process.once('SIGINT', () => resolve())
  })
  clearInterval(ticker)
  await emulator.stop()
}
