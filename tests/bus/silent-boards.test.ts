// Relay boards that stop answering while the serial link stays open (the emulator's
// `--fault no-answer`, a board without power, A and B swapped): the hub's status says what the
// moves meet. Over the real serialport code on a pseudo-terminal pair; hubStatus, the
// bus:status pushes and /healthz all agree (ARCHITECTURE.md sections 4 and 5).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createBlind, type TestHub } from '../helpers/hub'
import type { Board } from '../helpers/pty'
import { startHubOnWire, type HubOnWire } from '../helpers/hub-on-wire'
import { listen, type Listener } from './socket-listener'

const MOVE =
  'mutation($ids: [ID!]!, $d: Direction!) { blindMove(ids: $ids, direction: $d) { id motion } }'
const HUB_STATUS = '{ hubStatus { bus { online path error } } }'

describe('relay boards that do not answer on an open serial link', () => {
  let rig: HubOnWire | undefined
  let t: TestHub
  let board: Board
  let socket: Listener | undefined
  let hall: string
  let attic: string
  beforeAll(async () => {
    rig = await startHubOnWire({ deadTimeMs: 200 })
    ;({ t, board } = rig)
    hall = await createBlind(t, 'Hall', '1:0', '1:1', 1000)
    attic = await createBlind(t, 'Attic', '2:0', '2:1', 1000)
    socket = await listen(t.url, t.adminToken)
    await socket.next('bus:status', (s) => s.online)
  })
  afterAll(async () => {
    socket?.close()
    await rig?.close()
  })

  const busStatus = async () =>
    (
      await t.gql<{ hubStatus: { bus: { online: boolean; path: string; error: string | null } } }>(
        HUB_STATUS,
        {},
        t.adminToken,
      )
    ).data!.hubStatus.bus
  const health = async () =>
    (await (await fetch(`${t.url}/healthz`)).json()) as { status: string; bus: string }

  it('reports the bus offline, naming the silent board, once no board answers, as every move meets', async () => {
    board.emulator.setFault({ kind: 'no-answer' })
    socket!.received.splice(0)

    const moved = await t.gql(MOVE, { ids: [hall], d: 'UP' }, t.adminToken)
    expect(moved.errors?.map((e) => e.extensions.code)).toEqual([503])
    expect(moved.errors?.[0]?.message).toMatch(/unit 1 did not answer/)

    // The hub asks the Attic's board too, by itself, and finds that none answers.
    const offline = await socket!.next('bus:status', (s) => !s.online, 10_000)
    expect(offline).toEqual({
      online: false,
      path: rig!.wire.hubPath,
      error: expect.stringMatching(/^unit 1 did not answer within 250 ms \(3 tries\)$/),
    })
    expect(await busStatus()).toEqual({
      online: false,
      path: rig!.wire.hubPath,
      error: offline.error,
    })
    expect(await health()).toMatchObject({ status: 'degraded', bus: 'offline' })

    // What the status says is what a move meets.
    const other = await t.gql(MOVE, { ids: [attic], d: 'UP' }, t.adminToken)
    expect(other.errors?.map((e) => e.extensions.code)).toEqual([503])
    expect(other.errors?.[0]?.message).toMatch(/offline: unit 2 did not answer/)
    expect(board.emulator.record).toEqual([])
  })

  it('reports the bus online again once a board answers, without a command, and moves again', async () => {
    socket!.received.splice(0)
    board.emulator.setFault({ kind: 'none' })

    // Found by the hub's own questions: one coil read per board, which changes no relay.
    expect(await socket!.next('bus:status', (s) => s.online, 15_000)).toMatchObject({
      online: true,
      path: rig!.wire.hubPath,
    })
    expect((await busStatus()).online).toBe(true)
    expect(await health()).toMatchObject({ bus: 'online' })
    expect(board.emulator.record).toEqual([])

    const moved = await t.gql(MOVE, { ids: [hall], d: 'UP' }, t.adminToken)
    expect(moved.data).toEqual({ blindMove: [{ id: hall, motion: 'MOVING_UP' }] })
    expect(board.emulator.coil(1, 0)).toBe(true)
    expect(await busStatus()).toEqual({ online: true, path: rig!.wire.hubPath, error: null })
  })
})
