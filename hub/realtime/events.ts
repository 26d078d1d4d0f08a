// The socket.io events, declared once: the hub's realtime server and the UI both import this
// map, so a payload change is a type error on both sides (ARCHITECTURE.md section 4).

export type Motion = 'IDLE' | 'MOVING_UP' | 'MOVING_DOWN'
export type RunStatus = 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED'
/** 'holiday': holiday mode changed; its ids are empty (ask the `holiday` query). */
/** 'location': the house's location changed; its ids are empty (ask `houseLocation`). */
export type ChangedEntity = 'blind' | 'automation' | 'user' | 'holiday' | 'location'

export interface BlindMotionEvent {
  id: string
  motion: Motion
  /** ISO-8601 UTC. */
  at: string
  /** The estimate at `at`, 0-100 (100 = open); null while not known. */
  position: number | null
  /** The slats at `at`, 0-100; null for a blind without slats or while not known. */
  tilt: number | null
  /** Where a command is taking the blind, or null. */
  target: number | null
  /** When the relay run going on now ends as planned (ISO-8601), or null. */
  endsAt: string | null
  /** Waiting out the dead time before it reverses. */
  reversing: boolean
  /** What is left at `at` of the motor's start delay (ms): it turns once that has passed. */
  delayLeftMs: number
}

export interface AutomationRunEvent {
  runId: string
  automationId: string
  status: RunStatus
  sceneIndex: number | null
  at: string
  /** While RUNNING, when it is expected to end (ISO-8601, estimated at each step); else null. */
  estimatedEndAt: string | null
}

export interface BusStatusEvent {
  online: boolean
  path: string
  error?: string
}

export interface DataChangedEvent {
  entity: ChangedEntity
  ids: string[]
}

export type PvState =
  'OFF' | 'SLEEPING' | 'STARTING' | 'MPPT' | 'THROTTLED' | 'SHUTTING_DOWN' | 'FAULT' | 'STANDBY'

export interface PvSampleEvent {
  at: string
  online: boolean
  powerW: number | null
  dcPowerW: number | null
  todayWh: number | null
  state: PvState | null
}

/** Events the hub sends to browsers. */
export interface ServerToClientEvents {
  'blind:motion': (event: BlindMotionEvent) => void
  'automation:run': (event: AutomationRunEvent) => void
  'bus:status': (event: BusStatusEvent) => void
  'data:changed': (event: DataChangedEvent) => void
  'pv:sample': (event: PvSampleEvent) => void
}

/** Browsers only listen; they send nothing but the handshake. */
export type ClientToServerEvents = Record<string, never>

/** The handshake a browser sends: `io(url, { auth: { token } })`. */
export interface HandshakeAuth {
  token?: string
}
