// The rules for an automation's input: name, trigger and scenes (ARCHITECTURE.md section 3).
// Whether each address belongs to a blind is checked against the database by the repository.
import cron from 'node-cron'
import { badInput } from '../errors'
import { checkCron as checkCronRule } from './cron'
import { checkIntegerIn, checkName } from './fields'
import { checkSunLocation } from './location'
import {
  OFFSET_MINUTES,
  checkScene,
  checkSceneCount,
  type AutomationInput,
  type AutomationRulesContext,
  type AutomationSpec,
  type SunEvent,
  type Trigger,
  type TriggerInput,
} from './scene'

// The scene rules, limits and types live in ./scene, which the UI imports without node-cron;
// re-exported so the hub keeps importing them from here.
export * from './scene'

/**
 * A 5-field (minute first) or 6-field (second first) cron expression, by the rule the editor
 * shows as it is typed (./cron). node-cron is asked too, so that no expression reaches the
 * scheduler that it cannot run; cron.test.ts keeps the two in step.
 */
export function checkCron(field: string, value: string): string {
  const expression = checkCronRule(field, value)
  if (!cron.validate(expression)) {
    throw badInput(field, `is not a schedule the hub's scheduler can run: "${expression}"`, 'CRON')
  }
  return expression
}

const unless = (type: string) =>
  ['MUST_BE_EMPTY_UNLESS', { other: 'trigger.type', value: type }] as const

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
    if (!hasCron)
      throw badInput('trigger.cron', 'is required when trigger.type is CRON', 'REQUIRED')
    trigger.cron = checkCron('trigger.cron', input.cron as string)
  } else if (hasCron) {
    throw badInput('trigger.cron', 'must be empty unless trigger.type is CRON', ...unless('CRON'))
  }
  if (input.type === 'SUN') {
    if (!hasSunEvent) {
      throw badInput('trigger.sunEvent', 'is required when trigger.type is SUN', 'REQUIRED')
    }
    checkSunLocation(ctx.hasLocation)
    trigger.sunEvent = input.sunEvent as SunEvent
  } else {
    if (hasSunEvent) {
      throw badInput(
        'trigger.sunEvent',
        'must be empty unless trigger.type is SUN',
        ...unless('SUN'),
      )
    }
    if (offset !== 0) {
      throw badInput(
        'trigger.offsetMinutes',
        'must be 0 unless trigger.type is SUN',
        ...unless('SUN'),
      )
    }
  }
  return trigger
}

export function checkAutomationInput(
  input: AutomationInput,
  ctx: AutomationRulesContext,
): AutomationSpec {
  const name = checkName('name', input.name)
  const trigger = checkTrigger(input.trigger, ctx)
  checkSceneCount(input.scene.length)
  return { name, trigger, scenes: input.scene.map(checkScene) }
}
