// The shapes the UI reads from the hub's GraphQL API (hub/graphql/schema.graphql).
// Types the hub already declares in code the UI can import (no runtime) are taken from there.
import type { Motion, RunStatus } from '../../../hub/realtime/events'
import type { HubStatus } from '../../../hub/status'
import type { SceneType, SunEvent, Trigger, TriggerType } from '../../../hub/validation/scene'

export type { HubStatus, Motion, RunStatus, SceneType, SunEvent, Trigger, TriggerType }
export type Direction = 'UP' | 'DOWN' | 'STOP'

export interface Blind {
  id: string
  name: string
  blindAddressUp: string
  blindAddressDown: string
  travelTimeMs: number
  isFavorite: boolean
  motion: Motion
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
  userBlindList: UserBlind[]
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
  /** Their durations tell how long a run has left. */
  scene: Pick<Scene, 'id' | 'duration'>[]
  nextRunAt: string | null
  lastRun: AutomationRun | null
}

export interface Automation extends Omit<AutomationSummary, 'scene'> {
  scene: Scene[]
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
  /** Required when changing one's own password. */
  currentPassword?: string
  isAdmin?: boolean
  blindIds?: string[]
}

export interface SceneInput {
  name: string
  type: SceneType
  duration: number
  blindAddresses: string[]
}

/** What the UI sends is what the hub stores: every field present. */
export type TriggerInput = Trigger

export interface AutomationInput {
  name: string
  trigger: TriggerInput
  scene: SceneInput[]
}
