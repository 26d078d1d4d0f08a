import { describe, expect, it } from 'vitest'
import { decodeTcpResponse, encodeReadRequest, isTcpException } from './modbus-tcp'
import { exceptionError } from './protocol-error'
import {
  decodeCommon,
  decodeInverter,
  decodeMeter,
  decodeMppt,
  decodePoint,
  discoverModels,
  encodePoint,
  isInverterModel,
  isMeterModel,
  scaled,
  SunSpecError,
  type ModelBlock,
  type PointType,
} from './sunspec'
import { answerTcpRequest } from './sunspec-inverter'
import vectorFile from './sunspec-vectors.json'

interface RegisterSegment {
  start: number
  words: string[]
}

interface DeviceVector {
  name: string
  note?: string
  registers: RegisterSegment[]
  discovery: { base: number; models: ModelBlock[] }
  decoded: Record<string, unknown>
}

interface BlockVector {
  name: string
  model: number
  words: string[]
  decoded?: unknown
  error?: string
}

const vectors = vectorFile as unknown as {
  points: Array<{ type: PointType; hex: string; value: number | string | null }>
  scaled: Array<{ raw: number | null; sf: number | null; value: number | null }>
  devices: DeviceVector[]
  badDevices: Array<{ name: string; registers: RegisterSegment[]; error: string }>
  blocks: BlockVector[]
  badBlocks: BlockVector[]
}

/** `Mn "Fronius": 4672 6F6E` → [0x4672, 0x6F6E]; the label before the colon is for people. */
export function wordsOf(chunks: readonly string[]): number[] {
  return chunks.flatMap((chunk) => {
    const hex = chunk.includes(':') ? chunk.slice(chunk.lastIndexOf(':') + 1) : chunk
    return hex.trim() === ''
      ? []
      : hex
          .trim()
          .split(/\s+/)
          .map((word) => parseInt(word, 16))
  })
}

function imageOf(segments: readonly RegisterSegment[]): Map<number, number> {
  const image = new Map<number, number>()
  for (const { start, words } of segments) {
    wordsOf(words).forEach((value, i) => image.set(start + i, value))
  }
  return image
}

/** Reads as the hub does: a 0x03 frame to the device and its answer decoded, over no wire. */
function readerFor(image: Map<number, number>) {
  const frames: Array<{ address: number; count: number }> = []
  let transactionId = 0
  const read = async (address: number, count: number): Promise<number[]> => {
    frames.push({ address, count })
    transactionId = (transactionId + 1) & 0xffff
    const request = encodeReadRequest({ transactionId, unit: 1, address, count })
    const response = decodeTcpResponse(answerTcpRequest(request, (at) => image.get(at)))
    if (isTcpException(response)) throw exceptionError(1, response.fn, response.exception)
    return response.registers
  }
  return { read, frames }
}

/** The body of `block`, in reads of at most 125 registers. */
async function readBlock(
  read: (address: number, count: number) => Promise<number[]>,
  block: ModelBlock,
): Promise<number[]> {
  const regs: number[] = []
  for (let at = 0; at < block.length; at += 125) {
    regs.push(...(await read(block.address + at, Math.min(125, block.length - at))))
  }
  return regs
}

function decodeBlock(id: number, regs: number[]): unknown {
  if (id === 1) return decodeCommon(regs)
  if (id === 160) return decodeMppt(regs)
  if (isInverterModel(id)) return decodeInverter(id, regs)
  if (isMeterModel(id)) return decodeMeter(id, regs)
  return undefined
}

describe('SunSpec vectors', () => {
  it('hold the devices the issue names', () => {
    const names = vectors.devices.map((d) => d.name).join('\n')
    expect(names).toContain('65 registers')
    expect(names).toContain('float inverter (113)')
    expect(names).toContain('no length register')
    expect(vectors.devices.map((d) => d.discovery.base).sort()).toEqual([0, 40000, 40000, 50000])
    const models = vectors.devices.flatMap((d) => d.discovery.models.map((m) => m.id))
    for (const id of [1, 101, 103, 113, 160, 203]) expect(models).toContain(id)
    expect(vectors.blocks.map((b) => b.model)).toEqual(
      expect.arrayContaining([102, 111, 112, 201, 202, 204, 160]),
    )
  })

  describe.each(vectors.points)('$type point $hex', ({ type, hex, value }) => {
    const regs = wordsOf([hex])

    it(`reads as ${JSON.stringify(value)}`, () => {
      expect(decodePoint(type, regs)).toEqual(value)
    })

    it('is written back as those registers', () => {
      expect(encodePoint(type, value, regs.length)).toEqual(regs)
    })
  })

  it.each(vectors.scaled)('scales $raw by 10^$sf to $value', ({ raw, sf, value }) => {
    expect(scaled(raw, sf)).toBe(value)
  })

  describe.each(vectors.devices)('device "$name"', (device) => {
    it(`is found at ${device.discovery.base} with its models`, async () => {
      const { read } = readerFor(imageOf(device.registers))
      expect(await discoverModels(read)).toEqual(device.discovery)
    })

    it('decodes each model to its values', async () => {
      const { read } = readerFor(imageOf(device.registers))
      const { models } = await discoverModels(read)
      const decoded: Record<string, unknown> = {}
      for (const block of models) {
        const value = decodeBlock(block.id, await readBlock(read, block))
        if (value !== undefined) decoded[String(block.id)] = value
      }
      expect(decoded).toEqual(device.decoded)
    })
  })

  describe.each(vectors.badDevices)('bad device "$name"', (device) => {
    it(`fails discovery with "${device.error}"`, async () => {
      const { read } = readerFor(imageOf(device.registers))
      const found = discoverModels(read)
      await expect(found).rejects.toThrow(SunSpecError)
      await expect(discoverModels(read)).rejects.toThrow(device.error)
    })
  })

  describe.each(vectors.blocks)('block "$name"', (block) => {
    it(`decodes model ${block.model}`, () => {
      expect(decodeBlock(block.model, wordsOf(block.words))).toEqual(block.decoded)
    })
  })

  describe.each(vectors.badBlocks)('bad block "$name"', (block) => {
    it(`fails with "${block.error}"`, () => {
      const regs = wordsOf(block.words)
      const decode = (): unknown =>
        block.model === 104
          ? decodeInverter(104, regs)
          : block.model === 205
            ? decodeMeter(205, regs)
            : decodeBlock(block.model, regs)
      expect(decode).toThrow(SunSpecError)
      expect(decode).toThrow(block.error!)
    })
  })
})
