// Where the Matter bridge keeps its fabrics and codes, and what the hub says with Matter off.
// Imports nothing of matter.js: the hub reads this file whether Matter is on or off.
import { dirname, join } from 'node:path'
import { conflict } from '../errors'
import type { MatterAdmin, MatterStatus } from './status'

/** The `matter/` folder beside the database file (kept by backups, hub/backup). */
export function matterStorageDir(dbPath: string): string {
  return join(dirname(dbPath), 'matter')
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
