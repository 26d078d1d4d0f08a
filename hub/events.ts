// Events inside the hub process: domain modules emit, the realtime server (and later the
// engine) listen. Each payload says who may see it, so realtime never asks the database.
import { EventEmitter } from 'node:events'
import type {
  AutomationRunEvent,
  BlindMotionEvent,
  BusStatusEvent,
  ChangedEntity,
  PvSampleEvent,
} from './realtime/events'
import type { HolidayState } from './holiday/holiday-state'
import type { HouseLocationState } from './location/location-state'

/** For each user id, the ids of the changed entities that user may see. */
export type Audience = Map<string, string[]>

export interface HubEventMap {
  'data:changed': { entity: ChangedEntity; ids: string[]; audience: Audience }
  /** Sessions that no longer exist: their sockets must go. */
  'sessions:revoked': { tokenHashes: string[] }
  'bus:status': BusStatusEvent
  /** A blind started or stopped; `audience` are the ids of the users who may see it. */
  'blind:motion': { event: BlindMotionEvent; audience: string[] }
  /** A run started, stepped or ended; `audience` may see its automation. */
  'automation:run': { event: AutomationRunEvent; audience: string[] }
  /** After each poll of the PV inverter, and when it goes offline or online: every user. */
  'pv:sample': PvSampleEvent
  /** Holiday mode was switched or its random offset changed (hub/holiday): every user. */
  'holiday:changed': HolidayState
  /** The house's location was set, changed or cleared (hub/location): SUN triggers, shading. */
  'location:changed': HouseLocationState
}

export class HubEvents {
  private readonly emitter = new EventEmitter()

  constructor() {
    this.emitter.setMaxListeners(0)
  }

  /** Subscribes; the returned function unsubscribes. */
  on<K extends keyof HubEventMap>(
    name: K,
    listener: (payload: HubEventMap[K]) => void,
  ): () => void {
    this.emitter.on(name, listener)
    return () => this.emitter.off(name, listener)
  }

  emit<K extends keyof HubEventMap>(name: K, payload: HubEventMap[K]): void {
    this.emitter.emit(name, payload)
  }
}
