// A hub whose bus is a pseudo-terminal wire with the relay-board emulator on its other end: the
// setup of every test that watches real frames, and its teardown in the right order.
import type { RelayBoardEmulatorOptions } from '../../firmware-protocol/emulator'
import type { Config } from '../../hub/config'
import { startHub, type StartOptions, type TestHub } from './hub'
import { startBoard, startWire, type Board, type Wire } from './pty'

export interface HubOnWire {
  wire: Wire
  board: Board
  t: TestHub
  /** The hub first (its relays go off while the board still listens), then board and wire. */
  close(): Promise<void>
}

export async function startHubOnWire(
  config: Partial<Config> = {},
  options: Omit<StartOptions, 'config'> = {},
  boardOptions: RelayBoardEmulatorOptions = {},
): Promise<HubOnWire> {
  const wire = await startWire()
  let board: Board | undefined
  let t: TestHub
  try {
    board = await startBoard(wire, boardOptions)
    t = await startHub({ ...options, config: { serial: wire.hubPath, ...config } })
  } catch (err) {
    await board?.close()
    await wire.close()
    throw err
  }
  return {
    wire,
    board,
    t,
    close: async () => {
      await t.close()
      await board.close()
      await wire.close()
    },
  }
}
