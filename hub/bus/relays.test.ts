// The relay driver against the relay-board emulator: the interlock, the dead time, newer
// commands replacing older ones, the pulse cap, hub- and board-timed pulses, the safe state.
// Time is a test clock (hub/clock/test-clock.ts) that the driver, the transport and the board's
// own pulse timers share: dead times and pulses take exactly the time a test gives them.
import { afterEach, describe, expect, it } from 'vitest'
import { TestClock } from '../clock/test-clock'
import { RelayBoardEmulator, type CoilChange } from '../../firmware-protocol/emulator'
import type { PulseMode } from '../config'
import type { Motion } from '../realtime/events'
import { CoilWriter } from './coils'
import type { RelayObserver } from './relay-observer'
import { RelayDriver, Superseded, type BlindRelays } from './relays'
import type { Side } from './side'
import { BusError, Transport } from './transport'
import { RecordingLink } from '../../tests/helpers/recording-link'

interface Rig {
  clock: TestClock
  emulator: RelayBoardEmulator
  link: RecordingLink
  driver: RelayDriver
  motions: [string, Motion][]
  /** Each off the observer heard of ahead, with its side's relay as the board had it then. */
  stops: { ids: string[]; side: Side | null; relays: boolean[] }[]
  /** The observer's writes ahead stay unwritten until the function returned is called. */
  holdWrites(): () => void
}

let rigs: { transport: Transport; emulator: RelayBoardEmulator; driver: RelayDriver }[] = []

afterEach(async () => {
  for (const { transport, emulator, driver } of rigs) {
    driver.close()
    await transport.stop()
    emulator.stop()
  }
  rigs = []
})

async function rig(pulse: PulseMode, deadTimeMs: number): Promise<Rig> {
  const clock = new TestClock()
  const emulator = new RelayBoardEmulator({ now: () => clock.monotonic(), timers: clock })
  const link = new RecordingLink(emulator, () => clock.monotonic())
  const transport = new Transport({
    link,
    clock,
    baud: 115200,
    parity: 'none',
    log: { info() {}, warn() {} },
    timeoutMs: 20,
  })
  await transport.start()
  const motions: [string, Motion][] = []
  const stops: Rig['stops'] = []
  let written = Promise.resolve()
  const holdWrites = () => {
    let release!: () => void
    written = new Promise((r) => (release = r))
    return release
  }
  const driver = new RelayDriver({
    coils: new CoilWriter(transport, clock),
    clock,
    pulse,
    deadTimeMs,
    observer: {
      ...motionRecorder(motions),
      stopping: (ids, side) => {
        stops.push({ ids: [...ids], side, relays: emulator.coils(1).slice(0, 2) })
        return written
      },
    },
  })
  rigs.push({ transport, emulator, driver })
  return { clock, emulator, link, driver, motions, stops, holdWrites }
}

/** What a blind does as the observer hears it: its changes of motion, in order. */
function motionRecorder(motions: [string, Motion][]): RelayObserver {
  const now = new Map<string, Motion>()
  const become = (id: string, motion: Motion) => {
    if ((now.get(id) ?? 'IDLE') === motion) return
    now.set(id, motion)
    motions.push([id, motion])
  }
  const idleUnless = (id: string, side: Side) => {
    if (now.get(id) === (side === 'UP' ? 'MOVING_UP' : 'MOVING_DOWN')) become(id, 'IDLE')
  }
  return {
    starting: () => undefined,
    notStarted: () => undefined,
    stopping: () => Promise.resolve(),
    on: (id, side) => become(id, side === 'UP' ? 'MOVING_UP' : 'MOVING_DOWN'),
    off: (id, side) => idleUnless(id, side),
    unsure: (id, side) => idleUnless(id, side),
    reversing: (id) => become(id, 'IDLE'),
    allOff: (ids) => ids.forEach((id) => become(id, 'IDLE')),
  }
}

/** A blind whose up relay is `unit:coil` and whose down relay is the next coil. */
const blind = (id: string, unit: number, coil: number): BlindRelays => ({
  id,
  up: { unit, coil },
  down: { unit, coil: coil + 1 },
})

const changesOf = (emulator: RelayBoardEmulator, b: BlindRelays) =>
  emulator.record
    .filter((c) => c.unit === b.up.unit && (c.coil === b.up.coil || c.coil === b.down.coil))
    .map((c) => ({
      side: c.coil === b.up.coil ? 'UP' : 'DOWN',
      on: c.on,
      cause: c.cause,
      at: c.at,
    }))

/** How often a blind's relay went on on the other side from its previous relay on. */
function reversals(record: CoilChange[], blinds: BlindRelays[]): number {
  let n = 0
  for (const b of blinds) {
    let last = ''
    for (const c of record) {
      if (!c.on || c.unit !== b.up.unit) continue
      const side = c.coil === b.up.coil ? 'UP' : c.coil === b.down.coil ? 'DOWN' : ''
      if (!side) continue
      if (last && last !== side) n++
      last = side
    }
  }
  return n
}

/** The shortest time, in the board's record, from one side of a blind going off to the other going on. */
function shortestReversal(record: CoilChange[], blinds: BlindRelays[]): number {
  let shortest = Infinity
  for (const b of blinds) {
    const offAt: Record<string, number> = {}
    for (const c of record) {
      if (c.unit !== b.up.unit || (c.coil !== b.up.coil && c.coil !== b.down.coil)) continue
      const side = c.coil === b.up.coil ? 'UP' : 'DOWN'
      const otherOffAt = offAt[side === 'UP' ? 'DOWN' : 'UP']
      if (!c.on) offAt[side] = c.at
      else if (otherOffAt !== undefined) shortest = Math.min(shortest, c.at - otherOffAt)
    }
  }
  return shortest
}

/** The moments, replayed from the board's record, when both relays of a blind were on. */
function bothOn(record: CoilChange[], blinds: BlindRelays[]): string[] {
  const on = new Set<string>()
  const found: string[] = []
  for (const change of record) {
    const k = `${change.unit}:${change.coil}`
    if (change.on) on.add(k)
    else on.delete(k)
    for (const b of blinds) {
      if (on.has(`${b.up.unit}:${b.up.coil}`) && on.has(`${b.down.unit}:${b.down.coil}`)) {
        found.push(`${b.id} at ${change.at.toFixed(1)}`)
      }
    }
  }
  return found
}

describe('reversing a blind', () => {
  it('switches the down side on only a dead time after the up side was acknowledged off', async () => {
    const { clock, emulator, link, driver, motions } = await rig('device', 200)
    const b = blind('kitchen', 1, 0)
    await clock.drive(driver.run(b, 'UP', 5000))
    await clock.drive(driver.run(b, 'DOWN', 5000))
    expect(changesOf(emulator, b).map(({ side, on, cause }) => [side, on, cause])).toEqual([
      ['UP', true, 'flash'],
      ['UP', false, 'write'],
      ['DOWN', true, 'flash'],
    ])
    const offIndex = link.writes.findIndex(
      (w) => w.request.fn === 0x05 && w.request.address === 0 && w.request.value === 0,
    )
    const downFlash = link.writes.findIndex((w) => w.request.address === 0x0201)
    expect(downFlash).toBe(offIndex + 1)
    // Exactly the dead time after the off was acknowledged: not a millisecond sooner.
    expect(link.writes[downFlash]!.at - link.answers[offIndex]!).toBe(200)
    expect(motions).toEqual([
      ['kitchen', 'MOVING_UP'],
      ['kitchen', 'IDLE'],
      ['kitchen', 'MOVING_DOWN'],
    ])
  })

  it('lets a newer command replace one waiting in its dead time, which never switches its side on', async () => {
    const { clock, emulator, driver } = await rig('device', 300)
    const b = blind('kitchen', 1, 0)
    await clock.drive(driver.run(b, 'UP', 5000))
    const down = driver.run(b, 'DOWN', 5000)
    await clock.advance(50)
    await clock.drive(driver.run(b, 'UP', 5000))
    await expect(down).rejects.toBeInstanceOf(Superseded)
    await clock.advance(350)
    expect(changesOf(emulator, b).map(({ side, on }) => [side, on])).toEqual([
      ['UP', true],
      ['UP', false],
      ['UP', true],
    ])
    expect(driver.motion('kitchen')).toBe('MOVING_UP')
  })

  it('leaves both sides off when STOP comes during the dead time', async () => {
    const { clock, emulator, driver } = await rig('hub', 200)
    const b = blind('kitchen', 1, 0)
    await clock.drive(driver.run(b, 'UP', 5000))
    const down = driver.run(b, 'DOWN', 5000)
    await clock.advance(50)
    await clock.drive(driver.stop([b]))
    await expect(down).rejects.toBeInstanceOf(Superseded)
    await clock.advance(250)
    expect(emulator.coils(1).slice(0, 2)).toEqual([false, false])
    expect(changesOf(emulator, b).map(({ side, on }) => [side, on])).toEqual([
      ['UP', true],
      ['UP', false],
    ])
    expect(driver.motion('kitchen')).toBe('IDLE')
  })
})

describe('an off', () => {
  it.each(['device', 'hub'] as const)(
    'is told to the observer before its frame goes out, the relay still on then (%s-timed)',
    async (pulse) => {
      const { clock, emulator, driver, stops } = await rig(pulse, 0)
      const b = blind('kitchen', 1, 0)
      // A stop, a reversal, the end of a run, and the safe state.
      await clock.drive(driver.run(b, 'UP', 5000))
      await clock.drive(driver.stop([b]))
      await clock.drive(driver.run(b, 'UP', 5000))
      await clock.drive(driver.run(b, 'DOWN', 1001))
      await clock.advance(1200)
      await clock.drive(driver.run(b, 'UP', 5000))
      await clock.drive(driver.allOff([b]))
      // Board-timed, the hub ends the run 99 ms before the board would (1001 ms are 11 units):
      // the hub asks for that off, the down relay still on then.
      expect(emulator.record.some((c) => c.cause === 'flash-end')).toBe(false)
      expect(stops).toEqual([
        { ids: ['kitchen'], side: null, relays: [true, false] },
        { ids: ['kitchen'], side: 'UP', relays: [true, false] },
        { ids: ['kitchen'], side: 'DOWN', relays: [false, true] },
        { ids: ['kitchen'], side: null, relays: [true, false] },
      ])
      // Every off the hub asked for went out after the observer heard of it.
      const offs = emulator.record.filter((c) => !c.on && c.cause === 'write')
      expect(offs).toHaveLength(stops.length)
    },
  )

  it.each(['device', 'hub'] as const)(
    'goes out only once the observer has written it ahead (%s-timed)',
    async (pulse) => {
      const { clock, emulator, driver, stops, holdWrites } = await rig(pulse, 0)
      const b = blind('kitchen', 1, 0)
      await clock.drive(driver.run(b, 'UP', 5000))
      const written = holdWrites()
      const stopped = driver.stop([b])
      // The bus at 115200 baud would carry the frame and its answer in under 2 ms.
      await clock.advance(100)
      expect(stops).toHaveLength(1)
      expect(emulator.coils(1)[0]).toBe(true)
      written()
      await clock.drive(stopped)
      expect(emulator.coils(1)[0]).toBe(false)
    },
  )
})

describe('the length of a pulse', () => {
  it('is capped at 300000 ms: the board is asked for 3000 units of 100 ms', async () => {
    const { clock, link, driver } = await rig('device', 0)
    await clock.drive(driver.run(blind('a', 1, 0), 'UP', 300_000))
    await clock.drive(driver.run(blind('b', 1, 2), 'UP', 400_000))
    await clock.drive(driver.run(blind('c', 1, 4), 'DOWN', 1e12))
    expect(link.writes.map((w) => w.request)).toEqual([
      { unit: 1, fn: 0x05, address: 0x0200, value: 3000 },
      { unit: 1, fn: 0x05, address: 0x0202, value: 3000 },
      { unit: 1, fn: 0x05, address: 0x0205, value: 3000 },
    ])
  })

  it('is capped at 300000 ms when the hub times it', async () => {
    const { clock, emulator, driver, motions } = await rig('hub', 0)
    const b = blind('kitchen', 1, 0)
    await clock.drive(driver.run(b, 'UP', 400_000))
    expect(emulator.coil(1, 0)).toBe(true)
    await clock.advance(299_999)
    expect(emulator.coil(1, 0)).toBe(true)
    await clock.advance(1)
    expect(emulator.coil(1, 0)).toBe(false)
    expect(motions).toEqual([
      ['kitchen', 'MOVING_UP'],
      ['kitchen', 'IDLE'],
    ])
  })

  it('in hub mode switches the side on, then off after the duration', async () => {
    const { clock, emulator, driver, motions } = await rig('hub', 0)
    const b = blind('kitchen', 1, 0)
    await clock.drive(driver.run(b, 'DOWN', 150))
    expect(motions).toEqual([['kitchen', 'MOVING_DOWN']])
    await clock.advance(200)
    const changes = changesOf(emulator, b)
    expect(changes.map(({ side, on, cause }) => [side, on, cause])).toEqual([
      ['DOWN', true, 'write'],
      ['DOWN', false, 'write'],
    ])
    expect(changes[1]!.at - changes[0]!.at).toBe(150)
    expect(motions).toEqual([
      ['kitchen', 'MOVING_DOWN'],
      ['kitchen', 'IDLE'],
    ])
  })

  it('in device mode is ended by the board, and the blind reports MOVING_UP then IDLE', async () => {
    const { clock, emulator, driver, motions } = await rig('device', 0)
    const b = blind('kitchen', 1, 0)
    await clock.drive(driver.run(b, 'UP', 200))
    expect(motions).toEqual([['kitchen', 'MOVING_UP']])
    expect(driver.moving()).toEqual([{ id: 'kitchen', motion: 'MOVING_UP' }])
    await clock.advance(250)
    const changes = changesOf(emulator, b)
    expect(changes.map(({ side, on, cause }) => [side, on, cause])).toEqual([
      ['UP', true, 'flash'],
      ['UP', false, 'flash-end'],
    ])
    expect(changes[1]!.at - changes[0]!.at).toBe(200)
    expect(motions).toEqual([
      ['kitchen', 'MOVING_UP'],
      ['kitchen', 'IDLE'],
    ])
    expect(driver.moving()).toEqual([])
  })
})

describe('a switch-on whose answer was lost in hub-timed mode', () => {
  it('is followed by a switch-off, since no hub timer would ever end that pulse', async () => {
    const { clock, emulator, driver } = await rig('hub', 50)
    const b = blind('kitchen', 1, 0)
    // The board acts on every frame but garbles its answers.
    emulator.setFault({ kind: 'bad-crc' })
    await expect(clock.drive(driver.run(b, 'UP', 60000))).rejects.toBeInstanceOf(BusError)
    await clock.advanceUntil(() => !emulator.coil(1, 0), 1000)
    expect(changesOf(emulator, b).map((c) => [c.side, c.on])).toEqual([
      ['UP', true],
      ['UP', false],
    ])
  })
})

describe('the safe state', () => {
  it('switches every given relay off in one frame per unit, whatever runs', async () => {
    const { clock, emulator, link, driver } = await rig('device', 300)
    const blinds = [
      blind('a', 1, 0),
      blind('b', 1, 2),
      blind('c', 1, 4),
      blind('d', 2, 0),
      blind('e', 2, 2),
    ]
    await clock.drive(driver.run(blinds[0]!, 'UP', 5000))
    await clock.drive(driver.run(blinds[2]!, 'DOWN', 5000))
    await clock.drive(driver.run(blinds[3]!, 'UP', 5000))
    const waiting = driver.run(blinds[3]!, 'DOWN', 5000)
    await clock.advance(20)
    const before = link.writes.length
    await clock.drive(driver.allOff(blinds))
    await expect(waiting).rejects.toBeInstanceOf(Superseded)
    expect(link.writes.slice(before).map((w) => w.request)).toEqual([
      { unit: 1, fn: 0x0f, address: 0, values: Array(6).fill(false) },
      { unit: 2, fn: 0x0f, address: 0, values: Array(4).fill(false) },
    ])
    await clock.advance(350)
    expect(emulator.coils(1).slice(0, 6)).toEqual(Array(6).fill(false))
    expect(emulator.coils(2).slice(0, 4)).toEqual(Array(4).fill(false))
    expect(link.writes).toHaveLength(before + 2)
    expect(driver.moving()).toEqual([])
  })
})

describe('the interlock', () => {
  it.each(['device', 'hub'] as const)(
    'never has both relays of a blind on, and reverses only after the dead time, over 500 random commands for 6 blinds (%s-timed)',
    async (pulse) => {
      const { clock, emulator, driver } = await rig(pulse, 5)
      const blinds = [0, 2, 4].flatMap((coil) => [
        blind(`u1c${coil}`, 1, coil),
        blind(`u2c${coil}`, 2, coil),
      ])
      let seed = 20261121
      const random = () => {
        // mulberry32: the same burst on every run.
        seed = (seed + 0x6d2b79f5) | 0
        let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
        t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296
      }
      const commands: Promise<unknown>[] = []
      const fire = (): Promise<unknown> => {
        const b = blinds[Math.floor(random() * blinds.length)]!
        const pick = random()
        if (pick < 0.2) return driver.stop([b])
        return driver.run(b, pick < 0.6 ? 'UP' : 'DOWN', Math.floor(random() * 300))
      }
      // Half at once, half spread over a second.
      for (let i = 0; i < 250; i++) commands.push(fire())
      for (let i = 0; i < 250; i++) {
        commands.push(clock.sleep(random() * 1000).then(fire))
      }
      const results = await clock.drive(Promise.allSettled(commands))
      const failures = results.filter(
        (r) => r.status === 'rejected' && !(r.reason instanceof Superseded),
      )
      expect(failures).toEqual([])
      await clock.advance(700)
      expect(bothOn(emulator.record, blinds)).toEqual([])
      // The burst did reverse blinds, many times over, each time after the dead time.
      expect(reversals(emulator.record, blinds)).toBeGreaterThan(30)
      expect(shortestReversal(emulator.record, blinds)).toBeGreaterThanOrEqual(5)
      for (const unit of [1, 2])
        expect(emulator.coils(unit).slice(0, 6)).toEqual(Array(6).fill(false))
      expect(driver.moving()).toEqual([])
    },
  )

  it('waits the dead time after a stop that came while the run was still switching on (hub-timed)', async () => {
    const { clock, emulator, driver } = await rig('hub', 200)
    const b = blind('kitchen', 1, 0)
    // The stop arrives while the up relay's frame is on the wire: the board switched the
    // relay on, the run gives way before it heard so, and the stop switches it off again.
    let stopped: Promise<void> | undefined
    const unsubscribe = emulator.onChange((c) => {
      if (c.coil === 0 && c.on && !stopped) stopped = driver.stop([b])
    })
    await expect(clock.drive(driver.run(b, 'UP', 5000))).rejects.toBeInstanceOf(Superseded)
    unsubscribe()
    await clock.drive(stopped!)
    await clock.drive(driver.run(b, 'DOWN', 100))
    const changes = changesOf(emulator, b)
    expect(changes.map(({ side, on }) => [side, on])).toEqual([
      ['UP', true],
      ['UP', false],
      ['DOWN', true],
    ])
    expect(changes[2]!.at - changes[1]!.at).toBe(200)
  })

  it.each(['device', 'hub'] as const)(
    'holds when the board acted on a switch whose answer was lost (%s-timed)',
    async (pulse) => {
      const { clock, emulator, driver } = await rig(pulse, 50)
      const b = blind('kitchen', 1, 0)
      emulator.setFault({ kind: 'bad-crc' })
      await expect(clock.drive(driver.run(b, 'UP', 5000))).rejects.toBeInstanceOf(BusError)
      // The board's pulse runs on; a hub-timed on is followed by its off at once (the board
      // acts on it, its answer garbled too), since no hub timer would ever end it.
      expect(emulator.coil(1, 0)).toBe(pulse === 'device')
      emulator.setFault({ kind: 'none' })
      await clock.drive(driver.run(b, 'DOWN', 5000))
      expect(bothOn(emulator.record, [b])).toEqual([])
      expect(emulator.coils(1).slice(0, 2)).toEqual([false, true])
    },
  )
})
