// Reads the weather sensors on the RS-485 bus in blocks (register-blocks.ts): each block always by
// the same request, never two reads of one block at once, each sensor at its own interval. Reads
// go to the line after every waiting relay frame (Transport.read), so a gust reading never holds a
// blind back. Each sensor's outcome goes to `reading` or `failed`; what a reading means (a gust,
// a lock) is decided elsewhere (hub/weather/service.ts).
import { systemClock, type Clock, type ClockTimer } from '../clock/clock'
import { registerValue } from '../../firmware-protocol/register-value'
import type { Request, Response } from '../../firmware-protocol/rtu'
import {
  registerBlocks,
  type BusSensor,
  type PolledSensor,
  type RegisterBlock,
} from './register-blocks'

export type { PolledSensor } from './register-blocks'

/**
 * Each sensor keeps its own pollMs: a block is read when one of its sensors is due, and the
 * reading goes to the sensors due by then. The other sensors' registers came with it, but a
 * sensor handed readings faster than its poll would also confirm rain or frost sooner (two reads
 * in a row, readings.ts). So a sensor not yet due takes the reading only if it comes due within
 * this share of the shorter of its own poll and the shortest poll due now: reads that drifted
 * apart by a relay frame or a slow answer fall in step again instead of costing a frame each,
 * and no sensor is read more than a quarter of a poll early (a 10 s rain sensor beside a 1 s
 * anemometer at most 250 ms early, never every 5 s).
 */
const IN_STEP_SHARE = 0.25

export interface PollerDeps {
  /** Its timers (default the system's). */
  clock?: Clock
  /** The bus's read for sensors (Transport.read). */
  read(request: Request): Promise<Response>
  reading(sensorId: string, value: number, at: number): void
  failed(sensorId: string, error: string, at: number): void
  now: () => number
}

interface Member {
  sensor: BusSensor
  /** When it is next to be read (the clock's monotonic ms); 0 for at once. */
  dueAt: number
}

interface PolledBlock {
  block: RegisterBlock
  members: Member[]
  timer: ClockTimer | null
}

export class SensorPoller {
  private blocks: PolledBlock[] = []
  /** Grows with each follow() and stop(): a read begun before answers to nobody. */
  private generation = 0

  private get clock(): Clock {
    return this.deps.clock ?? systemClock
  }

  constructor(private readonly deps: PollerDeps) {}

  /** Polls exactly these sensors from now on, in blocks made anew (each read at once). */
  follow(sensors: readonly PolledSensor[]): void {
    this.stop()
    const generation = this.generation
    this.blocks = registerBlocks(sensors).map((block) => ({
      block,
      members: block.sensors.map((sensor) => ({ sensor, dueAt: 0 })),
      timer: null,
    }))
    for (const polled of this.blocks) this.schedule(polled, 0, generation)
  }

  stop(): void {
    this.generation++
    for (const { timer } of this.blocks) if (timer) this.clock.clear(timer)
    this.blocks = []
  }

  private schedule(polled: PolledBlock, delayMs: number, generation: number): void {
    polled.timer = this.clock.setTimeout(() => void this.poll(polled, generation), delayMs)
    polled.timer.unref()
  }

  private async poll(polled: PolledBlock, generation: number): Promise<void> {
    const { block, members } = polled
    const current = () => generation === this.generation
    const started = this.clock.monotonic()
    const due = dueMembers(members, started)
    try {
      const registers = await this.readBlock(block)
      const values = due.map(({ sensor }) =>
        registerValue(registers[sensor.source.register - block.address]!, sensor.source),
      )
      if (current()) {
        const at = this.deps.now()
        due.forEach(({ sensor }, i) => this.deps.reading(sensor.id, values[i]!, at))
      }
    } catch (err) {
      if (current()) {
        const at = this.deps.now()
        for (const { sensor } of due) this.deps.failed(sensor.id, (err as Error).message, at)
      }
    }
    if (!current()) return
    // Each sensor read again pollMs from the start of this read; a slow read is followed at once.
    for (const member of due) member.dueAt = started + member.sensor.pollMs
    const next = Math.min(...members.map((m) => m.dueAt))
    this.schedule(polled, Math.max(0, next - this.clock.monotonic()), generation)
  }

  /** The block's registers, by its one request; an answer with another count is never used. */
  private async readBlock(block: RegisterBlock): Promise<number[]> {
    const { unit, address, quantity } = block
    const response = await this.deps.read({ unit, fn: block.function, address, quantity })
    if (!('registers' in response) || response.registers.length !== quantity) {
      const asked =
        quantity === 1 ? `register ${address}` : `registers ${address}-${address + quantity - 1}`
      throw new Error(`unit ${unit} answered something other than ${asked}`)
    }
    return response.registers
  }
}

/**
 * The members a read starting `now` serves: those due (the earliest always: a timer may fire a
 * hair early) and those nearly due (IN_STEP_SHARE).
 */
function dueMembers(members: readonly Member[], now: number): Member[] {
  const by = Math.max(now, Math.min(...members.map((m) => m.dueAt)))
  const shortest = Math.min(...members.filter((m) => m.dueAt <= by).map((m) => m.sensor.pollMs))
  return members.filter((m) => m.dueAt - by <= IN_STEP_SHARE * Math.min(m.sensor.pollMs, shortest))
}
