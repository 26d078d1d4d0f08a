// The MQTT settings (ARCHITECTURE.md section 10), read from the environment once at start with
// the rest of the config. MQTT is off unless LAMELLA_MQTT_URL is set. Credentials come from the
// URL or LAMELLA_MQTT_USERNAME/LAMELLA_MQTT_PASSWORD and are kept apart from the URL, which is
// stored without them: the URL may be logged and shown, a password never.
import { hostname } from 'node:os'

export interface MqttSettings {
  /** mqtt:// or mqtts://, host and port, without credentials: safe to log and show. */
  url: string
  username: string | undefined
  password: string | undefined
  /** The first topic level of every topic of this hub (LAMELLA_MQTT_PREFIX). */
  prefix: string
  /** This hub's own topic level and unique_id part (LAMELLA_HUB_ID); unique per hub. */
  hubId: string
  /** Home Assistant's discovery prefix, or null when discovery is off. */
  discoveryPrefix: string | null
}

/** A setting that breaks its rule; the message is the one line the process prints. */
export class MqttSettingError extends Error {}

const HUB_ID = /^[a-z0-9][a-z0-9_-]{0,62}$/
const TOPIC_PREFIX_MAX = 100

/** The URL as it may be shown: whatever stood before an '@' is hidden. */
function redactUrl(raw: string): string {
  return raw.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@]*@/i, '$1***@')
}

/** Lower-case letters, digits and dashes: a host name made fit to be a hub id. */
export function slug(text: string): string {
  const s = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 63)
  return s === '' ? 'lamella' : s
}

function fail(variable: string, rule: string, got: string): never {
  throw new MqttSettingError(`${variable} must be ${rule} (got "${got}")`)
}

/** Topic levels without wildcards, no empty level, no leading or trailing '/'. */
function topicPrefix(variable: string, raw: string): string {
  const rule = `topic levels without +, # or empty levels, at most ${TOPIC_PREFIX_MAX} characters`
  if (
    raw === '' ||
    raw.length > TOPIC_PREFIX_MAX ||
    /[+#]/.test(raw) ||
    raw.includes(String.fromCharCode(0)) ||
    raw.split('/').some((level) => level === '' || level.trim() !== level)
  ) {
    fail(variable, rule, raw)
  }
  return raw
}

function brokerUrl(raw: string): URL {
  const rule = 'an mqtt:// or mqtts:// URL with a host, such as mqtt://homeassistant.local:1883'
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    fail('LAMELLA_MQTT_URL', rule, redactUrl(raw))
  }
  if (!['mqtt:', 'mqtts:'].includes(url.protocol) || url.hostname === '') {
    fail('LAMELLA_MQTT_URL', rule, redactUrl(raw))
  }
  if (url.pathname !== '' && url.pathname !== '/') {
    fail('LAMELLA_MQTT_URL', `${rule}, and no path`, redactUrl(raw))
  }
  return url
}

/** The MQTT settings, or undefined while LAMELLA_MQTT_URL is not set. */
export function mqttSettings(
  env: NodeJS.ProcessEnv,
  hostName: () => string = hostname,
): MqttSettings | undefined {
  const raw = (env.LAMELLA_MQTT_URL ?? '').trim()
  if (raw === '') return undefined
  const url = brokerUrl(raw)
  const fromUrl = (part: string) => (part === '' ? undefined : decodeURIComponent(part))
  const username = env.LAMELLA_MQTT_USERNAME || fromUrl(url.username)
  const password = env.LAMELLA_MQTT_PASSWORD || fromUrl(url.password)
  if (password !== undefined && username === undefined) {
    throw new MqttSettingError(
      'LAMELLA_MQTT_PASSWORD needs a user name too (LAMELLA_MQTT_USERNAME or user@ in the URL)',
    )
  }
  url.username = ''
  url.password = ''
  const port = url.port || (url.protocol === 'mqtts:' ? '8883' : '1883')

  const hubIdRaw = env.LAMELLA_HUB_ID ?? ''
  const hubId = hubIdRaw.trim() === '' ? slug(hostName()) : hubIdRaw.trim()
  if (!HUB_ID.test(hubId)) {
    fail('LAMELLA_HUB_ID', 'lower-case letters, digits, - and _, 1 to 63 long', hubId)
  }
  const discovery = env.LAMELLA_HA_DISCOVERY ?? 'homeassistant'

  return {
    url: `${url.protocol}//${url.hostname}:${port}`,
    username,
    password,
    prefix: topicPrefix('LAMELLA_MQTT_PREFIX', (env.LAMELLA_MQTT_PREFIX ?? 'lamella').trim()),
    hubId,
    discoveryPrefix:
      discovery.trim() === '' ? null : topicPrefix('LAMELLA_HA_DISCOVERY', discovery.trim()),
  }
}
