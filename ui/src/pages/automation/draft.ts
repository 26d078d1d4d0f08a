// The editor's state: an automation as the form holds it (text as typed, durations in
// seconds) and the conversion to the hub's AutomationInput (durations in milliseconds).
import type { Automation, AutomationInput, SceneType, SunEvent, TriggerType } from '../../api/types'

export interface SceneDraft {
  /** Stable across reordering, so React keeps each scene's inputs and focus. */
  key: string
  name: string
  type: SceneType
  /** Seconds as typed: "1.5" or "1,5". */
  seconds: string
  /** Kept while the type is DELAY so switching back restores the choice; sent only for BLIND_CONTROL. */
  addresses: string[]
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

export const DEFAULT_SCENE_NAME: Record<SceneType, string> = {
  BLIND_CONTROL: 'Move blinds',
  DELAY: 'Wait',
}
const DEFAULT_SECONDS = '60'

let nextKey = 0
const sceneKey = () => `scene-${++nextKey}`

export function newSceneDraft(type: SceneType = 'BLIND_CONTROL'): SceneDraft {
  return {
    key: sceneKey(),
    name: DEFAULT_SCENE_NAME[type],
    type,
    seconds: DEFAULT_SECONDS,
    addresses: [],
  }
}

/** A new automation: manual, with one blind-control scene. */
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
    scenes: [...automation.scene]
      .sort((a, b) => a.index - b.index)
      .map((scene) => ({
        key: sceneKey(),
        name: scene.name,
        type: scene.type,
        seconds: msToSeconds(scene.duration),
        addresses: [...scene.blindAddresses],
      })),
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
    scene: draft.scenes.map((scene) => ({
      name: scene.name.trim(),
      type: scene.type,
      duration: secondsToMs(scene.seconds),
      blindAddresses: scene.type === 'BLIND_CONTROL' ? scene.addresses : [],
    })),
  }
}
