// What admins see of the Matter bridge and may do with it: shared by the hub (GraphQL
// `matter`) and the UI's settings page. Imports nothing, so the UI can read it.
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
