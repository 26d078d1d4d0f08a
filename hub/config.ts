// One validated config object, read once at start from the environment and the flags of
// `lamella serve`, then passed in. A flag wins over its variable. A bad value throws a
// ConfigError whose message is the one line the process prints before it stops.
import { isIP } from 'node:net'
import { parseArgs } from 'node:util'
import { mqttSettings, MqttSettingError, type MqttSettings } from './mqtt/settings'
import { pvSettings, PvSettingError, type PvSettings } from './pv/settings'

export type Parity = 'none' | 'even' | 'odd'
export type PulseMode = 'device' | 'hub'
export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'

export interface Config {
  host: string
  port: number
  dbPath: string
  /** A serial device path, or 'emulator' for the in-process relay-board emulator. */
  serial: string
  baud: number
  parity: Parity
  pulse: PulseMode
  /** Wait after one side of a blind went off before the other side may go on. */
  deadTimeMs: number
  /** Only used when no user exists yet. */
  adminPassword: string | undefined
  location: { lat: number; lon: number } | undefined
  timeZone: string
  logLevel: LogLevel
  /**
   * `auto`: pause schedules while the clock is known to be wrong (hub/clock); `trust`: never,
   * for a Pi with a battery-backed clock and no time server.
   */
  clock: 'auto' | 'trust'
  /** GraphiQL and schema introspection are on only in development. */
  development: boolean
  /**
   * The web UI's address as browsers reach it (LAMELLA_PUBLIC_URL), for links other systems
   * show, such as Home Assistant's "Visit"; undefined: worked out from host and port (hub/ui-address).
   */
  publicUrl: string | undefined
  /** The MQTT link (hub/mqtt), off while undefined. */
  mqtt: MqttSettings | undefined
  /** The PV inverter read over SunSpec (hub/pv), off while undefined. */
  pv: PvSettings | undefined
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

const BAUD_RATES = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200]
const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

/** Each setting: its variable, its flag, and its default. */
const SETTINGS = {
  host: { env: 'LAMELLA_HOST', flag: 'host', fallback: '0.0.0.0' },
  port: { env: 'LAMELLA_PORT', flag: 'port', fallback: '8080' },
  dbPath: { env: 'LAMELLA_DB', flag: 'db', fallback: './data/lamella.db' },
  serial: { env: 'LAMELLA_SERIAL', flag: 'serial', fallback: 'emulator' },
  baud: { env: 'LAMELLA_BAUD', flag: 'baud', fallback: '9600' },
  parity: { env: 'LAMELLA_PARITY', flag: 'parity', fallback: 'none' },
  pulse: { env: 'LAMELLA_PULSE', flag: 'pulse', fallback: 'device' },
  deadTimeMs: { env: 'LAMELLA_DEAD_TIME_MS', flag: 'dead-time-ms', fallback: '1000' },
  lat: { env: 'LAMELLA_LAT', flag: 'lat', fallback: '' },
  lon: { env: 'LAMELLA_LON', flag: 'lon', fallback: '' },
  timeZone: { env: 'TZ', flag: 'tz', fallback: '' },
  logLevel: { env: 'LAMELLA_LOG_LEVEL', flag: 'log-level', fallback: 'info' },
  clock: { env: 'LAMELLA_CLOCK', flag: 'clock', fallback: 'auto' },
  pv: { env: 'LAMELLA_PV', flag: 'pv', fallback: '' },
} as const

type SettingName = keyof typeof SETTINGS

export const CONFIG_FLAGS = Object.values(SETTINGS).map((s) => s.flag)

function fail(name: SettingName, accepts: string, got: string): never {
  throw new ConfigError(`${SETTINGS[name].env} must be ${accepts} (got "${got}")`)
}

function integerIn(name: SettingName, raw: string, min: number, max: number): number {
  const n = Number(raw)
  if (!/^-?\d+$/.test(raw.trim()) || n < min || n > max) {
    fail(name, `an integer from ${min} to ${max}`, raw)
  }
  return n
}

function numberIn(name: SettingName, raw: string, min: number, max: number): number {
  const n = Number(raw)
  if (raw.trim() === '' || !Number.isFinite(n) || n < min || n > max) {
    fail(name, `a number from ${min} to ${max}`, raw)
  }
  return n
}

function oneOf<T extends string>(name: SettingName, raw: string, values: readonly T[]): T {
  const v = raw.trim().toLowerCase()
  if (!(values as readonly string[]).includes(v)) fail(name, `one of ${values.join(', ')}`, raw)
  return v as T
}

function isValidHost(host: string): boolean {
  return (
    isIP(host) !== 0 ||
    /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(host)
  )
}

/** An http(s) URL with a host, without credentials, query or fragment; a path is fine (a proxy). */
function publicUrl(raw: string | undefined): string | undefined {
  const value = (raw ?? '').trim()
  if (value === '') return undefined
  // Whatever stood before an '@' may be a password: never echoed.
  const shown = value.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@]*@/i, '$1***@')
  const fail = (): never => {
    throw new ConfigError(
      'LAMELLA_PUBLIC_URL must be the http:// or https:// address browsers open the hub at, ' +
        `such as http://lamella.local:8080, without user, query or fragment (got "${shown}")`,
    )
  }
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return fail()
  }
  const plain = url.username === '' && url.password === '' && url.search === '' && url.hash === ''
  if (!['http:', 'https:'].includes(url.protocol) || url.hostname === '' || !plain) fail()
  return url.href
}

function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz })
    return true
  } catch {
    return false
  }
}

/** The flags `lamella serve` accepts, parsed strictly. */
export function parseServeFlags(argv: string[]): Record<string, string> {
  try {
    const { values } = parseArgs({
      args: argv,
      options: Object.fromEntries(CONFIG_FLAGS.map((f) => [f, { type: 'string' as const }])),
      strict: true,
      allowPositionals: false,
    })
    return values as Record<string, string>
  } catch (err) {
    throw new ConfigError((err as Error).message)
  }
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  flags: Record<string, string | undefined> = {},
): Config {
  const raw = (name: SettingName): string => {
    const s = SETTINGS[name]
    return flags[s.flag] ?? env[s.env] ?? s.fallback
  }

  const host = raw('host').trim()
  if (!isValidHost(host)) fail('host', 'an IP address or host name', host)

  const dbPath = raw('dbPath').trim()
  if (dbPath === '') fail('dbPath', 'a file path', dbPath)

  const serial = raw('serial').trim()
  if (serial !== 'emulator' && !serial.startsWith('/')) {
    fail('serial', 'an absolute device path such as /dev/ttyUSB0, or emulator', serial)
  }

  const baud = Number(raw('baud'))
  if (!BAUD_RATES.includes(baud)) fail('baud', `one of ${BAUD_RATES.join(', ')}`, raw('baud'))

  const latRaw = raw('lat').trim()
  const lonRaw = raw('lon').trim()
  let location: Config['location']
  if (latRaw !== '' || lonRaw !== '') {
    if (latRaw === '') fail('lat', 'set together with LAMELLA_LON, a number from -90 to 90', latRaw)
    if (lonRaw === '')
      fail('lon', 'set together with LAMELLA_LAT, a number from -180 to 180', lonRaw)
    location = { lat: numberIn('lat', latRaw, -90, 90), lon: numberIn('lon', lonRaw, -180, 180) }
  }

  let timeZone = raw('timeZone').trim()
  if (timeZone === '') timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone
  else if (!isValidTimeZone(timeZone))
    fail('timeZone', 'an IANA time zone such as Europe/Berlin', timeZone)

  const adminPassword = env.LAMELLA_ADMIN_PASSWORD || undefined
  if (adminPassword !== undefined && (adminPassword.length < 8 || adminPassword.length > 256)) {
    // The value is a secret: name the rule, never echo it.
    throw new ConfigError('LAMELLA_ADMIN_PASSWORD must be 8 to 256 characters long')
  }

  const publicUrlSetting = publicUrl(env.LAMELLA_PUBLIC_URL)

  let mqtt: MqttSettings | undefined
  try {
    mqtt = mqttSettings(env)
  } catch (err) {
    if (err instanceof MqttSettingError) throw new ConfigError(err.message)
    throw err
  }

  let pv: PvSettings | undefined
  try {
    pv = pvSettings(raw('pv'))
  } catch (err) {
    if (err instanceof PvSettingError) throw new ConfigError(err.message)
    throw err
  }

  return {
    host,
    port: integerIn('port', raw('port'), 0, 65535),
    dbPath,
    serial,
    baud,
    parity: oneOf('parity', raw('parity'), ['none', 'even', 'odd'] as const),
    pulse: oneOf('pulse', raw('pulse'), ['device', 'hub'] as const),
    deadTimeMs: integerIn('deadTimeMs', raw('deadTimeMs'), 0, 60000),
    adminPassword,
    location,
    timeZone,
    logLevel: oneOf('logLevel', raw('logLevel'), LOG_LEVELS),
    clock: oneOf('clock', raw('clock'), ['auto', 'trust'] as const),
    development: env.NODE_ENV === 'development',
    publicUrl: publicUrlSetting,
    mqtt,
    pv,
  }
}
