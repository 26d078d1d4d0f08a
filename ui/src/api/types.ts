// The shapes the UI reads from the hub's GraphQL API (hub/graphql/schema.graphql).
import type { Motion, RunStatus } from '../../../hub/realtime/events'

export type { Motion, RunStatus }
export type Direction = 'UP' | 'DOWN' | 'STOP'
export type SceneType = 'BLIND_CONTROL' | 'DELAY'
export type TriggerType = 'MANUAL' | 'CRON' | 'SUN'
export type SunEvent = 'SUNRISE' | 'SUNSET'

export interface Blind {
  id: string
  name: string
  blindAddressUp: string
  blindAddressDown: string
  travelTimeMs: number
  isFavorite: boolean
  motion: Motion
}

export interface UserBlind {
  isMyFavorite: boolean
  blind: Pick<Blind, 'id' | 'name'>
}

export interface User {
  id: string
  username: string
  isAdmin: boolean
  userBlindList: UserBlind[]
}

export interface Trigger {
  type: TriggerType
  cron: string | null
  sunEvent: SunEvent | null
  offsetMinutes: number
  enabled: boolean
}

export interface Scene {
  id: string
  name: string
  type: SceneType
  index: number
  /** Milliseconds. */
  duration: number
  blindAddresses: string[]
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
}

export interface AutomationSummary {
  id: string
  name: string
  isFavorite: boolean
  trigger: Trigger
  scene: Pick<Scene, 'id'>[]
  nextRunAt: string | null
  lastRun: AutomationRun | null
}

export interface Automation extends Omit<AutomationSummary, 'scene'> {
  scene: Scene[]
}

export interface HubStatus {
  version: string
  uptimeSeconds: number
  now: string
  timeZone: string
  clockSynchronized: boolean | null
  locationConfigured: boolean
  bus: { online: boolean; path: string; error: string | null }
}

export interface BlindInput {
  name: string
  blindAddressUp: string
  blindAddressDown: string
  travelTimeMs: number
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
  isAdmin?: boolean
  blindIds?: string[]
}

export interface SceneInput {
  name: string
  type: SceneType
  duration: number
  blindAddresses: string[]
}

export interface TriggerInput {
  type: TriggerType
  cron: string | null
  sunEvent: SunEvent | null
  offsetMinutes: number
  enabled: boolean
}

export interface AutomationInput {
  name: string
  trigger: TriggerInput
  scene: SceneInput[]
}
