// Where the Matter bridge keeps its fabrics and codes, and what the hub says with Matter off.
// Imports nothing of matter.js: the hub reads this file whether Matter is on or off.
import { dirname, join } from 'node:path'
import { conflict } from '../errors'

/** The `matter/` folder beside the database file (kept by backups, hub/backup). */
export function matterStorageDir(dbPath: string): string {
  return join(dirname(dbPath), 'matter')
}

/** The bridge's state for admins, as GraphQL `MatterStatus` shows it. */
export interface MatterStatus {
  enabled: boolean
  commissioned: boolean
  manualPairingCode: string | null
  qrPairingCode: string | null
  /** The QR code's 21 rows of modules, '1' dark, for the page to draw; null while off. */
  qrCodeRows: string[] | null
  /** The paired ecosystems: each fabric's label, or its vendor when it gave none. */
  fabrics: string[]
}

/** What admins may do with the bridge (GraphQL `matter`, `matterOpenPairing`...). */
export interface MatterAdmin {
  status(): MatterStatus
  /** Opens a commissioning window, so a second ecosystem can pair. */
  openPairing(): Promise<void>
  /** Removes every fabric: no ecosystem can reach the bridge until it is paired again. */
  forgetPairings(): Promise<void>
}

export const MATTER_OFF: MatterStatus = Object.freeze({
  enabled: false,
  commissioned: false,
  manualPairingCode: null,
  qrPairingCode: null,
  qrCodeRows: null,
  fabrics: [],
})

/** With Matter off: nothing to pair, and a clear word for whoever asks to. */
export const matterOff: MatterAdmin = {
  status: () => MATTER_OFF,
  openPairing: () => Promise.reject(matterIsOff()),
  forgetPairings: () => Promise.reject(matterIsOff()),
}

function matterIsOff(): Error {
  return conflict('Matter is off: start the hub with LAMELLA_MATTER=1 to pair apps')
}
