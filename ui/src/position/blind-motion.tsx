// The last `blind:motion` push of each blind, and the hook that turns it into where the blind
// is now (live-motion.ts), re-rendering a few times a second while it moves. The pushes also
// patch the blindList cache (LiveUpdates); kept here is what a cached blind cannot hold: when
// the browser got the push, and the motion before it (whether the motor starts from rest).
import { createContext, useContext, useEffect, useState, useSyncExternalStore } from 'react'
import type { ReactNode } from 'react'
import type { BlindMotionEvent } from '../../../hub/realtime/events'
import type { Blind } from '../api/types'
import { useHubEvent } from '../realtime/realtime'
import { anchorFromBlind, anchorFromEvent, msLeft, poseAt, type MotionAnchor } from './live-motion'

/** How often a moving blind's picture and time left are redrawn. */
export const MOTION_TICK_MS = 250

/** A push as it arrived. */
interface Pushed {
  event: BlindMotionEvent
  receivedAt: number
}

class MotionPushes {
  private readonly pushes = new Map<string, Pushed>()
  private readonly listeners = new Set<() => void>()

  record(event: BlindMotionEvent, receivedAt: number): void {
    this.pushes.set(event.id, { event, receivedAt })
    this.listeners.forEach((listener) => listener())
  }

  get = (id: string): Pushed | undefined => this.pushes.get(id)

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
}

const PushesContext = createContext<MotionPushes | null>(null)

/** Keeps the last push of every blind this session sees. */
export function BlindMotionProvider({ children }: { children: ReactNode }) {
  const [pushes] = useState(() => new MotionPushes())
  useHubEvent('blind:motion', (event) => pushes.record(event, Date.now()))
  return <PushesContext.Provider value={pushes}>{children}</PushesContext.Provider>
}

export interface BlindMotion {
  motion: Blind['motion']
  reversing: boolean
  /** Not rounded, so the picture glides; null while not known. */
  position: number | null
  tilt: number | null
  target: number | null
  /** Until it arrives; null when it is not moving. */
  msLeft: number | null
}

/** Where `blind` is now, live while it moves. */
export function useBlindMotion(blind: Blind): BlindMotion {
  const pushes = useContext(PushesContext)
  const pushed = useSyncExternalStore(pushes?.subscribe ?? noSubscription, () =>
    pushes?.get(blind.id),
  )
  // A push is the better word only while the cache agrees on the motion; otherwise the cache
  // was refreshed since (a command's answer, a reconnect after missed pushes).
  const anchor: MotionAnchor =
    pushed && pushed.event.motion === blind.motion
      ? anchorFromEvent(pushed.event, pushed.receivedAt)
      : anchorFromBlind(blind, Date.now())
  const moving = anchor.motion !== 'IDLE'
  const now = useClock(moving)
  const pose = poseAt(anchor, blind, now)
  return {
    motion: anchor.motion,
    reversing: anchor.reversing,
    position: pose.position,
    tilt: pose.tilt,
    target: anchor.target,
    msLeft: msLeft(anchor, blind, now),
  }
}

const noSubscription = () => () => {}

function useClock(ticking: boolean): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!ticking) return
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), MOTION_TICK_MS)
    return () => clearInterval(timer)
  }, [ticking])
  return ticking ? now : Date.now()
}
