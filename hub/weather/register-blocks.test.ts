import { describe, expect, it } from 'vitest'
import { MAX_READ_REGISTERS } from '../../firmware-protocol/rtu'
import { BLOCK_REGISTERS, registerBlocks, type PolledSensor } from './register-blocks'

function onBus(id: string, register: number, unit = 10, fn: 3 | 4 = 3): PolledSensor {
  return {
    id,
    name: id,
    kind: 'WIND',
    pollMs: 1000,
    source: { kind: 'BUS', unit, function: fn, register, scale: 0.1, signed: false },
  }
}

const shapes = (sensors: PolledSensor[]) =>
  registerBlocks(sensors).map((b) => ({
    unit: b.unit,
    fn: b.function,
    address: b.address,
    quantity: b.quantity,
    ids: b.sensors.map((s) => s.id),
  }))

describe('register blocks', () => {
  it('reads registers of one unit and function that span at most 16 as one block', () => {
    expect(BLOCK_REGISTERS).toBe(16)
    expect(BLOCK_REGISTERS).toBeLessThanOrEqual(MAX_READ_REGISTERS)
    expect(shapes([onBus('temperature', 2), onBus('wind', 0), onBus('rain', 1)])).toEqual([
      { unit: 10, fn: 3, address: 0, quantity: 3, ids: ['wind', 'rain', 'temperature'] },
    ])
    expect(shapes([onBus('low', 100), onBus('high', 115)])).toEqual([
      { unit: 10, fn: 3, address: 100, quantity: 16, ids: ['low', 'high'] },
    ])
  })

  it('begins a new block at the first register beyond 16 from the block’s lowest', () => {
    expect(shapes([onBus('a', 0), onBus('b', 10), onBus('c', 16), onBus('d', 20)])).toEqual([
      { unit: 10, fn: 3, address: 0, quantity: 11, ids: ['a', 'b'] },
      { unit: 10, fn: 3, address: 16, quantity: 5, ids: ['c', 'd'] },
    ])
  })

  it('keeps two sensors of one register in one block', () => {
    expect(shapes([onBus('m/s', 0), onBus('tenths', 0)])).toEqual([
      { unit: 10, fn: 3, address: 0, quantity: 1, ids: ['m/s', 'tenths'] },
    ])
  })

  it('keeps units and functions apart, and leaves MQTT sensors out', () => {
    const mqtt: PolledSensor = {
      ...onBus('mqtt', 0),
      source: { kind: 'MQTT', topic: 'garden/wind', scale: 1 },
    }
    expect(shapes([onBus('a', 0), onBus('b', 1, 11), onBus('c', 1, 10, 4), mqtt])).toEqual([
      { unit: 10, fn: 3, address: 0, quantity: 1, ids: ['a'] },
      { unit: 11, fn: 3, address: 1, quantity: 1, ids: ['b'] },
      { unit: 10, fn: 4, address: 1, quantity: 1, ids: ['c'] },
    ])
  })
})
