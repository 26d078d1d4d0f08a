// The rules for one scene of an automation, and the limits an automation's editor shows
// (ARCHITECTURE.md section 3). Pure: the UI imports this module, so it must not pull in
// node-cron or anything else of the hub's runtime.
import { badInput } from '../errors'
import { checkPercent } from './blind'
import { checkAddress, checkId, checkIntegerIn, checkName } from './fields'

export const SCENES_MIN = 1
export const SCENES_MAX = 100
export const ADDRESSES_MAX = 64
/** A POSITION scene moves at most as many blinds as a BLIND_CONTROL one drives relays. */
export const SCENE_BLINDS_MAX = ADDRESSES_MAX
export const BLIND_CONTROL_DURATION = { min: 100, max: 300000 }
export const DELAY_DURATION = { min: 100, max: 86400000 }
export const OFFSET_MINUTES = { min: -720, max: 720 }

export type TriggerType = 'MANUAL' | 'CRON' | 'SUN'
export type SunEvent = 'SUNRISE' | 'SUNSET'
export type SceneType = 'BLIND_CONTROL' | 'DELAY' | 'POSITION'

export interface TriggerInput {
  type: TriggerType
  cron?: string | null
  sunEvent?: SunEvent | null
  offsetMinutes?: number | null
  enabled?: boolean | null
}

export interface SceneInput {
  name: string
  type: SceneType
  /** BLIND_CONTROL and DELAY only: a POSITION step lasts until its blinds arrived. */
  duration?: number | null
  blindAddresses?: string[] | null
  /** POSITION: the blinds, and where to (at least one of position and tilt). */
  blindIds?: string[] | null
  position?: number | null
  tilt?: number | null
}

export interface AutomationInput {
  name: string
  trigger: TriggerInput
  scene: SceneInput[]
}

export interface Trigger {
  type: TriggerType
  cron: string | null
  sunEvent: SunEvent | null
  offsetMinutes: number
  enabled: boolean
}

export interface SceneSpec {
  name: string
  type: SceneType
  /** 0 for POSITION. */
  durationMs: number
  /** Canonical `UNIT:COIL` addresses, in input order (BLIND_CONTROL). */
  addresses: string[]
  /** The blinds a POSITION scene moves, in input order, and where to. */
  blindIds: string[]
  position: number | null
  tilt: number | null
}

export interface AutomationSpec {
  name: string
  trigger: Trigger
  scenes: SceneSpec[]
}

export interface AutomationRulesContext {
  /** Sun triggers need the hub's location. */
  hasLocation: boolean
}

/** An automation holds 1 to 100 scenes. */
export function checkSceneCount(count: number): number {
  const limits = { min: SCENES_MIN, max: SCENES_MAX }
  if (count === 0) throw badInput('scene', 'must hold at least one scene', 'LIST_LENGTH', limits)
  if (count > SCENES_MAX) {
    throw badInput(
      'scene',
      `must hold ${SCENES_MIN} to ${SCENES_MAX} scenes (got ${count})`,
      'LIST_LENGTH',
      limits,
    )
  }
  return count
}

export function checkScene(input: SceneInput, i: number): SceneSpec {
  const at = `scene[${i}]`
  const name = checkName(`${at}.name`, input.name)
  const given = input.blindAddresses ?? []
  const none = { blindIds: [], position: null, tilt: null }
  if (input.type === 'POSITION') return { name, ...checkPositionScene(input, at) }
  for (const field of ['blindIds', 'position', 'tilt'] as const) {
    const value = input[field]
    if (value != null && !(Array.isArray(value) && value.length === 0)) {
      throw badInput(
        `${at}.${field}`,
        `must be empty unless the scene's type is POSITION`,
        'MUST_BE_EMPTY_UNLESS',
        { other: 'type', value: 'POSITION' },
      )
    }
  }
  if (input.duration == null) {
    throw badInput(`${at}.duration`, `is required for a ${input.type} scene (in ms)`, 'REQUIRED')
  }
  if (input.type === 'DELAY') {
    if (given.length > 0) {
      throw badInput(
        `${at}.blindAddresses`,
        'must be empty for a DELAY scene',
        'MUST_BE_EMPTY_FOR',
        { other: 'type', value: 'DELAY' },
      )
    }
    const durationMs = checkIntegerIn(
      `${at}.duration`,
      input.duration,
      DELAY_DURATION.min,
      DELAY_DURATION.max,
      ' ms',
    )
    return { name, type: 'DELAY', durationMs, addresses: [], ...none }
  }
  if (given.length === 0) {
    throw badInput(
      `${at}.blindAddresses`,
      'must list at least one address for a BLIND_CONTROL scene',
      'LIST_LENGTH',
      { min: 1, max: ADDRESSES_MAX },
    )
  }
  if (given.length > ADDRESSES_MAX) {
    throw badInput(
      `${at}.blindAddresses`,
      `must list at most ${ADDRESSES_MAX} addresses for a BLIND_CONTROL scene (got ${given.length})`,
      'LIST_LENGTH',
      { min: 1, max: ADDRESSES_MAX },
    )
  }
  const addresses = given.map((a, j) => checkAddress(`${at}.blindAddresses[${j}]`, a))
  const seen = new Set<string>()
  addresses.forEach((a, j) => {
    if (seen.has(a)) {
      throw badInput(`${at}.blindAddresses[${j}]`, `must not repeat address ${a}`, 'REPEATED', {
        value: a,
      })
    }
    seen.add(a)
  })
  const durationMs = checkIntegerIn(
    `${at}.duration`,
    input.duration,
    BLIND_CONTROL_DURATION.min,
    BLIND_CONTROL_DURATION.max,
    ' ms',
  )
  return { name, type: 'BLIND_CONTROL', durationMs, addresses, ...none }
}

/** A POSITION scene: 1-64 blinds, each once, and a position and/or tilt of 0-100. */
function checkPositionScene(input: SceneInput, at: string): Omit<SceneSpec, 'name'> {
  if (input.duration != null) {
    throw badInput(
      `${at}.duration`,
      'must be empty for a POSITION scene: its step lasts until its blinds arrived',
      'MUST_BE_EMPTY_FOR',
      { other: 'type', value: 'POSITION' },
    )
  }
  if ((input.blindAddresses ?? []).length > 0) {
    throw badInput(
      `${at}.blindAddresses`,
      'must be empty for a POSITION scene; name its blindIds',
      'MUST_BE_EMPTY_FOR',
      { other: 'type', value: 'POSITION' },
    )
  }
  const given = input.blindIds ?? []
  if (given.length === 0) {
    throw badInput(
      `${at}.blindIds`,
      'must list at least one blind for a POSITION scene',
      'LIST_LENGTH',
      { min: 1, max: SCENE_BLINDS_MAX },
    )
  }
  if (given.length > SCENE_BLINDS_MAX) {
    throw badInput(
      `${at}.blindIds`,
      `must list at most ${SCENE_BLINDS_MAX} blinds for a POSITION scene (got ${given.length})`,
      'LIST_LENGTH',
      { min: 1, max: SCENE_BLINDS_MAX },
    )
  }
  const seen = new Set<string>()
  const blindIds = given.map((id, j) => {
    const field = `${at}.blindIds[${j}]`
    checkId(field, id)
    if (seen.has(id))
      throw badInput(field, `must not repeat blind ${id}`, 'REPEATED', { value: id })
    seen.add(id)
    return id
  })
  if (input.position == null && input.tilt == null) {
    throw badInput(
      `${at}.position`,
      'or tilt must be given for a POSITION scene (0 to 100)',
      'REQUIRED_OR',
      { other: 'tilt' },
    )
  }
  return {
    type: 'POSITION',
    durationMs: 0,
    addresses: [],
    blindIds,
    position: input.position == null ? null : checkPercent(`${at}.position`, input.position),
    tilt: input.tilt == null ? null : checkPercent(`${at}.tilt`, input.tilt),
  }
}
