// Reads the weather sensors on the RS-485 bus, each at its own interval, never two reads of one
// sensor at once. Reads go to the line after every waiting relay frame (Transport.read), so a
// gust reading never holds a blind back. Each outcome goes to `reading` or `failed`; what a
// reading means (a gust, a lock) is decided elsewhere (hub/weather/service.ts).
import { registerValue } from '../../firmware-protocol/register-value'
import type { Request, Response } from '../../firmware-protocol/rtu'
import type { WeatherSensorSpec } from '../validation/weather'

export interface PolledSensor extends WeatherSensorSpec {
  id: string
}

export interface PollerDeps {
  /** The bus's read for sensors (Transport.read). */
  read(request: Request): Promise<Response>
  reading(sensorId: string, value: number, at: number): void
  failed(sensorId: string, error: string, at: number): void
  now: () => number
}

export class SensorPoller {
  private readonly timers = new Map<string, NodeJS.Timeout>()
  /** Grows with each follow() and stop(): a read begun before answers to nobody. */
  private generation = 0

  constructor(private readonly deps: PollerDeps) {}

  /** Polls exactly these sensors from now on (a changed sensor starts again). */
  follow(sensors: readonly PolledSensor[]): void {
    this.stop()
    const generation = this.generation
    for (const sensor of sensors) {
      if (sensor.source.kind === 'BUS') this.schedule(sensor, 0, generation)
    }
  }

  stop(): void {
    this.generation++
    for (const timer of this.timers.values()) clearTimeout(timer)
    this.timers.clear()
  }

  private schedule(sensor: PolledSensor, delayMs: number, generation: number): void {
    const timer = setTimeout(() => void this.poll(sensor, generation), delayMs)
    timer.unref()
    this.timers.set(sensor.id, timer)
  }

  private async poll(sensor: PolledSensor, generation: number): Promise<void> {
    const { source } = sensor
    if (source.kind !== 'BUS') return
    const current = () => generation === this.generation
    const started = performance.now()
    try {
      const response = await this.deps.read({
        unit: source.unit,
        fn: source.function,
        address: source.register,
        quantity: 1,
      })
      if (!('registers' in response) || response.registers.length !== 1) {
        throw new Error(`unit ${source.unit} answered something other than one register`)
      }
      const value = registerValue(response.registers[0]!, source)
      if (current()) this.deps.reading(sensor.id, value, this.deps.now())
    } catch (err) {
      if (current()) this.deps.failed(sensor.id, (err as Error).message, this.deps.now())
    }
    if (!current()) return
    // Every pollMs from the start of the last read; a slow read is followed at once.
    const left = sensor.pollMs - (performance.now() - started)
    this.schedule(sensor, Math.max(0, left), generation)
  }
}
