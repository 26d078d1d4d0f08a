import { describe, expect, it } from 'vitest'
import { exceptionError, ILLEGAL_DATA_ADDRESS } from './protocol-error'
import { decodePoint, discoverModels, MAX_MODELS, SunSpecError } from './sunspec'

/** A device from a plain register array at `base`; reads outside it answer exception 0x02. */
function device(base: number, regs: number[], failAt?: (address: number) => Error | undefined) {
  const reads: string[] = []
  const read = async (address: number, count: number): Promise<number[]> => {
    reads.push(`${address}+${count}`)
    const failure = failAt?.(address)
    if (failure) throw failure
    if (address < base || address + count > base + regs.length) {
      throw exceptionError(1, 3, ILLEGAL_DATA_ADDRESS)
    }
    return regs.slice(address - base, address - base + count)
  }
  return { read, reads }
}

const SUNS = [0x5375, 0x6e53]
const commonModel = [1, 66, ...new Array<number>(66).fill(0)]
const inverterModel = [103, 50, ...new Array<number>(50).fill(0)]

describe('discoverModels', () => {
  it('reads "SunS" and then one 2-register header per model, nothing else', async () => {
    const { read, reads } = device(40000, [...SUNS, ...commonModel, ...inverterModel, 0xffff, 0])
    const found = await discoverModels(read)
    expect(found.models.map((m) => m.id)).toEqual([1, 103])
    expect(reads).toEqual(['40000+2', '40002+2', '40070+2', '40122+2'])
  })

  it('tries the next base when a read at a base fails for any reason', async () => {
    const { read, reads } = device(0, [...SUNS, ...commonModel, 0xffff, 0], (address) =>
      address === 40000 ? new Error('timed out after 2000 ms') : undefined,
    )
    expect((await discoverModels(read)).base).toBe(0)
    expect(reads.slice(0, 2)).toEqual(['40000+2', '0+2'])
  })

  it('ends at an end id whose length register the device does not have', async () => {
    const { read, reads } = device(40000, [...SUNS, ...commonModel, 0xffff])
    expect((await discoverModels(read)).models).toEqual([{ id: 1, address: 40004, length: 66 }])
    expect(reads.slice(-2)).toEqual(['40070+2', '40070+1'])
  })

  it('ends at an end id when the read gives one register for two', async () => {
    const regs = [...SUNS, ...commonModel, 0xffff]
    const read = async (address: number, count: number): Promise<number[]> =>
      regs.slice(address - 40000, address - 40000 + count)
    expect((await discoverModels(read)).models).toHaveLength(1)
  })

  it('stops a walk that finds no end among more models than any device has', async () => {
    const headers = new Array<number>(2 * (MAX_MODELS + 6)).fill(0).map((_, i) => (i % 2 ? 0 : 64))
    const { read } = device(40000, [...SUNS, ...headers])
    await expect(discoverModels(read)).rejects.toThrow(
      `more than ${MAX_MODELS} models from register 40002: no end model`,
    )
  })

  it('passes on why the walk broke off when the connection fails in the middle', async () => {
    const { read } = device(40000, [...SUNS, ...commonModel, 0xffff, 0], (address) =>
      address === 40070 ? new Error('read ECONNRESET') : undefined,
    )
    const walk = discoverModels(read)
    await expect(walk).rejects.toBeInstanceOf(SunSpecError)
    await expect(discoverModels(read)).rejects.toThrow(
      'no model header at register 40070 after model 1: read ECONNRESET',
    )
  })

  it('says which bases it tried when nothing answers', async () => {
    const read = async (): Promise<number[]> => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:502')
    }
    await expect(discoverModels(read)).rejects.toThrow(
      'no SunSpec device: no "SunS" at 40000 (connect ECONNREFUSED 127.0.0.1:502), 0 (connect',
    )
  })
})

describe('scale factors', () => {
  it('outside -10 to 10 are treated as not implemented', () => {
    expect(decodePoint('sunssf', [10])).toBe(10)
    expect(decodePoint('sunssf', [11])).toBeNull()
    expect(decodePoint('sunssf', [0xfff5])).toBeNull() // -11
  })
})
