// The emulator's line noise (a `noisy` fault) and its probe unit, on a timed line with a fake
// clock: what each kind of noise does to an answer, and that a seed replays the same noise.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RelayBoardEmulator, type Noise } from './emulator'
import { fromProbeWord } from './emulator-probe'
import { decodeResponse, encodeRequest, hasValidCrc } from './rtu'
import { frameTimeMs } from './timing'

const PROBE = 20
const READ = encodeRequest({ unit: PROBE, fn: 0x03, address: 5, quantity: 2 })
/** Request in, turnaround, a 9-byte answer out, at 9600 baud. */
const ANSWER_MS = frameTimeMs(READ.length, 9600) + 1.5 + frameTimeMs(9, 9600)

let boards: RelayBoardEmulator[] = []
beforeEach(() => vi.useFakeTimers({ now: 0 }))
afterEach(() => {
  for (const b of boards) b.stop()
  boards = []
  vi.useRealTimers()
})

/** The chunks the board sends for `reads` reads, each with when it was sent. */
async function listen(noise: Omit<Noise, 'seed'> | null, reads = 1, seed = 5) {
  const board = new RelayBoardEmulator({ baud: 9600, probeUnit: PROBE, now: () => Date.now() })
  boards.push(board)
  if (noise) board.setFault({ kind: 'noisy', noise: { seed, ...noise } }, PROBE)
  const sent: { at: number; bytes: Uint8Array }[] = []
  const connection = board.attach((bytes) => sent.push({ at: Date.now(), bytes }))
  for (let i = 0; i < reads; i++) {
    connection.receive(READ)
    await vi.advanceTimersByTimeAsync(1000)
  }
  connection.close()
  return { board, sent: sent.map((s) => ({ ...s, at: s.at % 1000 })) }
}

describe('the probe unit', () => {
  it('answers each register with its number and the number of the read', async () => {
    const { sent } = await listen(null, 2)
    const words = sent.map((s) => {
      const r = decodeResponse(s.bytes)
      return 'registers' in r ? r.registers.map(fromProbeWord) : []
    })
    expect(words).toEqual([
      [
        { register: 5, read: 1 },
        { register: 6, read: 1 },
      ],
      [
        { register: 5, read: 2 },
        { register: 6, read: 2 },
      ],
    ])
  })
})

describe('a noisy unit', () => {
  it('answers late by the noise’s lateness', async () => {
    const { sent, board } = await listen({ late: 1, lateMs: [300, 300] })
    expect(sent).toHaveLength(1)
    expect(sent[0]!.at).toBe(Math.ceil(ANSWER_MS + 300))
    expect(board.noise).toMatchObject({ answers: 1, late: 1 })
  })

  it('garbles an answer so that no CRC check passes', async () => {
    const { sent, board } = await listen({ garbled: 1 }, 20)
    expect(sent).toHaveLength(20)
    expect(sent.filter((s) => hasValidCrc(s.bytes))).toEqual([])
    expect(board.noise.garbled).toBe(20)
  })

  it('splits an answer in two with the gap between', async () => {
    const { sent } = await listen({ split: 1, splitGapMs: 20 })
    expect(sent).toHaveLength(2)
    expect(sent[0]!.bytes.length + sent[1]!.bytes.length).toBe(9)
    expect(hasValidCrc(new Uint8Array([...sent[0]!.bytes, ...sent[1]!.bytes]))).toBe(true)
    expect(sent[1]!.at - sent[0]!.at).toBeGreaterThanOrEqual(20)
  })

  it('follows an answer with stray bytes, after the answer has ended', async () => {
    const { sent } = await listen({ stray: 1, strayAfterMs: [10, 10] })
    expect(sent).toHaveLength(2)
    expect(hasValidCrc(sent[0]!.bytes)).toBe(true)
    expect(sent[1]!.at - sent[0]!.at).toBeGreaterThanOrEqual(10)
  })

  it('replays the same noise for the same seed, and other noise for another', async () => {
    const noise = { late: 0.3, garbled: 0.2, stray: 0.2, split: 0.2 }
    const shape = (s: { at: number; bytes: Uint8Array }[]) =>
      s.map((c) => `${c.at}:${Buffer.from(c.bytes).toString('hex')}`)
    const a = shape((await listen(noise, 30, 11)).sent)
    const b = shape((await listen(noise, 30, 11)).sent)
    const c = shape((await listen(noise, 30, 12)).sent)
    expect(a).toEqual(b)
    expect(a).not.toEqual(c)
  })

  it('refuses a share outside 0-1 or a backward range, naming it', () => {
    const board = new RelayBoardEmulator({ probeUnit: PROBE })
    boards.push(board)
    expect(() => board.setFault({ kind: 'noisy', noise: { seed: 1, late: 1.5 } })).toThrow(
      /noise late must be a share from 0 to 1 \(got 1.5\)/,
    )
    expect(() => board.setFault({ kind: 'noisy', noise: { seed: 1, lateMs: [500, 100] } })).toThrow(
      /noise lateMs must be \[min, max\]/,
    )
  })
})
