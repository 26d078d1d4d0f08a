// The safe state at a link's open when the board misses it: the all-off is asked again, a few
// times, and not forever.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RelayBoardEmulator } from '../../firmware-protocol/emulator'
import { encodeRequest } from '../../firmware-protocol/rtu'
import { Bus, SAFE_STATE_ATTEMPTS, SAFE_STATE_RETRY_MS } from './bus'
import { EmulatorLink } from './link-emulator'

const KITCHEN = { id: 'kitchen', up: { unit: 1, coil: 0 }, down: { unit: 1, coil: 1 } }

function busOn(emulator: RelayBoardEmulator) {
  const failures: string[] = []
  const bus = new Bus({
    config: { serial: 'emulator', baud: 115200, parity: 'none', pulse: 'device', deadTimeMs: 0 },
    log: { info() {}, warn() {}, error: (_obj, msg) => failures.push(msg) },
    knownBlinds: () => [KITCHEN],
    onStatus() {},
    link: new EmulatorLink(emulator),
  })
  return { bus, failures }
}

/** A relay a dead hub left on. */
const leaveOn = (emulator: RelayBoardEmulator) =>
  emulator.handleFrame(encodeRequest({ unit: 1, fn: 0x05, address: 0, value: 0xff00 }))

let stop: (() => Promise<void>) | undefined
afterEach(async () => {
  await stop?.()
  stop = undefined
})

describe("the all-off at a link's open", () => {
  it('is asked again when the board did not answer it, and then switches the relay off', async () => {
    const emulator = new RelayBoardEmulator()
    leaveOn(emulator)
    emulator.setFault({ kind: 'no-answer' })
    const { bus, failures } = busOn(emulator)
    stop = () => bus.stop()
    await bus.start()
    await vi.waitFor(() => expect(failures).toEqual(['could not switch every relay off']), {
      timeout: 3000,
    })
    expect(emulator.coil(1, 0)).toBe(true)

    emulator.setFault({ kind: 'none' })
    await vi.waitFor(() => expect(emulator.coil(1, 0)).toBe(false), {
      timeout: SAFE_STATE_RETRY_MS + 1000,
    })
  })

  it(`gives up after ${SAFE_STATE_ATTEMPTS} tries when the unit never answers`, async () => {
    const emulator = new RelayBoardEmulator()
    emulator.setFault({ kind: 'no-answer' })
    const { bus, failures } = busOn(emulator)
    stop = () => bus.stop()
    await bus.start()
    await vi.waitFor(() => expect(failures).toHaveLength(SAFE_STATE_ATTEMPTS), {
      timeout: SAFE_STATE_ATTEMPTS * (SAFE_STATE_RETRY_MS + 1500),
    })
    await new Promise((r) => setTimeout(r, SAFE_STATE_RETRY_MS + 1500))
    expect(failures).toHaveLength(SAFE_STATE_ATTEMPTS)
  })
})
