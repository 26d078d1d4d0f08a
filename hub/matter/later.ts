// The Matter bridge as the hub holds it: loading matter.js takes seconds on a Pi (4 s measured
// here, cold), so the bridge is imported and started in the background once the hub listens,
// and the web UI never waits for it. Until it runs, admins see Matter on and its codes coming.
// This file imports nothing of matter.js; hub/matter/bridge is loaded by import() only here.
import type { MatterBridge, MatterDeps } from './bridge'
import { conflict } from '../errors'
import { MATTER_OFF } from './storage'
import type { MatterAdmin, MatterStatus } from './status'

const STARTING: MatterStatus = Object.freeze({ ...MATTER_OFF, enabled: true })

/** A module of the hub (hub/module): it loads once the hub listens, and stops before the bus. */
export interface LaterMatter extends MatterAdmin {
  readonly name: 'matter'
  /** Loads and starts the bridge in the background (a failure is logged). */
  listening(): void
  /** Waits for a start under way, then stops the bridge. */
  stop(): Promise<void>
}

export function matterLater(deps: MatterDeps): LaterMatter {
  let bridge: MatterBridge | null = null
  let starting: Promise<void> | null = null
  let stopped = false
  const running = (): MatterBridge => {
    if (!bridge) {
      throw conflict('The Matter bridge is still starting; try again in a moment', undefined, {
        reason: 'MATTER_STARTING',
      })
    }
    return bridge
  }
  const load = () => {
    starting ??= (async () => {
      try {
        const { createMatterBridge } = await import('./bridge')
        if (stopped) return
        const made = createMatterBridge(deps)
        await made.start()
        bridge = made
        if (stopped) await made.stop()
      } catch (err) {
        deps.log.error({ err }, 'the Matter bridge could not start')
      }
    })()
    return starting
  }
  return {
    name: 'matter',
    listening: () => void load(),
    async stop() {
      stopped = true
      await starting
      const current = bridge
      bridge = null
      await current?.stop()
    },
    status: () => bridge?.status() ?? STARTING,
    openPairing: () => running().openPairing(),
    forgetPairings: () => running().forgetPairings(),
  }
}
