// The coil writer against the relay-board emulator: which frames go out for the switches asked
// for in one turn of the event loop, and what they leave alone.
// Time is a test clock (hub/clock/test-clock.ts) shared by the board's pulse timers and the hub.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { RelayBoardEmulator } from '../../firmware-protocol/emulator'
import { TestClock } from '../clock/test-clock'
import { CoilWriter, flashMarginMs } from './coils'
import { BusError, Transport } from './transport'
import { RecordingLink } from '../../tests/helpers/recording-link'

let clock: TestClock
let emulator: RelayBoardEmulator
let link: RecordingLink
let transport: Transport
let coils: CoilWriter

beforeEach(async () => {
  clock = new TestClock()
  emulator = new RelayBoardEmulator({ now: () => clock.monotonic(), timers: clock })
  link = new RecordingLink(emulator, () => clock.monotonic())
  transport = new Transport({
    link,
    clock,
    baud: 115200,
    parity: 'none',
    log: { info() {}, warn() {} },
    timeoutMs: 20,
  })
  coils = new CoilWriter(transport, clock)
  await transport.start()
  // As the hub does when the link opens: every relay of its blinds switched off, so known.
  await coils.set(
    [1, 2, 3].flatMap((unit) => [0, 1, 2, 3, 4, 5, 6, 7].map((coil) => off(unit, coil))),
  )
  link.writes.length = 0
})

afterEach(async () => {
  await transport.stop()
  emulator.stop()
})

const on = (unit: number, coil: number) => ({ unit, coil, on: true })
const off = (unit: number, coil: number) => ({ unit, coil, on: false })
const changesOf = (unit: number, coil: number) =>
  emulator.record.filter((c) => c.unit === unit && c.coil === coil).map((c) => [c.on, c.cause])

describe('switches asked for in one turn', () => {
  it('go out as one write-multiple-coils frame per unit', async () => {
    await Promise.all([coils.set([on(1, 0)]), coils.set([on(1, 3)]), coils.set([on(1, 5)])])
    expect(link.requests).toEqual([
      { unit: 1, fn: 0x0f, address: 0, values: [true, false, false, true, false, true] },
    ])
    expect(emulator.coils(1).slice(0, 6)).toEqual([true, false, false, true, false, true])
  })

  it('go out as one frame for each unit when two units are switched', async () => {
    await coils.set([on(1, 0), on(2, 4), on(1, 1), on(2, 6)])
    expect(link.requests).toEqual([
      { unit: 1, fn: 0x0f, address: 0, values: [true, true] },
      { unit: 2, fn: 0x0f, address: 4, values: [true, false, true] },
    ])
    expect(emulator.coils(2).slice(4, 7)).toEqual([true, false, true])
  })

  it('go out as a write-single-coil frame when only one coil is switched', async () => {
    await coils.set([on(1, 7)])
    expect(link.requests).toEqual([{ unit: 1, fn: 0x05, address: 7, value: 0xff00 }])
  })

  it('end with the last word said for a coil', async () => {
    await Promise.all([coils.set([on(1, 0)]), coils.set([off(1, 0)])])
    expect(link.requests).toEqual([{ unit: 1, fn: 0x05, address: 0, value: 0x0000 }])
    expect(emulator.record).toEqual([])
  })

  it('are split into two frames when the coils are more than 16 apart', async () => {
    await coils.set([on(1, 0), on(1, 20)])
    expect(link.requests.map((r) => [r.fn, r.address])).toEqual([
      [0x05, 0],
      [0x05, 20],
    ])
  })

  it('asked while a frame is on the wire go out together in the next frame', async () => {
    const first = coils.set([on(1, 0)])
    await new Promise((r) => setImmediate(r))
    await Promise.all([first, coils.set([on(1, 1)]), coils.set([on(1, 2)])])
    expect(link.requests).toEqual([
      { unit: 1, fn: 0x05, address: 0, value: 0xff00 },
      { unit: 1, fn: 0x0f, address: 1, values: [true, true] },
    ])
  })
})

describe('the coils between those switched', () => {
  it('are written with the state the hub knows they are in', async () => {
    await coils.set([on(1, 2)])
    await coils.set([on(1, 0), on(1, 4)])
    await coils.set([off(1, 0), off(1, 4)])
    expect(link.requests.slice(1)).toEqual([
      { unit: 1, fn: 0x0f, address: 0, values: [true, false, true, false, true] },
      { unit: 1, fn: 0x0f, address: 0, values: [false, false, true, false, false] },
    ])
    expect(changesOf(1, 2)).toEqual([[true, 'write']])
    expect(emulator.coils(1).slice(0, 5)).toEqual([false, false, true, false, false])
  })

  it('split the frame around a coil in a board-timed pulse, whose pulse runs on', async () => {
    await coils.flash(1, 2, 300)
    await coils.set([on(1, 0), on(1, 1), on(1, 3), on(1, 4)])
    expect(link.requests).toEqual([
      { unit: 1, fn: 0x05, address: 0x0202, value: 3 },
      { unit: 1, fn: 0x0f, address: 0, values: [true, true] },
      { unit: 1, fn: 0x0f, address: 3, values: [true, true] },
    ])
    expect(coils.isOn(1, 2)).toBe(true)
    await clock.advance(350)
    expect(changesOf(1, 2)).toEqual([
      [true, 'flash'],
      [false, 'flash-end'],
    ])
    expect(emulator.coils(1).slice(0, 5)).toEqual([true, true, false, true, true])
  })

  it('count as possibly on for a margin after their board-timed pulse, then as off', async () => {
    await coils.flash(1, 2, 100)
    await clock.advance(150)
    expect(emulator.coil(1, 2)).toBe(false)
    expect(coils.isOn(1, 2)).toBe(true)
    await clock.advance(flashMarginMs(100))
    expect(coils.isOn(1, 2)).toBe(false)
    await coils.set([on(1, 0), on(1, 4)])
    expect(link.requests.slice(1)).toEqual([
      { unit: 1, fn: 0x0f, address: 0, values: [true, false, false, false, true] },
    ])
  })
})

describe('a coil the hub never wrote', () => {
  it('is never repeated by a frame, as it may switch something that is no blind', async () => {
    emulator.handleFrame(Uint8Array.from([0x01, 0x05, 0x00, 0x0a, 0xff, 0x00, 0xac, 0x38]))
    await coils.set([on(1, 9), on(1, 11)])
    expect(link.requests).toEqual([
      { unit: 1, fn: 0x05, address: 9, value: 0xff00 },
      { unit: 1, fn: 0x05, address: 11, value: 0xff00 },
    ])
    expect(emulator.coil(1, 10)).toBe(true)
  })
})

describe('a frame that fails', () => {
  it('rejects the callers whose switches it carried, and only those', async () => {
    emulator.setFault({ kind: 'no-answer' }, 3)
    // The clock runs on through the unanswered unit's response timeouts.
    const results = await clock.drive(
      Promise.allSettled([
        coils.set([on(3, 0), on(3, 1)]),
        coils.set([on(1, 0)]),
        coils.set([on(3, 5)]),
        coils.set([on(2, 0), on(2, 1)]),
      ]),
    )
    expect(results.map((r) => r.status)).toEqual(['rejected', 'fulfilled', 'rejected', 'fulfilled'])
    expect((results[0] as PromiseRejectedResult).reason).toBeInstanceOf(BusError)
    expect(emulator.coil(1, 0)).toBe(true)
    expect(emulator.coils(2).slice(0, 2)).toEqual([true, true])
  })

  it('leaves the coils it would have switched on counted as possibly on, and never repeats them', async () => {
    emulator.setFault({ kind: 'no-answer' })
    await expect(clock.drive(coils.set([on(1, 2)]))).rejects.toThrow(BusError)
    emulator.setFault({ kind: 'none' })
    expect(coils.isOn(1, 2)).toBe(true)
    await clock.drive(coils.set([on(1, 0), on(1, 4)]))
    expect(link.requests.slice(3)).toEqual([
      { unit: 1, fn: 0x05, address: 0, value: 0xff00 },
      { unit: 1, fn: 0x05, address: 4, value: 0xff00 },
    ])
    expect(emulator.coil(1, 2)).toBe(false)
    await coils.set([off(1, 2)])
    expect(coils.isOn(1, 2)).toBe(false)
  })

  it('leaves a board-timed pulse whose answer was lost counted as possibly on', async () => {
    emulator.setFault({ kind: 'bad-crc' })
    await expect(clock.drive(coils.flash(1, 2, 5000))).rejects.toThrow(BusError)
    expect(emulator.coil(1, 2)).toBe(true)
    expect(coils.isOn(1, 2)).toBe(true)
  })

  it('does not hold up the frames asked for after it', async () => {
    emulator.setFault({ kind: 'no-answer' }, 3)
    const failing = coils.set([on(3, 0)])
    await new Promise((r) => setImmediate(r))
    const next = coils.set([on(1, 0)])
    await expect(clock.drive(failing)).rejects.toThrow(BusError)
    await expect(clock.drive(next)).resolves.toBeTypeOf('number')
  })
})
