// The photovoltaics setting (ARCHITECTURE.md section 11): LAMELLA_PV (or --pv) names the
// inverter as modbus-tcp://HOST[:PORT][?unit=N], port 502 and unit 1 by default. PV is off
// while it is not set. A bad value is one line naming the variable and its rule.
import { MODBUS_TCP_PORT } from '../../firmware-protocol/modbus-tcp'

export interface PvSettings {
  /** The inverter as it may be shown and logged: modbus-tcp://host:port?unit=N. */
  url: string
  host: string
  port: number
  /** The Modbus unit id (SunSpec devices answer on 1 unless set otherwise; SMA on 3 or 126). */
  unit: number
}

/** A value that breaks the rule; the message is the one line the process prints. */
export class PvSettingError extends Error {}

const RULE =
  'a modbus-tcp:// URL with a host, an optional port and ?unit=0-255, such as modbus-tcp://192.168.1.20:502?unit=1'

function fail(got: string, detail = ''): never {
  throw new PvSettingError(`LAMELLA_PV must be ${RULE}${detail} (got "${got}")`)
}

/** The inverter to read, or undefined while LAMELLA_PV is empty. */
export function pvSettings(raw: string | undefined): PvSettings | undefined {
  const text = (raw ?? '').trim()
  if (text === '') return undefined
  let url: URL
  try {
    url = new URL(text)
  } catch {
    fail(text)
  }
  if (url.protocol !== 'modbus-tcp:' || url.hostname === '') fail(text)
  if (url.username !== '' || url.password !== '') fail(text, ', without user or password')
  if (url.pathname !== '' && url.pathname !== '/') fail(text, ', and no path')
  if (url.hash !== '') fail(text, ', and no #fragment')
  const params = [...url.searchParams.keys()]
  if (params.some((k) => k !== 'unit') || params.length > 1) fail(text, ', and no other parameter')
  const unitText = url.searchParams.get('unit') ?? '1'
  if (!/^\d{1,3}$/.test(unitText) || Number(unitText) > 255) fail(text)
  // URL leaves out a default port only for its own schemes, so any port stands here as typed.
  const port = url.port === '' ? MODBUS_TCP_PORT : Number(url.port)
  if (port < 1) fail(text)
  const unit = Number(unitText)
  // An IPv6 address keeps its brackets in `hostname`; net.connect wants it bare.
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1')
  return { url: `modbus-tcp://${url.hostname}:${port}?unit=${unit}`, host, port, unit }
}
