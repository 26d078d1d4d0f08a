// A wire for bus tests: two pseudo-terminals joined back to back by scripts/pty-pair.py (only
// python3's standard library, so no socat needed), the hub opens one end through the real
// serialport code, and a relay-board emulator (with wire timing) answers on the other.
// Killing the pair is unplugging the USB adapter; starting it again on the same paths re-plugs.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  RelayBoardEmulator,
  type RelayBoardEmulatorOptions,
} from '../../firmware-protocol/emulator'
import { SerialLink } from '../../hub/bus/link-serial'
import { projectRoot } from '../../hub/paths'
import { runAsHardware } from './hardware-priority'

const PTY_PAIR = join(projectRoot, 'scripts', 'pty-pair.py')

export const BAUD = 9600

export interface Wire {
  /** The end the hub opens (LAMELLA_SERIAL). */
  hubPath: string
  /** The end the board listens on. */
  boardPath: string
  /** Pulls the plug: both pseudo-terminals vanish. */
  unplug(): Promise<void>
  /** Puts it back on the same paths. */
  plug(): Promise<void>
  close(): Promise<void>
}

export async function startWire(): Promise<Wire> {
  const dir = mkdtempSync(join(tmpdir(), 'lamella-wire-'))
  const hubPath = join(dir, 'hub')
  const boardPath = join(dir, 'board')
  let pair: ChildProcess | null = null

  const plug = async () => {
    // Its standard input is a pipe from this process: when the test run dies, the pair ends.
    const child = spawn('python3', [PTY_PAIR, hubPath, boardPath], {
      stdio: ['pipe', 'pipe', 'inherit'],
    })
    pair = child
    runAsHardware(child.pid)
    await new Promise<void>((resolve, reject) => {
      let said = ''
      const timer = setTimeout(() => fail(new Error('pty-pair.py was not ready within 5 s')), 5000)
      function fail(err: Error) {
        clearTimeout(timer)
        child.kill('SIGKILL')
        reject(err)
      }
      child.once('error', fail)
      child.once('exit', (code) => fail(new Error(`pty-pair.py exited with code ${code}`)))
      child.stdout!.on('data', (chunk: Buffer) => {
        said += chunk.toString('utf8')
        if (!said.includes('ready\n')) return
        clearTimeout(timer)
        child.removeAllListeners('exit')
        child.removeListener('error', fail)
        resolve()
      })
    })
  }
  const unplug = async () => {
    const p = pair
    pair = null
    if (!p || p.exitCode !== null || p.signalCode !== null) return
    await new Promise<void>((resolve) => {
      p.once('exit', () => resolve())
      // No chance to tidy up, as when the adapter is pulled: the pseudo-terminals vanish.
      p.kill('SIGKILL')
    })
    while (existsSync(hubPath) || existsSync(boardPath)) await new Promise((r) => setTimeout(r, 10))
    // The links dangle now; a later pseudo-terminal may get the same number, so drop them.
    rmSync(hubPath, { force: true })
    rmSync(boardPath, { force: true })
  }
  await plug()
  return {
    hubPath,
    boardPath,
    unplug,
    plug,
    close: async () => {
      await unplug()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

export interface Board {
  emulator: RelayBoardEmulator
  /** Re-attaches after the wire was re-plugged. */
  reconnect(): Promise<void>
  close(): Promise<void>
}

/** A relay board emulator answering on the board end of the wire, at 9600 baud by default. */
export async function startBoard(
  wire: Wire,
  options: RelayBoardEmulatorOptions = {},
): Promise<Board> {
  const emulator = new RelayBoardEmulator({
    baud: BAUD,
    now: () => performance.timeOrigin + performance.now(),
    ...options,
  })
  let link: SerialLink | null = null
  let connection: { receive(chunk: Uint8Array): void; close(): void } | null = null

  const connect = async () => {
    link = new SerialLink({
      path: wire.boardPath,
      baud: options.baud ?? BAUD,
      parity: options.parity ?? 'none',
    })
    await link.open()
    const open = link
    connection = emulator.attach((bytes) => void open.write(bytes).catch(() => undefined))
    const conn = connection
    link.onData((chunk) => conn.receive(chunk))
  }
  const disconnect = async () => {
    connection?.close()
    connection = null
    await link?.close()
    link = null
  }
  await connect()
  return {
    emulator,
    reconnect: async () => {
      await disconnect()
      await connect()
    },
    close: async () => {
      await disconnect()
      emulator.stop()
    },
  }
}

/** True when, at some moment of the record, both coils were on together. */
export function bothOnAtOnce(
  record: readonly { unit: number; coil: number; on: boolean }[],
  a: { unit: number; coil: number },
  b: { unit: number; coil: number },
): boolean {
  let aOn = false
  let bOn = false
  for (const change of record) {
    if (change.unit === a.unit && change.coil === a.coil) aOn = change.on
    if (change.unit === b.unit && change.coil === b.coil) bOn = change.on
    if (aOn && bOn) return true
  }
  return false
}
