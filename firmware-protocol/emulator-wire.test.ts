import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RelayBoardEmulator, type RelayBoardEmulatorOptions } from './emulator'
import { fromHex, toHex } from './rtu'

const RELAY_0_ON = '01 05 00 00 FF 00 8C 3A'
const READ_8 = '01 01 00 00 00 08 3D CC'
const ALL_OFF_READ = '01 01 01 00 51 88'
const ONLY_RELAY_0_ON_READ = '01 01 01 01 90 48'

let board: RelayBoardEmulator
let sent: string[]
let connection: ReturnType<RelayBoardEmulator['attach']>

function attach(options: RelayBoardEmulatorOptions = {}): (hex: string) => void {
  board = new RelayBoardEmulator({ now: () => Date.now(), ...options })
  sent = []
  connection = board.attach((bytes) => sent.push(toHex(bytes)))
  return (hex) => connection.receive(fromHex(hex))
}

beforeEach(() => {
  vi.useFakeTimers({ now: 0 })
})

afterEach(() => {
  connection.close()
  board.stop()
  vi.useRealTimers()
})

describe('the emulator attached to a byte stream', () => {
  it('assembles a request sent in 1-byte chunks and answers it once', async () => {
    const receive = attach()
    for (const byte of RELAY_0_ON.split(' ')) receive(byte)
    await vi.advanceTimersByTimeAsync(0)
    expect(sent).toEqual([RELAY_0_ON])
  })

  it('answers two requests that arrive in one chunk, in order', async () => {
    const receive = attach()
    receive(`${RELAY_0_ON} ${READ_8}`)
    await vi.advanceTimersByTimeAsync(0)
    expect(sent).toEqual([RELAY_0_ON, ONLY_RELAY_0_ON_READ])
  })

  it('skips garbage before a valid request', async () => {
    const receive = attach()
    receive(`00 FF 13 37 ${READ_8}`)
    await vi.advanceTimersByTimeAsync(0)
    expect(sent).toEqual([ALL_OFF_READ])
  })

  it('ignores a request with a bad CRC and answers the next', async () => {
    const receive = attach()
    receive('01 05 00 00 FF 00 8C 3B')
    await vi.advanceTimersByTimeAsync(10)
    receive(READ_8)
    await vi.advanceTimersByTimeAsync(0)
    expect(sent).toEqual([ALL_OFF_READ])
  })

  it('answers an unknown function with exception 0x01 once the line falls silent', async () => {
    const receive = attach()
    receive('01 2B 0E 01 00 70 77')
    await vi.advanceTimersByTimeAsync(3)
    expect(sent).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(sent).toEqual(['01 AB 01 9E F0'])
  })

  it('stays silent for a unit it does not have', async () => {
    const receive = attach()
    receive('09 05 00 00 FF 00 8D 72')
    await vi.advanceTimersByTimeAsync(100)
    expect(sent).toEqual([])
  })

  it('sends corrupted answers under a bad-crc fault', async () => {
    const receive = attach()
    board.setFault({ kind: 'bad-crc' })
    receive(READ_8)
    await vi.advanceTimersByTimeAsync(0)
    expect(sent).toEqual(['01 01 01 00 51 77'])
  })

  it('at 9600 baud acts when the request has arrived and answers after turnaround and answer', async () => {
    // 8-byte request: 8.33 ms on the line; turnaround 1.5 ms; 8-byte echo 8.33 ms: 18.17 ms.
    const receive = attach({ baud: 9600 })
    receive(RELAY_0_ON)
    await vi.advanceTimersByTimeAsync(8)
    expect(board.coil(1, 0)).toBe(false)
    await vi.advanceTimersByTimeAsync(1)
    expect(board.coil(1, 0)).toBe(true)
    expect(board.record[0]!.at).toBeGreaterThanOrEqual(8)
    await vi.advanceTimersByTimeAsync(9)
    expect(sent).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(sent).toEqual([RELAY_0_ON])
  })

  it('at 9600 baud takes two requests in one chunk one after the other', async () => {
    const receive = attach({ baud: 9600 })
    receive(`${RELAY_0_ON} 01 05 00 01 FF 00 DD FA`)
    await vi.advanceTimersByTimeAsync(9)
    expect([board.coil(1, 0), board.coil(1, 1)]).toEqual([true, false])
    await vi.advanceTimersByTimeAsync(8)
    expect([board.coil(1, 0), board.coil(1, 1)]).toEqual([true, true])
  })

  it('adds a slow fault to the wire time', async () => {
    const receive = attach({ baud: 9600 })
    board.setFault({ kind: 'slow', delayMs: 100 })
    receive(RELAY_0_ON)
    await vi.advanceTimersByTimeAsync(118)
    expect(sent).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(sent).toEqual([RELAY_0_ON])
  })

  it('sends nothing more once closed, while a flash still ends on its own', async () => {
    const receive = attach({ baud: 9600 })
    receive('01 05 02 00 00 07 8D B0')
    await vi.advanceTimersByTimeAsync(10)
    expect(board.coil(1, 0)).toBe(true)
    connection.close()
    receive(READ_8)
    await vi.advanceTimersByTimeAsync(1000)
    expect(sent).toEqual([])
    expect(board.coil(1, 0)).toBe(false)
    expect(vi.getTimerCount()).toBe(0)
  })
})
