// The safe state (ARCHITECTURE.md section 5): whatever a board's relays were left doing, every
// relay of every known blind is switched off when the hub starts and each time its link opens
// again, over the real serialport code on a pseudo-terminal pair.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeRequest } from '../../firmware-protocol/rtu'
import { startBoard, startWire, type Board, type Wire } from '../helpers/pty'
import { startHubProcess, type HubProcess } from './hub-process'
import { waitFor } from './polling'

const CREATE_BLIND = 'mutation($input: BlindInput!) { blindCreate(input: $input) { id } }'
const HUB_STATUS = '{ hubStatus { bus { online } } }'

/** Two blinds on two units; their four relays. */
const BLINDS = [
  { name: 'Kitchen', blindAddressUp: '1:0', blindAddressDown: '1:1' },
  { name: 'Study', blindAddressUp: '2:4', blindAddressDown: '2:5' },
]
const RELAYS = [
  [1, 0],
  [1, 1],
  [2, 4],
  [2, 5],
] as const

/** Switches a relay on behind the hub's back, as a board left on by a crash would be. */
function leaveOn(board: Board, unit: number, coil: number): void {
  board.emulator.handleFrame(encodeRequest({ unit, fn: 0x05, address: coil, value: 0xff00 }))
}

const relaysOn = (board: Board) => RELAYS.filter(([u, c]) => board.emulator.coil(u, c))

describe('the safe state', () => {
  let wire: Wire
  let board: Board
  let dir: string
  let hub: HubProcess | undefined

  beforeAll(async () => {
    wire = await startWire()
    board = await startBoard(wire)
    dir = mkdtempSync(join(tmpdir(), 'lamella-safe-'))
    // A first hub learns the blinds, then dies without a chance to switch anything off.
    const first = await startHubProcess({ serial: wire.hubPath, dbPath: join(dir, 'lamella.db') })
    for (const input of BLINDS) {
      const res = await first.gql(
        CREATE_BLIND,
        { input: { ...input, travelTimeMs: 1000 } },
        first.adminToken,
      )
      expect(res.errors).toBeUndefined()
    }
    await first.signal('SIGKILL')
    await first.close()
  })
  afterAll(async () => {
    await hub?.close()
    await board?.close()
    await wire?.close()
    rmSync(dir, { recursive: true, force: true })
  })

  it('switches every relay of every known blind off when the hub starts', async () => {
    for (const [unit, coil] of [RELAYS[0], RELAYS[3]]) leaveOn(board, unit, coil)
    expect(relaysOn(board)).toHaveLength(2)

    hub = await startHubProcess({ serial: wire.hubPath, dbPath: join(dir, 'lamella.db') })
    await waitFor('every relay off after the start', () => relaysOn(board).length === 0)
    const offs = board.emulator.record.filter((c) => !c.on && c.cause === 'write')
    expect(offs.map((c) => `${c.unit}:${c.coil}`).sort()).toEqual(['1:0', '2:5'])
  })

  it('switches them off again when the link opens after the adapter was plugged back in', async () => {
    await wire.unplug()
    for (const [unit, coil] of [RELAYS[1], RELAYS[2]]) leaveOn(board, unit, coil)
    expect(relaysOn(board)).toHaveLength(2)

    await wire.plug()
    await board.reconnect()
    await waitFor(
      'the bus back online',
      async () =>
        (
          await hub!.gql<{ hubStatus: { bus: { online: boolean } } }>(
            HUB_STATUS,
            {},
            hub!.adminToken,
          )
        ).data?.hubStatus.bus.online === true,
      15_000,
      100,
    )
    await waitFor('every relay off after the reopen', () => relaysOn(board).length === 0)
  })
})
