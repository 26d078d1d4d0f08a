// The rules for an automation's input: name, trigger and scenes (ARCHITECTURE.md section 3).
// Whether each address belongs to a blind is checked against the database by the repository.
import cron from 'node-cron'
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

/** A 5-field (minute first) or 6-field (second first) cron expression. */
export function checkCron(field: string, value: string): string {
  const expression = value.trim().replace(/\s+/g, ' ')
  const fields = expression === '' ? 0 : expression.split(' ').length
  if (fields !== 5 && fields !== 6) {
    throw badInput(field, `must be a cron expression of 5 or 6 fields (got ${fields})`)
  }
  if (!cron.validate(expression))
    throw badInput(field, `is not a valid cron expression: "${expression}"`)
  return expression
}

export function checkTrigger(input: TriggerInput, ctx: AutomationRulesContext): Trigger {
  const offset = input.offsetMinutes ?? 0
  const trigger: Trigger = {
    type: input.type,
    cron: null,
    sunEvent: null,
    offsetMinutes: checkIntegerIn(
      'trigger.offsetMinutes',
      offset,
      OFFSET_MINUTES.min,
      OFFSET_MINUTES.max,
    ),
    enabled: input.enabled ?? true,
  }
  // A form may send an empty string for the field of a trigger type it does not show.
  const hasCron = input.cron != null && input.cron.trim() !== ''
  const hasSunEvent = input.sunEvent !== undefined && input.sunEvent !== null
  if (input.type === 'CRON') {
    if (!hasCron) throw badInput('trigger.cron', 'is required when trigger.type is CRON')
    trigger.cron = checkCron('trigger.cron', input.cron as string)
  } else if (hasCron) {
    throw badInput('trigger.cron', 'must be empty unless trigger.type is CRON')
  }
  if (input.type === 'SUN') {
    if (!hasSunEvent) throw badInput('trigger.sunEvent', 'is required when trigger.type is SUN')
    if (!ctx.hasLocation) {
      throw badInput(
        'trigger.sunEvent',
        "needs the hub's location: set LAMELLA_LAT and LAMELLA_LON and restart the hub",
      )
    }
    trigger.sunEvent = input.sunEvent as SunEvent
  } else {
    if (hasSunEvent) throw badInput('trigger.sunEvent', 'must be empty unless trigger.type is SUN')
    if (offset !== 0)
      throw badInput('trigger.offsetMinutes', 'must be 0 unless trigger.type is SUN')
  }
  return trigger
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
  if (given.length < 1 || given.length > ADDRESSES_MAX) {
    throw badInput(
      `${at}.blindAddresses`,
      `must list 1 to ${ADDRESSES_MAX} addresses for a BLIND_CONTROL scene (got ${given.length})`,
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

export function checkAutomationInput(
  input: AutomationInput,
  ctx: AutomationRulesContext,
): AutomationSpec {
  const name = checkName('name', input.name)
  const trigger = checkTrigger(input.trigger, ctx)
  if (input.scene.length < SCENES_MIN || input.scene.length > SCENES_MAX) {
    throw badInput(
      'scene',
      `must hold ${SCENES_MIN} to ${SCENES_MAX} scenes (got ${input.scene.length})`,
    )
  }
  return { name, trigger, scenes: input.scene.map(checkScene) }
}
