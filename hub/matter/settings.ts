// The Matter settings (ARCHITECTURE.md section 14), read once at start with the rest of the
// config. Matter is off unless LAMELLA_MATTER=1; off, nothing of matter.js is loaded. This file
// imports nothing of matter.js, so the config can read it with Matter off.

export interface MatterSettings {
  /** The UDP port Matter listens on (LAMELLA_MATTER_PORT, default 5540). */
  port: number
  /** The one network interface mDNS announces on (LAMELLA_MATTER_INTERFACE); null: all. */
  networkInterface: string | null
}

/** A setting that breaks its rule; the message is the one line the process prints. */
export class MatterSettingError extends Error {}

/** What the variables hold, and what a message calls each (its flag when a flag gave it). */
export interface MatterRaw {
  on: string
  port: string
  networkInterface: string
}

const INTERFACE = /^[A-Za-z0-9_.:@-]{1,15}$/

function fail(label: string, rule: string, got: string): never {
  throw new MatterSettingError(`${label} must be ${rule} (got "${got}")`)
}

export function matterSettings(
  raw: MatterRaw,
  labels: MatterRaw = {
    on: 'LAMELLA_MATTER',
    port: 'LAMELLA_MATTER_PORT',
    networkInterface: 'LAMELLA_MATTER_INTERFACE',
  },
): MatterSettings | undefined {
  const on = raw.on.trim().toLowerCase()
  if (!['0', '1', 'false', 'true', 'off', 'on', ''].includes(on)) {
    fail(labels.on, '1 (on) or 0 (off)', raw.on)
  }
  const port = raw.port.trim()
  const n = Number(port)
  if (!/^\d+$/.test(port) || n < 1 || n > 65535) {
    fail(labels.port, 'an integer from 1 to 65535', raw.port)
  }
  const networkInterface = raw.networkInterface.trim()
  if (networkInterface !== '' && !INTERFACE.test(networkInterface)) {
    fail(
      labels.networkInterface,
      'a network interface name such as eth0 or wlan0',
      raw.networkInterface,
    )
  }
  if (!['1', 'true', 'on'].includes(on)) return undefined
  return { port: n, networkInterface: networkInterface === '' ? null : networkInterface }
}
