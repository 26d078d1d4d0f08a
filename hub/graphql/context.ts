// What every resolver receives: who is asking (or nobody), from where, and the hub's services.
import type { AuthService } from '../auth/login'
import type { AutomationRepository, AutomationRun } from '../db/automations'
import type { RequestSource } from '../db/runs'
import type { BlindRepository } from '../db/blinds'
import type { Viewer } from '../db/visibility'
import type { Authenticated } from '../db/sessions'
import type { UserRepository } from '../db/users'
import type { Positions } from '../position/positions'
import type { PvService } from '../pv/service'
import type { Holiday } from '../holiday/holiday'
import type { ShadingStore } from '../db/shading'
import type { HouseLocation } from '../location/house-location'
import type { ShadingView } from '../shading/types'
import type { HubStatus } from '../status'

export interface Services {
  auth: AuthService
  users: UserRepository
  blinds: BlindRepository
  automations: AutomationRepository
  /** Where blinds are, and the commands that move them. */
  positions: Positions
  /** Starts a run of an automation the viewer may see; returns it RUNNING. */
  runAutomation(viewer: Viewer, id: string, source?: RequestSource): AutomationRun
  /** Cancels a running run of an automation the viewer may see. */
  cancelRun(viewer: Viewer, runId: string): Promise<AutomationRun>
  /** When an automation's trigger fires next, ISO-8601, or null. */
  nextRunAt(automationId: string): string | null
  hubStatus(): HubStatus
  /** The PV inverter (hub/pv), or its answers while LAMELLA_PV is not set. */
  pv: PvService
  /** Holiday mode and the random offset of CRON and SUN firings (hub/holiday). */
  holiday: Holiday
  /** The house's location for SUN triggers and shading (hub/location). */
  location: HouseLocation
  /** Sun-aware shading (hub/shading); absent in tests that leave it out: nothing shading. */
  shading?: ShadingView
  /** The moves shading made (shading_moves), as far as the viewer may see them. */
  shadingHistory: Pick<ShadingStore, 'moves'>
}

export interface GraphQLContext {
  auth: Authenticated | null
  /** The client's address, for login throttling. */
  address: string
  services: Services
}
