// Where the Matter bridge keeps its fabrics and codes, and what the hub says with Matter off.
// Imports nothing of matter.js: the hub reads this file whether Matter is on or off.
import { dirname, join } from 'node:path'
import type { Viewer } from '../db/visibility'
import { conflict, forbidden } from '../errors'
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

/**
 * The bridge as the API offers it: admins only, since whoever holds the codes may add the
 * house's blinds to a phone. Each change answers with the bridge's state after it.
 */
export interface MatterForAdmins {
  status(viewer: Viewer): MatterStatus
  openPairing(viewer: Viewer): Promise<MatterStatus>
  forgetPairings(viewer: Viewer): Promise<MatterStatus>
}

export function matterForAdmins(bridge: MatterAdmin): MatterForAdmins {
  const admin = (viewer: Viewer) => {
    if (!viewer.isAdmin) throw forbidden('Only an admin may do this')
    return bridge
  }
  return {
    status: (viewer) => admin(viewer).status(),
    async openPairing(viewer) {
      await admin(viewer).openPairing()
      return bridge.status()
    },
    async forgetPairings(viewer) {
      await admin(viewer).forgetPairings()
      return bridge.status()
    },
  }
}

function matterIsOff(): Error {
  return conflict('Matter is off: start the hub with LAMELLA_MATTER=1 to pair apps', undefined, {
    reason: 'MATTER_OFF',
  })
}
