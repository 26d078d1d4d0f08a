// Every report the transport makes about the bus, produced by the real transport (a real
// serial device that is not there, the emulator with faults), and the sentence it becomes.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { RelayBoardEmulator } from '../../firmware-protocol/emulator'
import type { Request } from '../../firmware-protocol/rtu'
import { RecordingLink } from '../../tests/helpers/recording-link'
import { busProblem } from './bus-problem'
import { LinkListeners, type Link } from './link'
import { EmulatorLink } from './link-emulator'
import { SerialLink } from './link-serial'
import { Transport } from './transport'

const quiet = { info() {}, warn() {} }
const RELAY_ON = (unit: number, coil = 0): Request => ({
  unit,
  fn: 0x05,
  address: coil,
  value: 0xff00,
})

let transports: Transport[] = []
let folders: string[] = []
afterEach(async () => {
  for (const t of transports) await t.stop()
  for (const f of folders) rmSync(f, { recursive: true, force: true })
  transports = []
  folders = []
})

/** The transport's status after it tried to open `link`, and after `then` ran on it. */
async function statusAfter(link: Link, then?: (t: Transport) => Promise<unknown>) {
  const t = new Transport({ link, baud: 9600, parity: 'none', log: quiet, timeoutMs: 30 })
  transports.push(t)
  await t.start()
  await then?.(t).catch(() => undefined)
  return t.status()
}

/** A link whose device refuses to open, or to take bytes, as a real one can. */
class RefusingLink implements Link {
  readonly listeners = new LinkListeners()
  private readonly inner = new EmulatorLink(new RelayBoardEmulator())
  constructor(
    readonly path: string,
    private readonly refuse: { open?: string; write?: string },
  ) {}
  get isOpen() {
    return this.inner.isOpen
  }
  async open() {
    if (this.refuse.open) throw new Error(this.refuse.open)
    await this.inner.open()
  }
  async write(bytes: Uint8Array) {
    if (this.refuse.write) throw new Error(this.refuse.write)
    await this.inner.write(bytes)
  }
  onData(listener: (chunk: Uint8Array) => void) {
    return this.inner.onData(listener)
  }
  onLost(listener: (reason: Error) => void) {
    return this.listeners.onLost(listener)
  }
  async close() {
    await this.inner.close()
  }
}

describe('what the bus says, in words', () => {
  it('says nothing while the bus is online and answering', () => {
    expect(busProblem({ online: true, path: '/dev/ttyUSB0' })).toBeNull()
    expect(busProblem({ online: true, path: '/dev/ttyUSB0', error: null })).toBeNull()
  })

  it('says an adapter that is not there is not plugged in, keeping the raw text', async () => {
    const path = '/dev/ttyUSB-lamella-not-there'
    const status = await statusAfter(new SerialLink({ path, baud: 9600, parity: 'none' }))
    expect(status.error).toMatch(/^cannot open .*No such file or directory/)
    expect(busProblem(status)).toEqual({
      offline: true,
      sentence: `The USB RS-485 adapter ${path} is not plugged in, or LAMELLA_SERIAL names the wrong device.`,
      detail: status.error,
    })
  })

  it.each([
    ['a folder', () => mkdtempSync(join(tmpdir(), 'lamella-not-a-port-'))],
    ['an ordinary device', () => '/dev/null'],
  ])('says %s is not a serial port', async (_, make) => {
    const path = make()
    if (path.startsWith(tmpdir())) folders.push(path)
    const status = await statusAfter(new SerialLink({ path, baud: 9600, parity: 'none' }))
    expect(busProblem(status)?.sentence).toBe(
      `${path} is not a serial port: LAMELLA_SERIAL must name the RS-485 adapter.`,
    )
  })

  it('asks about group dialout when the device may not be opened', async () => {
    // serialport's words for EACCES; this test runs as root, where a real refusal cannot happen.
    const path = '/dev/ttyUSB0'
    const link = new RefusingLink(path, { open: `Error: Permission denied, cannot open ${path}` })
    expect(busProblem(await statusAfter(link))?.sentence).toBe(
      `The hub has no permission to open ${path} (is the hub's user in group dialout?).`,
    )
  })

  it('says another program holds the device when it is locked', async () => {
    const link = new RefusingLink('/dev/ttyUSB0', {
      open: 'Error Resource temporarily unavailable Cannot lock port',
    })
    expect(busProblem(await statusAfter(link))?.sentence).toBe(
      'Another program is using /dev/ttyUSB0: a second hub, or the lamella emulator command?',
    )
  })

  it('says the adapter went away when the link is lost', async () => {
    const link = new RefusingLink('/dev/ttyUSB0', {})
    const status = await statusAfter(link, async () => {
      await link.close()
      link.listeners.emitLost(new Error('EIO: i/o error, read'))
    })
    expect(busProblem(status)).toEqual({
      offline: true,
      sentence:
        'The USB RS-485 adapter /dev/ttyUSB0 was unplugged or stopped working; the hub keeps trying to open it again.',
      detail: 'link lost: EIO: i/o error, read',
    })
  })

  it('says the hub could not send when writing fails', async () => {
    const link = new RefusingLink('/dev/ttyUSB0', { write: 'EIO: i/o error, write' })
    const status = await statusAfter(link, (t) => t.transact(RELAY_ON(1)))
    expect(busProblem(status)?.sentence).toBe(
      'The hub could not send to /dev/ttyUSB0; the adapter may have been unplugged.',
    )
  })

  it('names a board that does not answer, while the bus stays online as another board answers', async () => {
    const status = await statusAfter(new RecordingLink(new RelayBoardEmulator()), async (t) => {
      await t.transact(RELAY_ON(1))
      await t.transact(RELAY_ON(9))
    })
    expect(busProblem(status)).toEqual({
      offline: false,
      sentence:
        'Relay board unit 9 did not answer: check that it has power, that its A and B wires are connected, and that its address is 9.',
      detail: status.error,
    })
    expect(status.error).toMatch(/^unit 9 did not answer/)
  })

  it('says the bus is offline, naming the board, when no board it asked answers', async () => {
    const status = await statusAfter(new RecordingLink(new RelayBoardEmulator()), (t) =>
      t.transact(RELAY_ON(9)),
    )
    expect(busProblem(status)).toEqual({
      offline: true,
      sentence:
        'Relay board unit 9 did not answer: check that it has power, that its A and B wires are connected, and that its address is 9.',
      detail: status.error,
    })
  })

  it('points at wiring and baud rate when a board answers garbled', async () => {
    const emulator = new RelayBoardEmulator()
    emulator.setFault({ kind: 'bad-crc' })
    const status = await statusAfter(new RecordingLink(emulator), (t) => t.transact(RELAY_ON(1)))
    expect(busProblem(status)?.sentence).toBe(
      "Relay board unit 1 answered with garbled data: check the A and B wires, and that the board's baud rate and parity match LAMELLA_BAUD and LAMELLA_PARITY.",
    )
  })

  it('points at the blind’s addresses when a board refuses a relay it does not have', async () => {
    const emulator = new RelayBoardEmulator({ coilsPerUnit: 32 })
    const status = await statusAfter(new RecordingLink(emulator), (t) =>
      t.transact(RELAY_ON(1, 40)),
    )
    expect(busProblem(status)?.sentence).toBe(
      "Relay board unit 1 refused a command (illegal data address): the relay may not exist on that board, so check the blind's addresses.",
    )
  })

  it('says the bus is not open yet when the hub gave no reason', () => {
    expect(busProblem({ online: false, path: 'emulator' })).toEqual({
      offline: true,
      sentence: 'The hub has not opened the relay bus on emulator yet.',
      detail: null,
    })
  })
})
