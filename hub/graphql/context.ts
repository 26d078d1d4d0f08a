// What every resolver receives: who is asking (or nobody), from where, and the hub's services.
import type { MatterForAdmins } from '../matter/storage'
import type { AuthService } from '../auth/login'
import type { Automation, AutomationRepository, AutomationRun } from '../db/automations'
import type { Schedule } from '../engine/schedule'
import type { RequestSource } from '../db/runs'
import type { BlindRepository } from '../db/blinds'
import type { WeatherApi } from '../weather/api'
import type { Viewer } from '../db/visibility'
import type { Authenticated } from '../db/sessions'
import type { UserRepository } from '../db/users'
import type { Positions } from '../position/positions'
import type { PvService } from '../pv/service'
import type { Holiday } from '../holiday/holiday'
import type { ShadingStore } from '../db/shading'
import type { HouseLocation } from '../location/house-location'
import type { ShadingView } from '../shading/types'
import type { PausedByNames } from '../shading/paused-by'
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
  /** When a running run is expected to end (ISO-8601), as estimated at its latest step. */
  runEndEstimate(runId: string): string | null
  /** Cancels a running run of an automation the viewer may see. */
  cancelRun(viewer: Viewer, runId: string): Promise<AutomationRun>
  /** When an automation's trigger fires next, or why it is paused and when it would fire. */
  schedule(automation: Automation): Schedule
  hubStatus(): HubStatus
  /** The PV inverter (hub/pv), or its answers while LAMELLA_PV is not set. */
  pv: PvService
  /** LAMELLA_PV as the hub reads it (modbus-tcp://host:port?unit=N); null while PV is off. */
  pvAddress(): string | null
  /** Holiday mode and the random offset of CRON and SUN firings (hub/holiday). */
  holiday: Holiday
  /** The house's location for SUN triggers and shading (hub/location). */
  location: HouseLocation
  /** Sun-aware shading (hub/shading); absent in tests that leave it out: nothing shading. */
  shading?: ShadingView
  /** Who paused a blind's shading, worded for the viewer (hub/shading/paused-by). */
  pausedBy: Pick<PausedByNames, 'describe'>
  /** The moves shading made (shading_moves), as far as the viewer may see them. */
  shadingHistory: Pick<ShadingStore, 'moves'>
  /** Weather protection (hub/weather): the weather, sensors, alarms and locks. */
  weather: WeatherApi
  /** The Matter bridge (hub/matter), or its answers while LAMELLA_MATTER is off. */
  matter: MatterForAdmins
}

export interface GraphQLContext {
  auth: Authenticated | null
  /** The client's address, for login throttling. */
  address: string
  services: Services
}
