// The editor's checks before anything is sent, with the hub's own checkers, and the hub's
// answers mapped onto the same fields. Field keys are the hub's (`name`, `trigger.cron`,
// `scene[1].duration`), so a client error and a server error land in the same place.
import { localNumber, translateNow } from '../../i18n/intl-locale'
import { draftErrorMessages as m } from './automation.messages'
import { checkIntegerIn, checkName } from '../../../../hub/validation/fields'
import { checkSunLocation } from '../../../../hub/validation/location'
import {
  ADDRESSES_MAX,
  BLIND_CONTROL_DURATION,
  DELAY_DURATION,
  OFFSET_MINUTES,
  SCENE_BLINDS_MAX,
  checkScene,
  checkSceneCount,
} from '../../../../hub/validation/scene'
import type { PositionSceneInput, SceneInput, TimedSceneInput } from '../../api/types'
import { collectFieldErrors, fieldErrorFrom, type FieldErrors } from '../../forms/field-errors'
import { checkCronText } from './cron-text'
import { toAutomationInput, type AutomationDraft } from './draft'

export interface ValidationContext {
  /** From the hub's status; undefined while it loads, and then the hub decides. */
  locationConfigured: boolean | undefined
}

/** The durations of the scene types that have one (a POSITION step lasts until arrival). */
export const DURATION_LIMITS: Record<TimedSceneInput['type'], { min: number; max: number }> = {
  BLIND_CONTROL: BLIND_CONTROL_DURATION,
  DELAY: DELAY_DURATION,
}

// A scene of each type that passes checkScene, to check one field of a real scene at a time.
const VALID_TIMED: Record<TimedSceneInput['type'], TimedSceneInput> = {
  BLIND_CONTROL: {
    name: 'scene',
    type: 'BLIND_CONTROL',
    duration: BLIND_CONTROL_DURATION.min,
    blindAddresses: ['1:0'],
  },
  DELAY: { name: 'scene', type: 'DELAY', duration: DELAY_DURATION.min, blindAddresses: [] },
}
const VALID_POSITION: PositionSceneInput = {
  name: 'scene',
  type: 'POSITION',
  blindIds: ['00000000-0000-4000-8000-000000000000'],
  position: 100,
  tilt: null,
}

/** checkScene stops at its first broken rule; one check per field reports every field. */
function sceneChecks(scene: SceneInput, i: number): (() => unknown)[] {
  if (scene.type === 'POSITION') {
    const valid = VALID_POSITION
    return [
      () => checkScene({ ...valid, name: scene.name }, i),
      () => checkScene({ ...valid, blindIds: scene.blindIds }, i),
      () => checkScene({ ...valid, position: scene.position, tilt: scene.tilt }, i),
      () => checkScene(scene, i),
    ]
  }
  const valid = VALID_TIMED[scene.type]
  return [
    () => checkScene({ ...valid, name: scene.name }, i),
    () => checkScene({ ...valid, blindAddresses: scene.blindAddresses }, i),
    () => checkScene({ ...valid, duration: scene.duration }, i),
    () => checkScene(scene, i),
  ]
}

export function validateDraft(draft: AutomationDraft, ctx: ValidationContext): FieldErrors {
  const input = toAutomationInput(draft)
  const { trigger } = input
  const errors = collectFieldErrors([
    () => checkName('name', input.name),
    () => trigger.type === 'CRON' && checkCronText('trigger.cron', trigger.cron ?? ''),
    () =>
      trigger.type === 'SUN' &&
      checkIntegerIn(
        'trigger.offsetMinutes',
        trigger.offsetMinutes,
        OFFSET_MINUTES.min,
        OFFSET_MINUTES.max,
      ),
    () => {
      if (trigger.type === 'SUN' && ctx.locationConfigured === false) checkSunLocation(false)
    },
    () => checkSceneCount(input.scene.length),
    ...input.scene.flatMap(sceneChecks),
  ])
  return friendlyErrors(errors, draft)
}

/** `scene[2].blindAddresses[0]` is shown at scene 3's address picker, a blind id at its blinds. */
export function fieldKey(field: string): string {
  return field.replace(/^(scene\[\d+\]\.(?:blindAddresses|blindIds))\[\d+\]$/, '$1')
}

const SHOWN_FIELD =
  /^(?:name|scene|trigger\.(?:type|cron|sunEvent|offsetMinutes)|scene\[(\d+)\]\.(?:name|type|duration|blindAddresses|blindIds|position|tilt))$/

/** Whether the form has a place for an error at this field key. */
export function isShownField(key: string, sceneCount: number): boolean {
  const match = SHOWN_FIELD.exec(key)
  return match !== null && (match[1] === undefined || Number(match[1]) < sceneCount)
}

/** The hub's answer about a field the form shows, as field errors; otherwise null. */
export function serverFieldErrors(err: unknown, draft: AutomationDraft): FieldErrors | null {
  const errors = fieldErrorFrom(err)
  if (!errors) return null
  const shown: FieldErrors = {}
  for (const [field, message] of Object.entries(errors)) {
    const key = fieldKey(field)
    if (!isShownField(key, draft.scenes.length)) return null
    shown[key] = message
  }
  return friendlyErrors(shown, draft)
}

/** Seconds as the duration field takes them: no thousands separator ("86400", "0,1"). */
const seconds = (ms: number) => localNumber(ms / 1000, { grouping: false })

/**
 * The hub counts durations in milliseconds and names scene types by their enum; the form asks
 * for seconds and says "blind", so those two rules are worded for the form. The limits stay
 * the hub's.
 */
function friendlyErrors(errors: FieldErrors, draft: AutomationDraft): FieldErrors {
  const friendly: FieldErrors = {}
  const { t } = translateNow()
  for (const [key, message] of Object.entries(errors)) {
    const scene = /^scene\[(\d+)\]\.(duration|blindAddresses|blindIds|position|tilt)$/.exec(key)
    const type = scene ? draft.scenes[Number(scene[1])]?.type : undefined
    const timed = type === 'POSITION' ? undefined : type
    if (scene && timed && scene[2] === 'duration' && /^Must be an integer/.test(message)) {
      const { min, max } = DURATION_LIMITS[timed]
      friendly[key] =
        type === 'DELAY'
          ? t(m.enterSecondsHours, {
              min: seconds(min),
              max: seconds(max),
              hours: max / 3_600_000,
            })
          : t(m.enterSeconds, { min: seconds(min), max: seconds(max) })
    } else if (scene && scene[2] === 'blindAddresses' && /^Must list at least one/.test(message)) {
      friendly[key] = t(m.tickOne)
    } else if (scene && scene[2] === 'blindAddresses' && /^Must list at most/.test(message)) {
      friendly[key] = t(m.tickMovements, { max: ADDRESSES_MAX })
    } else if (scene && scene[2] === 'blindIds' && /^Must list at least one/.test(message)) {
      friendly[key] = t(m.tickOne)
    } else if (scene && scene[2] === 'blindIds' && /^Must list at most/.test(message)) {
      friendly[key] = t(m.tickBlinds, { max: SCENE_BLINDS_MAX })
    } else if (scene && scene[2] === 'position' && /^Or tilt must be given/.test(message)) {
      friendly[key] = t(m.positionOrSlats)
    } else if (
      scene &&
      /^(position|tilt)$/.test(scene[2]!) &&
      /^Must be an integer/.test(message)
    ) {
      friendly[key] = t(m.wholePercent)
    } else {
      friendly[key] = message
    }
  }
  return friendly
}
