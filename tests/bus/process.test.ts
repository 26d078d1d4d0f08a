// The hub as a process of its own on a pseudo-terminal pair, with the emulated board in this
// one: what happens to the relays when the hub is killed or stopped mid-move, and what happens
// to the hub when the adapter is pulled out and put back (ARCHITECTURE.md section 5).
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { temporaryFolders } from '../helpers/temporary-folders'
import {
  closeProcessRig,
  createBlindIn,
  startHubProcess,
  startProcessRig,
  type HubProcess,
  type ProcessRig,
} from './hub-process'
import { quietPeriod } from '../helpers/quiet'
import { until, waitFor } from './polling'
import { boardNow, changesOf, coilAt } from './relay-record'
import { listen, type Listener } from './socket-listener'

const MOVE =
  'mutation($ids: [ID!]!, $d: Direction!) { blindMove(ids: $ids, direction: $d) { id motion } }'
const HUB_STATUS = '{ hubStatus { bus { online path error } } }'

/** travelTimeMs + 2000 ms run-on, for the shortest travel time. */
const PULSE_MS = 1000 + 2000
/** The shortest a pulse may seem: a timer may fire up to 1 ms early against performance.now(). */
const PULSE_MIN_MS = PULSE_MS - 1
/** How late a timer may fire on this loaded machine. */
const SLACK_MS = 150

describe('a hub process that dies mid-move', () => {
  let rig: ProcessRig | undefined
  beforeAll(async () => {
    rig = await startProcessRig({ deadTimeMs: 1000 })
  })
  afterAll(() => closeProcessRig(rig))

  it('leaves the board to end a pulse on its own when the hub is killed with SIGKILL', async () => {
    const { hub, board } = rig!
    const id = await createBlindIn(hub, 'Kitchen', '1:0', '1:1')
    const moved = await hub.gql(MOVE, { ids: [id], d: 'UP' }, hub.adminToken)
    expect(moved.data).toEqual({ blindMove: [{ id, motion: 'MOVING_UP' }] })
    expect(board.emulator.coil(1, 0)).toBe(true)

    const killed = await hub.signal('SIGKILL')
    expect(killed.code).toBeNull()
    expect(board.emulator.coil(1, 0)).toBe(true)

    await waitFor('the up relay going off', () => !board.emulator.coil(1, 0), PULSE_MS + 1000)
    const up = changesOf(board.emulator.record, coilAt('1:0'))
    expect(up.map((c) => [c.on, c.cause])).toEqual([
      [true, 'flash'],
      [false, 'flash-end'],
    ])
    expect(up[1]!.at - up[0]!.at).toBeGreaterThanOrEqual(PULSE_MIN_MS)
    expect(up[1]!.at - up[0]!.at).toBeLessThan(PULSE_MS + SLACK_MS)
    expect(changesOf(board.emulator.record, coilAt('1:1'))).toEqual([])
  })
})

describe('a hub process stopped with SIGTERM mid-move', () => {
  let rig: ProcessRig | undefined
  beforeAll(async () => {
    rig = await startProcessRig({ deadTimeMs: 1000 })
  })
  afterAll(() => closeProcessRig(rig))

  it('switches every relay off and exits with 0 within 5 s', async () => {
    const { hub, board } = rig!
    const kitchen = await createBlindIn(hub, 'Kitchen', '1:0', '1:1')
    const study = await createBlindIn(hub, 'Study', '2:4', '2:5')
    const up = await hub.gql(MOVE, { ids: [kitchen], d: 'UP' }, hub.adminToken)
    const down = await hub.gql(MOVE, { ids: [study], d: 'DOWN' }, hub.adminToken)
    expect(up.data).toEqual({ blindMove: [{ id: kitchen, motion: 'MOVING_UP' }] })
    expect(down.data).toEqual({ blindMove: [{ id: study, motion: 'MOVING_DOWN' }] })
    expect([board.emulator.coil(1, 0), board.emulator.coil(2, 5)]).toEqual([true, true])

    const signalled = boardNow()
    const stopped = await hub.signal('SIGTERM')
    expect(stopped.code).toBe(0)
    expect(stopped.ms).toBeLessThan(5000)

    // Switched off by the hub on its way out, long before the board's own timer.
    for (const address of ['1:0', '2:5']) {
      const changes = changesOf(board.emulator.record, coilAt(address))
      expect(changes.map((c) => [c.on, c.cause])).toEqual([
        [true, 'flash'],
        [false, 'write'],
      ])
      expect(changes[1]!.at).toBeGreaterThanOrEqual(signalled)
      expect(changes[1]!.at - changes[0]!.at).toBeLessThan(PULSE_MS)
    }
    expect(board.emulator.coils(1).some(Boolean)).toBe(false)
    expect(board.emulator.coils(2).some(Boolean)).toBe(false)
    expect(hub.lines.some((l) => l.includes('all relays off'))).toBe(true)
  })
})

describe('a hub process whose adapter is unplugged and plugged back', () => {
  let rig: ProcessRig | undefined
  let socket: Listener | undefined
  let blind: string
  beforeAll(async () => {
    rig = await startProcessRig({ deadTimeMs: 1000 })
    blind = await createBlindIn(rig.hub, 'Hall', '3:0', '3:1')
    socket = await listen(rig.hub.url, rig.hub.adminToken)
    await socket.next('bus:status', (s) => s.online)
  })
  afterAll(async () => {
    socket?.close()
    await closeProcessRig(rig)
  })

  const busStatus = async () => {
    const res = await rig!.hub.gql<{
      hubStatus: { bus: { online: boolean; path: string; error: string | null } }
    }>(HUB_STATUS, {}, rig!.hub.adminToken)
    return res.data!.hubStatus.bus
  }

  it('answers a move with 503 and tells sockets the bus is offline, and keeps running', async () => {
    const { hub, wire } = rig!
    socket!.received.splice(0)
    await wire.unplug()

    const offline = await socket!.next('bus:status', (s) => !s.online)
    expect(offline).toMatchObject({ online: false, path: wire.hubPath })
    expect(offline.error).toMatch(/^link lost: /)

    const moved = await hub.gql(MOVE, { ids: [blind], d: 'UP' }, hub.adminToken)
    expect(moved.data).toBeNull()
    expect(moved.errors?.map((e) => e.extensions.code)).toEqual([503])
    expect(moved.errors?.[0]?.message).toMatch(/offline/)

    const status = await busStatus()
    expect(status).toMatchObject({ online: false, path: wire.hubPath })
    // The loss, or by now the first failed attempt to reopen the device.
    expect(status.error).toMatch(/^(link lost: |cannot open \/)/)

    // The reopen attempts against a missing device go on in the background, harmlessly.
    const later = await until(
      'a failed attempt to reopen the device',
      async () => {
        const s = await busStatus()
        return s.error?.startsWith(`cannot open ${wire.hubPath}`) && s
      },
      5000,
      50,
    )
    expect(later.online).toBe(false)
    expect(hub.running).toBe(true)
  })

  it('comes back online once the adapter is plugged back in, without a restart', async () => {
    const { hub, wire, board } = rig!
    socket!.received.splice(0)
    await wire.plug()
    await board.reconnect()

    await waitFor('hubStatus online', async () => (await busStatus()).online, 15_000, 100)
    expect(await socket!.next('bus:status', (s) => s.online)).toEqual({
      online: true,
      path: wire.hubPath,
    })

    const moved = await hub.gql(MOVE, { ids: [blind], d: 'UP' }, hub.adminToken)
    expect(moved.errors).toBeUndefined()
    expect(moved.data).toEqual({ blindMove: [{ id: blind, motion: 'MOVING_UP' }] })
    expect(board.emulator.coil(3, 0)).toBe(true)
    expect(changesOf(board.emulator.record, coilAt('3:0')).map((c) => c.cause)).toEqual(['flash'])
    expect(hub.running).toBe(true)
  })
})

describe('a hub process whose LAMELLA_SERIAL names no device', () => {
  const folder = temporaryFolders('lamella-no-device-')
  let hub: HubProcess | undefined
  let device: string
  beforeAll(async () => {
    device = join(folder(), 'ttyUSB9')
    hub = await startHubProcess({ serial: device })
  })
  afterAll(() => hub?.close())

  it('logs once, at warn, that it cannot open the device, with the error and what to check', async () => {
    await quietPeriod(1800, 'the hub tries again at 0.5 s and 1.5 s and logs nothing more')
    expect(hub!.running).toBe(true)
    const lines = hub!.lines
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((l) => l.module === 'bus')
    expect(lines).toEqual([
      expect.objectContaining({
        level: 40,
        msg: 'cannot open the bus link; the hub keeps trying',
        path: device,
        error: `cannot open ${device}: Error: No such file or directory, cannot open ${device}`,
        hint: `The USB RS-485 adapter ${device} is not plugged in, or LAMELLA_SERIAL names the wrong device.`,
      }),
    ])
    const health = (await (await fetch(`${hub!.url}/healthz`)).json()) as Record<string, unknown>
    expect(health).toMatchObject({ status: 'degraded', bus: 'offline' })
  })
})
