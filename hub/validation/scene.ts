// The rules for one scene of an automation, and the limits an automation's editor shows
// (ARCHITECTURE.md section 3). Pure: the UI imports this module, so it must not pull in
// node-cron or anything else of the hub's runtime.
import { badInput } from '../errors'
import { checkAddress, checkIntegerIn, checkName } from './fields'

export const SCENES_MIN = 1
export const SCENES_MAX = 100
export const ADDRESSES_MAX = 64
export const BLIND_CONTROL_DURATION = { min: 100, max: 300000 }
export const DELAY_DURATION = { min: 100, max: 86400000 }
export const OFFSET_MINUTES = { min: -720, max: 720 }

export type TriggerType = 'MANUAL' | 'CRON' | 'SUN'
export type SunEvent = 'SUNRISE' | 'SUNSET'
export type SceneType = 'BLIND_CONTROL' | 'DELAY'

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
  duration: number
  blindAddresses?: string[] | null
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
  durationMs: number
  /** Canonical `UNIT:COIL` addresses, in input order. */
  addresses: string[]
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
  if (count === 0) throw badInput('scene', 'must hold at least one scene')
  if (count > SCENES_MAX) {
    throw badInput('scene', `must hold ${SCENES_MIN} to ${SCENES_MAX} scenes (got ${count})`)
  }
  return count
}

export function checkScene(input: SceneInput, i: number): SceneSpec {
  const at = `scene[${i}]`
  const name = checkName(`${at}.name`, input.name)
  const given = input.blindAddresses ?? []
  if (input.type === 'DELAY') {
    if (given.length > 0) throw badInput(`${at}.blindAddresses`, 'must be empty for a DELAY scene')
    const durationMs = checkIntegerIn(
      `${at}.duration`,
      input.duration,
      DELAY_DURATION.min,
      DELAY_DURATION.max,
      ' ms',
    )
    return { name, type: 'DELAY', durationMs, addresses: [] }
  }
  if (given.length === 0) {
    throw badInput(
      `${at}.blindAddresses`,
      'must list at least one address for a BLIND_CONTROL scene',
    )
  }
  if (given.length > ADDRESSES_MAX) {
    throw badInput(
      `${at}.blindAddresses`,
      `must list at most ${ADDRESSES_MAX} addresses for a BLIND_CONTROL scene (got ${given.length})`,
    )
  }
  const addresses = given.map((a, j) => checkAddress(`${at}.blindAddresses[${j}]`, a))
  const seen = new Set<string>()
  addresses.forEach((a, j) => {
    if (seen.has(a)) throw badInput(`${at}.blindAddresses[${j}]`, `must not repeat address ${a}`)
    seen.add(a)
  })
  const durationMs = checkIntegerIn(
    `${at}.duration`,
    input.duration,
    BLIND_CONTROL_DURATION.min,
    BLIND_CONTROL_DURATION.max,
    ' ms',
  )
  return { name, type: 'BLIND_CONTROL', durationMs, addresses }
}
