// Which bus sensors are read together (ARCHITECTURE.md section 18): sensors of one unit and one
// function whose registers span at most 16 form a block, read always by the same request, from
// its lowest register as many as it spans. Modbus RTU has no transaction id: read one by one, a
// unit's registers are answered alike (one word each), and a late answer taken for the next
// read's hands the rain sensor the thermometer's word. A block's answer carries each of its
// registers in its place, so they cannot be shuffled among its sensors; and the bus carries fewer
// frames. Two blocks of one unit (registers far apart) may still ask for as many words: telling
// their answers apart is the transport's (it waits out a late answer, hub/bus/transport.ts).
import { MAX_READ_REGISTERS } from '../../firmware-protocol/rtu'
import type { WeatherSensorSpec } from '../validation/weather'

/** Most registers a block spans, lowest to highest; well below the 125 one read may ask for. */
export const BLOCK_REGISTERS = Math.min(16, MAX_READ_REGISTERS)

export interface PolledSensor extends WeatherSensorSpec {
  id: string
}

/** A sensor read from the bus, its source narrowed to the bus's. */
export type BusSensor = PolledSensor & { source: Extract<PolledSensor['source'], { kind: 'BUS' }> }

export interface RegisterBlock {
  unit: number
  function: 3 | 4
  /** The lowest register of its sensors: the request's address. */
  address: number
  /** From the lowest register to the highest: the request's count. */
  quantity: number
  /** By register; two sensors may read the same register (with their own scale). */
  sensors: BusSensor[]
}

/**
 * The blocks the bus sensors among `sensors` are read in: for each unit and function, from the
 * lowest register up, a block takes every sensor within BLOCK_REGISTERS of its first, and the
 * next sensor begins the next block (the fewest blocks that cover them).
 */
export function registerBlocks(sensors: readonly PolledSensor[]): RegisterBlock[] {
  const bus = sensors.filter((s): s is BusSensor => s.source.kind === 'BUS')
  const byLine = new Map<string, BusSensor[]>()
  for (const sensor of bus) {
    const key = `${sensor.source.unit}:${sensor.source.function}`
    byLine.set(key, [...(byLine.get(key) ?? []), sensor])
  }
  const blocks: RegisterBlock[] = []
  for (const group of byLine.values()) {
    const sorted = [...group].sort((a, b) => a.source.register - b.source.register)
    let block: RegisterBlock | null = null
    for (const sensor of sorted) {
      const { unit, function: fn, register } = sensor.source
      if (block && register - block.address < BLOCK_REGISTERS) {
        block.quantity = register - block.address + 1
        block.sensors.push(sensor)
      } else {
        block = { unit, function: fn, address: register, quantity: 1, sensors: [sensor] }
        blocks.push(block)
      }
    }
  }
  return blocks
}
