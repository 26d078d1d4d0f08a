// One validated config object, read once at start from the environment and the flags of
// `lamella serve`, then passed in. A flag wins over its variable. A bad value throws a
// ConfigError whose message is the one line the process prints before it stops.
import type { WeatherScript } from '../firmware-protocol/weather-script'
import { loadWeatherScript } from './weather/script-file'
import { isIP } from 'node:net'
import { parseArgs } from 'node:util'
import { mqttSettings, MqttSettingError, type MqttSettings } from './mqtt/settings'
import { pvSettings, PvSettingError, type PvSettings } from './pv/settings'
import { matterSettings, MatterSettingError, type MatterSettings } from './matter/settings'

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
  /** The Matter bridge (hub/matter), off while undefined. */
  matter: MatterSettings | undefined
  /**
   * The built-in board's weather sensor unit (unit 10) and its script, with LAMELLA_SERIAL=
   * emulator only; undefined: the built-in board has no sensor.
   */
  weather: WeatherScript | undefined
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

const BAUD_RATES = [1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200]
const LOG_LEVELS: LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

/** Each setting: its variable, its flag, what its value looks like, and its default. */
const SETTINGS = {
  host: { env: 'LAMELLA_HOST', flag: 'host', value: 'ADDRESS', fallback: '0.0.0.0' },
  port: { env: 'LAMELLA_PORT', flag: 'port', value: 'N', fallback: '8080' },
  dbPath: { env: 'LAMELLA_DB', flag: 'db', value: 'FILE', fallback: './data/lamella.db' },
  serial: { env: 'LAMELLA_SERIAL', flag: 'serial', value: 'PATH|emulator', fallback: 'emulator' },
  baud: { env: 'LAMELLA_BAUD', flag: 'baud', value: 'N', fallback: '9600' },
  parity: { env: 'LAMELLA_PARITY', flag: 'parity', value: 'none|even|odd', fallback: 'none' },
  pulse: { env: 'LAMELLA_PULSE', flag: 'pulse', value: 'device|hub', fallback: 'device' },
  deadTimeMs: { env: 'LAMELLA_DEAD_TIME_MS', flag: 'dead-time-ms', value: 'MS', fallback: '1000' },
  lat: { env: 'LAMELLA_LAT', flag: 'lat', value: 'DEGREES', fallback: '' },
  lon: { env: 'LAMELLA_LON', flag: 'lon', value: 'DEGREES', fallback: '' },
  timeZone: { env: 'TZ', flag: 'tz', value: 'ZONE', fallback: '' },
  logLevel: { env: 'LAMELLA_LOG_LEVEL', flag: 'log-level', value: 'LEVEL', fallback: 'info' },
  clock: { env: 'LAMELLA_CLOCK', flag: 'clock', value: 'auto|trust', fallback: 'auto' },
  pv: { env: 'LAMELLA_PV', flag: 'pv', value: 'modbus-tcp://HOST[:PORT][?unit=N]', fallback: '' },
  matter: { env: 'LAMELLA_MATTER', flag: 'matter', value: '0|1', fallback: '0' },
  matterPort: { env: 'LAMELLA_MATTER_PORT', flag: 'matter-port', value: 'N', fallback: '5540' },
  matterInterface: {
    env: 'LAMELLA_MATTER_INTERFACE',
    flag: 'matter-interface',
    value: 'NAME',
    fallback: '',
  },
  weather: {
    env: 'LAMELLA_WEATHER',
    flag: 'weather',
    value: 'calm|gusty|storm|FILE.json',
    fallback: '',
  },
} as const

export type SettingName = keyof typeof SETTINGS
/** The flags of `lamella serve` as given, by flag name without the dashes. */
export type Flags = Record<string, string | undefined>

export const CONFIG_FLAGS = Object.values(SETTINGS).map((s) => s.flag)

/** Each setting's variable, flag, value and default, for the usage text. */
export const SETTING_LIST: readonly {
  env: string
  flag: string
  value: string
  fallback: string
}[] = Object.values(SETTINGS)

/** What a message calls a setting: its flag and variable when the flag gave the value. */
export function settingLabel(name: SettingName, flags: Flags = {}): string {
  const s = SETTINGS[name]
  return flags[s.flag] !== undefined ? `--${s.flag} (${s.env})` : s.env
}

/**
 * A setting that passed the checks here but failed when the hub used it: a port in use, a host
 * that does not resolve, a database path that is a folder. Exit code 2, like every ConfigError;
 * `line(flags)` names the flag when the value came from one.
 */
export class SettingError extends ConfigError {
  constructor(
    readonly setting: SettingName,
    readonly accepts: string,
    readonly got: string,
    /** What was wrong with the value, when "must be" alone does not say it. */
    readonly why?: string,
  ) {
    super(settingLine(SETTINGS[setting].env, accepts, got, why))
  }

  line(flags: Flags): string {
    return settingLine(settingLabel(this.setting, flags), this.accepts, this.got, this.why)
  }
}

function settingLine(label: string, accepts: string, got: string, why?: string): string {
  return `${label} must be ${accepts} (got "${got}"${why ? `: ${why}` : ''})`
}

function fail(label: string, accepts: string, got: string): never {
  throw new ConfigError(settingLine(label, accepts, got))
}

function integerIn(label: string, raw: string, min: number, max: number): number {
  const n = Number(raw)
  if (!/^-?\d+$/.test(raw.trim()) || n < min || n > max) {
    fail(label, `an integer from ${min} to ${max}`, raw)
  }
  return n
}

function numberIn(label: string, raw: string, min: number, max: number): number {
  const n = Number(raw)
  if (raw.trim() === '' || !Number.isFinite(n) || n < min || n > max) {
    fail(label, `a number from ${min} to ${max}`, raw)
  }
  return n
}

function oneOf<T extends string>(label: string, raw: string, values: readonly T[]): T {
  const v = raw.trim().toLowerCase()
  if (!(values as readonly string[]).includes(v)) fail(label, `one of ${values.join(', ')}`, raw)
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

export function loadConfig(env: NodeJS.ProcessEnv = process.env, flags: Flags = {}): Config {
  const raw = (name: SettingName): string => {
    const s = SETTINGS[name]
    return flags[s.flag] ?? env[s.env] ?? s.fallback
  }
  const label = (name: SettingName) => settingLabel(name, flags)

  const host = raw('host').trim()
  if (!isValidHost(host)) fail(label('host'), 'an IP address or host name', host)

  const dbPath = raw('dbPath').trim()
  if (dbPath === '') fail(label('dbPath'), 'a file path', dbPath)

  const serial = raw('serial').trim()
  if (serial !== 'emulator' && !serial.startsWith('/')) {
    fail(label('serial'), 'an absolute device path such as /dev/ttyUSB0, or emulator', serial)
  }

  const baud = Number(raw('baud'))
  if (!BAUD_RATES.includes(baud))
    fail(label('baud'), `one of ${BAUD_RATES.join(', ')}`, raw('baud'))

  const latRaw = raw('lat').trim()
  const lonRaw = raw('lon').trim()
  let location: Config['location']
  if (latRaw !== '' || lonRaw !== '') {
    if (latRaw === '')
      fail(label('lat'), 'set together with LAMELLA_LON, a number from -90 to 90', latRaw)
    if (lonRaw === '')
      fail(label('lon'), 'set together with LAMELLA_LAT, a number from -180 to 180', lonRaw)
    location = {
      lat: numberIn(label('lat'), latRaw, -90, 90),
      lon: numberIn(label('lon'), lonRaw, -180, 180),
    }
  }

  let timeZone = raw('timeZone').trim()
  if (timeZone === '') timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone
  else if (!isValidTimeZone(timeZone))
    fail(label('timeZone'), 'an IANA time zone such as Europe/Berlin', timeZone)

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
    if (err instanceof PvSettingError) {
      throw new ConfigError(err.message.replace(/^LAMELLA_PV\b/, label('pv')))
    }
    throw err
  }

  let matter: MatterSettings | undefined
  try {
    matter = matterSettings(
      { on: raw('matter'), port: raw('matterPort'), networkInterface: raw('matterInterface') },
      {
        on: label('matter'),
        port: label('matterPort'),
        networkInterface: label('matterInterface'),
      },
    )
  } catch (err) {
    if (err instanceof MatterSettingError) throw new ConfigError(err.message)
    throw err
  }

  let weather: WeatherScript | undefined
  if (raw('weather') !== '') {
    if (serial !== 'emulator') {
      throw new ConfigError(
        `${label('weather')} is for the built-in emulator only (LAMELLA_SERIAL=emulator); a real bus has real sensors, set up in the UI (got "${raw('weather')}")`,
      )
    }
    try {
      weather = loadWeatherScript(raw('weather'), label('weather'))
    } catch (err) {
      throw new ConfigError((err as Error).message)
    }
  }

  return {
    host,
    port: integerIn(label('port'), raw('port'), 0, 65535),
    dbPath,
    serial,
    baud,
    parity: oneOf(label('parity'), raw('parity'), ['none', 'even', 'odd'] as const),
    pulse: oneOf(label('pulse'), raw('pulse'), ['device', 'hub'] as const),
    deadTimeMs: integerIn(label('deadTimeMs'), raw('deadTimeMs'), 0, 60000),
    adminPassword,
    location,
    timeZone,
    logLevel: oneOf(label('logLevel'), raw('logLevel'), LOG_LEVELS),
    clock: oneOf(label('clock'), raw('clock'), ['auto', 'trust'] as const),
    development: env.NODE_ENV === 'development',
    publicUrl: publicUrlSetting,
    mqtt,
    pv,
    matter,
    weather,
  }
}
