// The address people open the web UI at, for links that other systems show (Home Assistant's
// "Visit" on the hub's device). LAMELLA_PUBLIC_URL when set; otherwise worked out from where the
// hub listens. 0.0.0.0 (every address, the default) is no address a browser can open: there it
// is the machine's host name with `.local`, the mDNS name Raspberry Pi OS answers to (avahi), as
// in `http://lamella.local:8080/`. A host name with a dot is taken as it is.
import { hostname } from 'node:os'
import type { FastifyInstance } from 'fastify'

const EVERY_ADDRESS = new Set(['0.0.0.0', '::', '[::]'])

export interface UiAddressInput {
  publicUrl: string | undefined
  /** LAMELLA_HOST: where the hub listens. */
  host: string
  /** The port it listens on (the real one, when LAMELLA_PORT is 0). */
  port: number
  hostName?: () => string
}

/** The UI's URL, or null when none can be made (a host name that is no valid URL host). */
export function uiAddress(input: UiAddressInput): string | null {
  if (input.publicUrl !== undefined) return input.publicUrl
  let host = input.host
  if (EVERY_ADDRESS.has(host)) {
    const name = (input.hostName ?? hostname)()
    host = name.includes('.') ? name : `${name}.local`
  } else if (host.includes(':')) {
    host = `[${host}]`
  }
  try {
    return new URL(`http://${host}:${input.port}/`).href
  } catch {
    return null
  }
}

/** The TCP port the app listens on, or null before it listens. */
export function listeningPort(app: Pick<FastifyInstance, 'server'>): number | null {
  const address = app.server.address()
  return address !== null && typeof address === 'object' ? address.port : null
}
