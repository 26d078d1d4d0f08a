// What an automation, its scenes and its runs are, as the repository and the API give them: a
// leaf, so the row assembly and the run records below the repository can name them.
import type { SceneType, Trigger } from '../validation/automation'

export interface Scene {
  id: string
  name: string
  type: SceneType
  index: number
  duration: number
  blindAddresses: string[]
  blindIds: string[]
  position: number | null
  tilt: number | null
}

export interface Automation {
  id: string
  name: string
  isFavorite: boolean
  trigger: Trigger
  scene: Scene[]
}

export interface AutomationRun {
  id: string
  automationId: string
  status: 'RUNNING' | 'SUCCEEDED' | 'FAILED' | 'CANCELLED'
  source: string
  startedAt: string
  finishedAt: string | null
  sceneIndex: number | null
  error: string | null
}
