// A feature of the hub that runs (the bus, positions, the engine, MQTT, ...): hub/app.ts lists
// them once, in the order they start; they stop in the reverse order, so what a module relies
// on is still there while it winds down (the bus's all-off reaches browsers, positions go to
// disk after the last relay is off).
import { systemClock, type Clock, type ClockTimer } from './clock/clock'

export interface HubModule {
  readonly name: string
  /** Absent for a module that starts only once the hub listens. */
  start?(): void | Promise<void>
  stop(): void | Promise<void>
  /** Once the hub listens (a module that needs the port, say for a link to the UI). */
  listening?(): void
}

/** Starts them in order; when one fails, those already started stop again before it throws. */
export async function startModules(
  modules: readonly HubModule[],
  failed: (name: string, err: unknown) => void,
): Promise<void> {
  for (const [i, m] of modules.entries()) {
    try {
      await m.start?.()
    } catch (err) {
      await stopModules(modules.slice(0, i), failed)
      throw err
    }
  }
}

/** Stops them last-started first; one that fails does not keep the others running. */
export async function stopModules(
  modules: readonly HubModule[],
  failed: (name: string, err: unknown) => void,
): Promise<void> {
  for (const m of [...modules].reverse()) {
    try {
      await m.stop()
    } catch (err) {
      failed(m.name, err)
    }
  }
}

/** A module of a setInterval: `every` runs once now and then every `ms`. */
export function intervalModule(
  name: string,
  ms: number,
  every: () => void,
  clock: Clock = systemClock,
): HubModule {
  let timer: ClockTimer | undefined
  return {
    name,
    start() {
      every()
      timer = clock.setInterval(every, ms)
      timer.unref()
    },
    stop() {
      clock.clear(timer)
    },
  }
}
