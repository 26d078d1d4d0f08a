// The shapes the UI reads from the hub's GraphQL API (hub/graphql/schema.graphql).
// Types the hub already declares in code the UI can import (no runtime) are taken from there.
import type { Motion, PvState, RunStatus } from '../../../hub/realtime/events'
import type { SchedulePause } from '../../../hub/engine/schedule'
import type { PausedBy } from '../../../hub/shading/paused-by'
import type { HubStatus } from '../../../hub/status'
import type { SceneType, SunEvent, Trigger, TriggerType } from '../../../hub/validation/scene'
import type { RunSkip, WeatherLock } from './weather-types'

export type {
  HubStatus,
  Motion,
  RunStatus,
  SceneType,
  SchedulePause,
  SunEvent,
  Trigger,
  TriggerType,
}
export type Direction = 'UP' | 'DOWN' | 'STOP'

export interface Blind {
  id: string
  name: string
  blindAddressUp: string
  blindAddressDown: string
  /** The longer of the two travel times (ms). */
  travelTimeMs: number
  /** Full travel from closed to open, and from open to closed (ms). */
  travelTimeUpMs: number
  travelTimeDownMs: number
  /** The motor's lag after its relay closes (ms). */
  motorStartDelayMs: number
  /** A full turn of a venetian blind's slats (ms); 0 for a blind without slats. */
  tiltTimeMs: number
  room: string | null
  /** The household's own preset, 0-100. */
  myPosition: number | null
  /** 0-100, 100 = open; null while not known. */
  position: number | null
  /** The slats, 0-100 (100 = open); null without slats or while not known. */
  tilt: number | null
  /** Where a command is taking the blind, or null. */
  target: number | null
  /** When the relay run going on now ends as planned (ISO-8601, the hub's clock), or null. */
  endsAt: string | null
  isFavorite: boolean
  motion: Motion
  /** False while the travel times are the hub's 60 s guess: shading needs them known. */
  travelTimeKnown: boolean
  /** Compass degrees the window faces, 0-359 (180 = south); null: no facade. */
  facadeAzimuth: number | null
  /** How far left / right of the facade's normal the sun may stand, 0-90°. */
  fovLeft: number
  fovRight: number
  /** Below this elevation (0-90°) the sun is hidden. */
  minElevation: number
  /** Where shading takes the blind, 0-100; null: not set. */
  shadePosition: number | null
  /** The slats while shading, 0-100; null: as they come. */
  shadeTilt: number | null
  shadingEnabled: boolean
  /** Percent of the clear-sky PV estimate the sun must reach (only with PV). */
  shadingMinBrightness: number
  /** Where the blind goes when shading ends; null: where it was before. */
  shadingReturnPosition: number | null
  /** "HH:MM" until which a person's command pauses shading; null: the next midnight. */
  shadingResumeAt: string | null
  shading: ShadingState
  /** Weather protection: the wind (m/s) over which it goes to safety; null: not protected. */
  windLimit: number | null
  rainProtect: boolean
  frostProtect: boolean
  /** Where a wind or rain alarm sends it, 0-100 (100 = raised). */
  safetyPosition: number
  /** Why weather protection holds it now; null while free. */
  weatherLock: WeatherLock | null
}

export type ShadingReason = 'SUN_IN_FRONT' | 'BRIGHT' | 'ENDED' | 'PAUSED'

/** What sun-aware shading is doing with a blind now (GraphQL `Shading`). */
export interface ShadingState {
  /** In its shade position because of shading. */
  active: boolean
  /** ISO-8601 UTC until which a command shading did not give pauses it; null when not paused. */
  pausedUntil: string | null
  /** Whose command paused it, while paused; null or absent when not known. */
  pausedBy?: ShadingPausedBy | null
  reason: ShadingReason | null
  since: string | null
}

/** Who paused a blind's shading (GraphQL `ShadingPausedBy`): names only where one may know them. */
export type ShadingPausedBy = PausedBy

/** One move shading made, with why. */
export interface ShadingMove {
  id: string
  at: string
  reason: ShadingReason
  /** Where the blind stood, 0-100; null while not known. */
  fromPosition: number | null
  /** Where shading took it. */
  toPosition: number
  blindId: string
}

/** Holiday mode: every schedule and shading paused; the lived-in offset applies always. */
export interface Holiday {
  enabled: boolean
  /** 0-30: CRON and SUN firings shift by up to this many minutes. */
  randomOffsetMinutes: number
  /** ISO-8601 UTC since when it is on; null while off. */
  since: string | null
}

/** Where the house stands, for SUN triggers and shading (admins only). */
export interface HouseLocation {
  /** Degrees north (south negative); null while not known. */
  lat: number | null
  /** Degrees east (west negative); null while not known. */
  lon: number | null
  /** Set by LAMELLA_LAT/LAMELLA_LON on the hub: it cannot be changed in the UI. */
  fromEnvironment: boolean
}

/** A calibration run: once stopped, how long the motor ran. */
export interface Calibration {
  direction: Direction
  startedAt: string
  /** Null while it runs. */
  measuredMs: number | null
}

/** An automation as something that uses it names it. */
export interface AutomationRef {
  id: string
  name: string
}

/** The automations that drive a blind, which must let go of it before it can be deleted. */
export interface BlindUsage {
  id: string
  usedBy: AutomationRef[]
}

export interface UserBlind {
  isMyFavorite: boolean
  blind: Pick<Blind, 'id' | 'name'>
}

export interface User {
  id: string
  username: string
  isAdmin: boolean
  /** 'en' or 'de'; null follows the browser. Absent in test stubs that predate it. */
  language?: string | null
  userBlindList: UserBlind[]
}

export interface Scene {
  id: string
  name: string
  type: SceneType
  index: number
  /** Milliseconds; for POSITION an estimate (the longest full travel of its blinds). */
  duration: number
  blindAddresses: string[]
  /** POSITION: the blinds it moves, and where to. */
  blindIds: string[]
  position: number | null
  tilt: number | null
}

export interface AutomationRun {
  id: string
  automationId: string
  status: RunStatus
  source: string
  startedAt: string
  finishedAt: string | null
  sceneIndex: number | null
  error: string | null
  /** While it runs, when the hub expects it to end (ISO-8601); null once ended. */
  estimatedEndAt: string | null
  /** Blinds its steps left out because a lock refused them, with why. */
  skipped: RunSkip[]
}

export interface AutomationSummary {
  id: string
  name: string
  isFavorite: boolean
  trigger: Trigger
  /** Their durations tell how long a run has left. */
  scene: Pick<Scene, 'id' | 'duration'>[]
  /** When it runs next; null while paused, or with no schedule (MANUAL, disabled). */
  nextRunAt: string | null
  /** When it would run but for holiday mode; null when not known. */
  wouldRunAt: string | null
  /** Why an enabled schedule rests: holiday mode, or a clock the hub does not trust. */
  schedulePause: SchedulePause | null
  lastRun: AutomationRun | null
}

export interface Automation extends Omit<AutomationSummary, 'scene'> {
  scene: Scene[]
}

/**
 * Every field the blind dialog has; the hub's defaults are never relied on, except for a travel
 * time not measured: left out, the hub keeps its guess; null puts a measured one back to it.
 */
export interface BlindInput {
  name: string
  blindAddressUp: string
  blindAddressDown: string
  travelTimeUpMs?: number | null
  travelTimeDownMs?: number | null
  motorStartDelayMs: number
  tiltTimeMs: number
  room: string | null
  myPosition: number | null
  facadeAzimuth: number | null
  fovLeft: number
  fovRight: number
  minElevation: number
  shadePosition: number | null
  shadeTilt: number | null
  shadingEnabled: boolean
  shadingMinBrightness: number
  shadingReturnPosition: number | null
  shadingResumeAt: string | null
  windLimit?: number | null
  rainProtect?: boolean
  frostProtect?: boolean
  safetyPosition?: number
}

export interface UserInput {
  username: string
  password: string
  isAdmin: boolean
  blindIds: string[]
}

export interface UserUpdateInput {
  username?: string
  password?: string
  /** Required when changing one's own password. */
  currentPassword?: string
  isAdmin?: boolean
  blindIds?: string[]
}

/** BLIND_CONTROL and DELAY: relays for a duration, or a wait. */
export interface TimedSceneInput {
  name: string
  type: 'BLIND_CONTROL' | 'DELAY'
  duration: number
  blindAddresses: string[]
}

/** POSITION: blinds to a position and/or tilt; no duration, it lasts until they arrived. */
export interface PositionSceneInput {
  name: string
  type: 'POSITION'
  blindIds: string[]
  position: number | null
  tilt: number | null
}

export type SceneInput = TimedSceneInput | PositionSceneInput

/** What the UI sends is what the hub stores: every field present. */
export type TriggerInput = Trigger

export interface AutomationInput {
  name: string
  trigger: TriggerInput
  scene: SceneInput[]
}

/** The inverter as the API answers (issue 13): the hub's own types, so the two cannot drift. */
export type { PvState }
export type { PvDay, PvDevice, PvMppt, PvSample, PvStatus } from '../../../hub/pv/service'
