// The editor's state: an automation as the form holds it (text as typed, durations in
// seconds) and the conversion to the hub's AutomationInput (durations in milliseconds).
import { translateNow } from '../../i18n/intl-locale'
import type { Message } from '../../i18n/messages'
import { sceneMessages } from './automation.messages'
import type {
  Automation,
  AutomationInput,
  Scene,
  SceneInput,
  SceneType,
  SunEvent,
  TriggerType,
} from '../../api/types'

export interface SceneDraft {
  /** Stable across reordering, so React keeps each scene's inputs and focus. */
  key: string
  name: string
  type: SceneType
  /** Seconds as typed: "1.5" or "1,5". */
  seconds: string
  /** Kept while the type is DELAY so switching back restores the choice; sent only for BLIND_CONTROL. */
  addresses: string[]
  /** POSITION: the blinds it moves. Kept across type changes, like the addresses. */
  blindIds: string[]
  /** POSITION: percent open as typed; '' when only the slats turn. */
  position: string
  /** POSITION: the slats' percent open as typed; null when the scene leaves them be. */
  tilt: string | null
}

export interface TriggerDraft {
  type: TriggerType
  cron: string
  sunEvent: SunEvent
  /** Minutes as typed. */
  offset: string
  enabled: boolean
}

export interface AutomationDraft {
  name: string
  trigger: TriggerDraft
  scenes: SceneDraft[]
}

const DEFAULT_SCENE_NAME: Record<SceneType, Message> = {
  POSITION: sceneMessages.nameSetPosition,
  BLIND_CONTROL: sceneMessages.nameMoveBlinds,
  DELAY: sceneMessages.nameWait,
}

/** A new scene's name, in the language shown: "Set position", "Move blinds", "Wait". */
export function defaultSceneName(type: SceneType): string {
  return translateNow().t(DEFAULT_SCENE_NAME[type])
}
const DEFAULT_SECONDS = '60'
/** A new POSITION scene opens the blinds fully, the first of its presets. */
const DEFAULT_POSITION = '100'

let nextKey = 0
const sceneKey = () => `scene-${++nextKey}`

/** A new scene: by default one that takes blinds to a position, which needs no guessing. */
export function newSceneDraft(type: SceneType = 'POSITION'): SceneDraft {
  return {
    key: sceneKey(),
    name: defaultSceneName(type),
    type,
    seconds: DEFAULT_SECONDS,
    addresses: [],
    blindIds: [],
    position: DEFAULT_POSITION,
    tilt: null,
  }
}

/** A new automation: manual, with one position scene. */
export function newAutomationDraft(): AutomationDraft {
  return {
    name: '',
    trigger: { type: 'MANUAL', cron: '', sunEvent: 'SUNRISE', offset: '0', enabled: true },
    scenes: [newSceneDraft()],
  }
}

export function msToSeconds(ms: number): string {
  return String(ms / 1000)
}

/** Seconds as typed to whole milliseconds; NaN when the text is no number. */
export function secondsToMs(seconds: string): number {
  const text = seconds.trim().replace(',', '.')
  return text === '' ? NaN : Math.round(Number(text) * 1000)
}

/** Percent as typed ("40", "40 %"); NaN when the text is no number. */
export function parsePercent(text: string): number {
  const trimmed = text.trim().replace(/\s*%$/, '')
  return trimmed === '' ? NaN : Number(trimmed)
}

/** Minutes as typed; NaN when the text is no number. */
export function parseOffset(offset: string): number {
  const text = offset.trim().replace('\u2212', '-')
  return text === '' ? 0 : Number(text)
}

export function draftFromAutomation(automation: Automation): AutomationDraft {
  const { trigger } = automation
  return {
    name: automation.name,
    trigger: {
      type: trigger.type,
      cron: trigger.cron ?? '',
      sunEvent: trigger.sunEvent ?? 'SUNRISE',
      offset: String(trigger.offsetMinutes),
      enabled: trigger.enabled,
    },
    scenes: [...automation.scene].sort((a, b) => a.index - b.index).map(sceneDraftOf),
  }
}

function sceneDraftOf(scene: Scene): SceneDraft {
  const positioned = scene.type === 'POSITION'
  return {
    key: sceneKey(),
    name: scene.name,
    type: scene.type,
    // A POSITION scene's duration is the hub's estimate; a type change starts from the default.
    seconds: positioned ? DEFAULT_SECONDS : msToSeconds(scene.duration),
    addresses: [...scene.blindAddresses],
    blindIds: [...scene.blindIds],
    position: positioned
      ? scene.position === null
        ? ''
        : String(scene.position)
      : DEFAULT_POSITION,
    tilt: positioned && scene.tilt !== null ? String(scene.tilt) : null,
  }
}

/** One scene as the hub takes it: a POSITION scene has no duration, the others no blinds. */
function sceneInputOf(scene: SceneDraft): SceneInput {
  const name = scene.name.trim()
  if (scene.type === 'POSITION') {
    return {
      name,
      type: 'POSITION',
      blindIds: scene.blindIds,
      position: scene.position.trim() === '' ? null : parsePercent(scene.position),
      tilt: scene.tilt === null ? null : parsePercent(scene.tilt),
    }
  }
  return {
    name,
    type: scene.type,
    duration: secondsToMs(scene.seconds),
    blindAddresses: scene.type === 'BLIND_CONTROL' ? scene.addresses : [],
  }
}

/** What the hub is sent: only the fields of the chosen trigger type, durations in ms. */
export function toAutomationInput(draft: AutomationDraft): AutomationInput {
  const { trigger } = draft
  return {
    name: draft.name.trim(),
    trigger: {
      type: trigger.type,
      cron: trigger.type === 'CRON' ? trigger.cron.trim().replace(/\s+/g, ' ') : null,
      sunEvent: trigger.type === 'SUN' ? trigger.sunEvent : null,
      offsetMinutes: trigger.type === 'SUN' ? parseOffset(trigger.offset) : 0,
      // A manual automation has no schedule to switch off.
      enabled: trigger.type === 'MANUAL' ? true : trigger.enabled,
    },
    scene: draft.scenes.map(sceneInputOf),
  }
}
