import { describe, expect, it } from 'vitest'
import { toHex } from './hex'
import { decodeTcpResponse, encodeReadRequest, isTcpException, mbapFrame } from './modbus-tcp'
import { exceptionError } from './protocol-error'
import {
  decodeCommon,
  decodeInverter,
  decodeMppt,
  discoverModels,
  type ModelBlock,
} from './sunspec'
import { answerTcpRequest, inverterImage, type InverterReading } from './sunspec-inverter'

const noon: InverterReading = {
  acPowerW: 7432,
  dcPowerW: 7690,
  lifetimeWh: 23_456_789,
  state: 'MPPT',
  acVoltageV: 231.4,
  acFrequencyHz: 50.01,
  mppt: [
    { dcVoltageV: 612.3, dcCurrentA: 6.54, dcPowerW: 4005, lifetimeWh: 12_000_123 },
    { dcVoltageV: 598.7, dcCurrentA: 6.15, dcPowerW: 3685, lifetimeWh: 11_456_666 },
  ],
}

/** The hub's view of an image: every read a 0x03 frame answered by `answerTcpRequest`. */
function client(image: Map<number, number>) {
  let transactionId = 0
  const read = async (address: number, count: number): Promise<number[]> => {
    transactionId++
    const request = encodeReadRequest({ transactionId, unit: 1, address, count })
    const response = decodeTcpResponse(answerTcpRequest(request, (at) => image.get(at)))
    expect(response.transactionId).toBe(transactionId)
    if (isTcpException(response)) throw exceptionError(1, response.fn, response.exception)
    return response.registers
  }
  const readBlock = (block: ModelBlock): Promise<number[]> => read(block.address, block.length)
  return { read, readBlock }
}

async function readBack(image: Map<number, number>) {
  const { read, readBlock } = client(image)
  const { base, models } = await discoverModels(read)
  const block = (id: number): ModelBlock => models.find((m) => m.id === id)!
  const inverterId = models.find((m) => m.id === 103 || m.id === 113)!.id
  return {
    base,
    models,
    common: decodeCommon(await readBlock(block(1))),
    inverter: decodeInverter(inverterId, await readBlock(block(inverterId))),
    mppt: block(160) ? decodeMppt(await readBlock(block(160))) : undefined,
  }
}

describe('the emulated inverter', () => {
  it('is read back as the reading it was built from (103 and 160)', async () => {
    const back = await readBack(inverterImage({ serial: 'LAM-0001', reading: noon }))
    expect(back.base).toBe(40000)
    expect(back.models).toEqual([
      { id: 1, address: 40004, length: 66 },
      { id: 103, address: 40072, length: 50 },
      { id: 160, address: 40124, length: 48 },
    ])
    expect(back.common).toEqual({
      manufacturer: 'Lamella',
      model: 'Emulated inverter',
      options: null,
      version: '1.0',
      serial: 'LAM-0001',
      deviceAddress: 1,
    })
    expect(back.inverter).toEqual({
      phases: 3,
      acPowerW: 7432,
      acCurrentA: 32.12, // 7432 W / 231.4 V, to the A_SF of -2
      acVoltageV: 231.4,
      acFrequencyHz: 50.01,
      dcPowerW: 7690,
      dcVoltageV: 605.5, // the trackers' mean
      dcCurrentA: 12.69, // the trackers' sum
      lifetimeWh: 23_456_789,
      cabinetTempC: null,
      state: 'MPPT',
    })
    expect(back.mppt!.modules).toEqual(
      noon.mppt.map((tracker, i) => ({
        id: i + 1,
        label: `MPPT ${i + 1}`,
        ...tracker,
        temperatureC: null,
        state: 'MPPT',
      })),
    )
  })

  it('is read back from float32 (113), without a 160', async () => {
    const back = await readBack(inverterImage({ serial: 'F', float: true, reading: noon }))
    expect(back.models.map((m) => [m.id, m.length])).toEqual([
      [1, 66],
      [113, 60],
    ])
    expect(back.mppt).toBeUndefined()
    expect(back.inverter).toMatchObject({
      phases: 3,
      acPowerW: 7432,
      acVoltageV: 231.4,
      acFrequencyHz: 50.01,
      dcPowerW: 7690,
      state: 'MPPT',
    })
    // A float32 holds whole numbers exactly up to 2^24: above 16.7 MWh it counts in 2 Wh steps.
    expect(back.inverter.lifetimeWh).toBe(23_456_788)
    const small = await readBack(
      inverterImage({ serial: 'F', float: true, reading: { ...noon, lifetimeWh: 16_777_215 } }),
    )
    expect(small.inverter.lifetimeWh).toBe(16_777_215)
  })

  it('shows a lifetime counter of 0 as not accumulated, as inverters do at night', async () => {
    const night: InverterReading = {
      ...noon,
      acPowerW: 0,
      dcPowerW: 0,
      lifetimeWh: 0,
      state: 'SLEEPING',
      mppt: noon.mppt.map((t) => ({ ...t, dcCurrentA: 0, dcPowerW: 0, lifetimeWh: 0 })),
    }
    const back = await readBack(inverterImage({ serial: 'N', reading: night }))
    expect(back.inverter).toMatchObject({ acPowerW: 0, lifetimeWh: null, state: 'SLEEPING' })
    expect(back.mppt!.modules.map((m) => m.lifetimeWh)).toEqual([null, null])
  })

  it('scales a counter past 32 bits and a power past int16 with positive scale factors', async () => {
    const big: InverterReading = { ...noon, acPowerW: 45_678, lifetimeWh: 5_000_000_123 }
    const image = inverterImage({ serial: 'B', reading: big })
    const back = await readBack(image)
    expect(back.inverter.acPowerW).toBe(45_680) // W_SF 1: tens of W
    expect(back.inverter.lifetimeWh).toBe(5_000_000_120) // WH_SF 1: tens of Wh
    expect(image.get(40072 + 13)).toBe(1) // W_SF
    expect(image.get(40072 + 24)).toBe(1) // WH_SF
  })

  it.each([0, 50000])('is found at base %i', async (base) => {
    const back = await readBack(inverterImage({ base, serial: 'S', reading: noon }))
    expect(back.base).toBe(base)
    expect(back.inverter.acPowerW).toBe(7432)
  })

  it('refuses a serial longer than model 1 holds, and an image past register 65535', () => {
    expect(() => inverterImage({ serial: 'X'.repeat(33), reading: noon })).toThrow(
      'at most 32 characters',
    )
    expect(() => inverterImage({ base: 65500, serial: 'S', reading: noon })).toThrow(
      'does not fit from 65500',
    )
  })
})

describe('answerTcpRequest', () => {
  const image = inverterImage({ serial: 'LAM-0001', reading: noon })
  const read = (address: number): number | undefined => image.get(address)
  const last = Math.max(...image.keys())

  it('answers a whole model block in one read', () => {
    const request = encodeReadRequest({ transactionId: 9, unit: 1, address: 40072, count: 50 })
    const response = decodeTcpResponse(answerTcpRequest(request, read))
    expect(response).toMatchObject({ transactionId: 9, fn: 3 })
    expect(isTcpException(response) ? [] : response.registers).toHaveLength(50)
  })

  it('answers exception 0x02 for a read that runs one register past the end model', () => {
    const request = encodeReadRequest({ transactionId: 1, unit: 1, address: last - 1, count: 3 })
    expect(toHex(answerTcpRequest(request, read))).toBe('00 01 00 00 00 03 01 83 02')
    const fits = encodeReadRequest({ transactionId: 1, unit: 1, address: last - 1, count: 2 })
    expect(decodeTcpResponse(answerTcpRequest(fits, read))).toEqual({
      transactionId: 1,
      unit: 1,
      fn: 3,
      registers: [0xffff, 0],
    })
  })

  it('answers exception 0x01 to a write, keeping the transaction id and unit', () => {
    const write = mbapFrame(0x0102, 7, [0x10, 0x9c, 0x40, 0, 1, 2, 0, 5])
    expect(toHex(answerTcpRequest(write, read))).toBe('01 02 00 00 00 03 07 90 01')
    const flagged = mbapFrame(3, 1, [0x83, 0x9c, 0x40, 0, 2])
    expect(toHex(answerTcpRequest(flagged, read))).toBe('00 03 00 00 00 03 01 83 01')
  })

  it('throws for bytes that are not a Modbus TCP frame', () => {
    expect(() => answerTcpRequest(new Uint8Array([1, 2, 3]), read)).toThrow('truncated frame')
    expect(() => answerTcpRequest(mbapFrame(1, 1, [0x80, 0, 0]), read)).toThrow(
      'unknown function 0x80',
    )
  })
})
