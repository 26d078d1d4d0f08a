import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RelayBoardEmulator, type RelayBoardEmulatorOptions } from './emulator'
import { flashOff, flashOn } from './pulse'
import { decodeResponse, encodeRequest, fromHex, toHex, type Request } from './rtu'

const RELAY_0_ON = '01 05 00 00 FF 00 8C 3A'
const RELAY_0_OFF = '01 05 00 00 00 00 CD CA'
const FLASH_ON_RELAY_0_700_MS = '01 05 02 00 00 07 8D B0'

let board: RelayBoardEmulator

function makeBoard(options: RelayBoardEmulatorOptions = {}): RelayBoardEmulator {
  board = new RelayBoardEmulator({ now: () => Date.now(), ...options })
  return board
}

/** The board's answer to a request given as hex or as a Request, in hex ('' for none). */
function ask(request: string | Request): string {
  const frame = typeof request === 'string' ? fromHex(request) : encodeRequest(request)
  const answer = board.handleFrame(frame)
  return answer ? toHex(answer) : ''
}

/** The record without timestamps, as `unit:coil on|off (cause)`. */
function changes(): string[] {
  return board.record.map((c) => `${c.unit}:${c.coil} ${c.on ? 'on' : 'off'} (${c.cause})`)
}

beforeEach(() => {
  vi.useFakeTimers({ now: 1_000_000 })
})

afterEach(() => {
  board.stop()
  vi.useRealTimers()
})

describe('the relay board emulator, frame by frame', () => {
  it('switches relay 0 on and off, answering with the echo', () => {
    makeBoard()
    expect(ask(RELAY_0_ON)).toBe(RELAY_0_ON)
    expect(board.coil(1, 0)).toBe(true)
    expect(ask(RELAY_0_OFF)).toBe(RELAY_0_OFF)
    expect(board.coil(1, 0)).toBe(false)
    expect(changes()).toEqual(['1:0 on (write)', '1:0 off (write)'])
  })

  it('records only actual changes', () => {
    makeBoard()
    ask(RELAY_0_ON)
    ask(RELAY_0_ON)
    ask({ unit: 1, fn: 0x05, address: 1, value: 0 })
    expect(changes()).toEqual(['1:0 on (write)'])
  })

  it('writes several coils at once and reads them back', () => {
    makeBoard()
    const values = [true, false, true, true, false, false, false, false, true, true]
    expect(ask({ unit: 2, fn: 0x0f, address: 4, values })).toBe('02 0F 00 04 00 0A 94 3E')
    expect(board.coils(2).slice(0, 16)).toEqual([
      false,
      false,
      false,
      false,
      ...values,
      false,
      false,
    ])
    // coils 0-15: 4, 6, 7 on in the first byte (0xD0), 12, 13 on in the second (0x30)
    const answer = ask({ unit: 2, fn: 0x01, address: 0, quantity: 16 })
    expect(answer.slice(0, 14)).toBe('02 01 02 D0 30')
    expect(decodeResponse(fromHex(answer))).toMatchObject({ unit: 2, fn: 0x01 })
    expect(board.coils(1).some(Boolean)).toBe(false)
  })

  it('answers the Waveshare read of relays 0-7 with 01 01 01 00 51 88 when all are off', () => {
    makeBoard()
    expect(ask('01 01 00 00 00 08 3D CC')).toBe('01 01 01 00 51 88')
  })

  it('switches every unit for a broadcast write and answers none', () => {
    makeBoard({ units: [1, 2] })
    expect(ask({ unit: 0, fn: 0x05, address: 3, value: 0xff00 })).toBe('')
    expect([board.coil(1, 3), board.coil(2, 3)]).toEqual([true, true])
  })

  it('tells its listeners of each change until they unsubscribe', () => {
    makeBoard()
    const heard: boolean[] = []
    const unsubscribe = board.onChange((change) => heard.push(change.on))
    ask(RELAY_0_ON)
    unsubscribe()
    ask(RELAY_0_OFF)
    expect(heard).toEqual([true])
  })
})

describe('flash on and flash off', () => {
  it('turns a relay flashed on for 700 ms off by itself 700 ms later', () => {
    makeBoard()
    expect(ask(FLASH_ON_RELAY_0_700_MS)).toBe(FLASH_ON_RELAY_0_700_MS)
    expect(board.coil(1, 0)).toBe(true)
    vi.advanceTimersByTime(699)
    expect(board.coil(1, 0)).toBe(true)
    vi.advanceTimersByTime(1)
    expect(board.coil(1, 0)).toBe(false)
    expect(changes()).toEqual(['1:0 on (flash)', '1:0 off (flash-end)'])
    expect(board.record[1]!.at - board.record[0]!.at).toBe(700)
  })

  it('turns a relay flashed off on again after the time', () => {
    makeBoard()
    ask({ unit: 3, fn: 0x05, address: 7, value: 0xff00 })
    ask(flashOff(3, 7, 250))
    expect(board.coil(3, 7)).toBe(false)
    vi.advanceTimersByTime(300)
    expect(board.coil(3, 7)).toBe(true)
    expect(changes()).toEqual(['3:7 on (write)', '3:7 off (flash)', '3:7 on (flash-end)'])
  })

  it('cancels a pending flash end when a later command writes that relay', () => {
    makeBoard()
    ask(flashOn(1, 0, 700))
    vi.advanceTimersByTime(300)
    ask(RELAY_0_OFF)
    ask(flashOn(1, 1, 700))
    vi.advanceTimersByTime(200)
    ask(RELAY_0_ON)
    vi.advanceTimersByTime(1000)
    expect(board.coil(1, 0)).toBe(true)
    expect(changes()).toEqual([
      '1:0 on (flash)',
      '1:0 off (write)',
      '1:1 on (flash)',
      '1:0 on (write)',
      '1:1 off (flash-end)',
    ])
  })

  it('restarts the time when a relay is flashed again', () => {
    makeBoard()
    ask(flashOn(1, 0, 700))
    vi.advanceTimersByTime(600)
    ask(flashOn(1, 0, 700))
    vi.advanceTimersByTime(600)
    expect(board.coil(1, 0)).toBe(true)
    vi.advanceTimersByTime(100)
    expect(board.coil(1, 0)).toBe(false)
  })

  it('lets a pending flash end after stop() only if not stopped', () => {
    makeBoard()
    ask(flashOn(1, 0, 700))
    board.stop()
    vi.advanceTimersByTime(1000)
    expect(board.coil(1, 0)).toBe(true)
  })
})

describe('exceptions and silence', () => {
  it.each([
    ['coil 32 on a 32-coil unit', '01 05 00 20 FF 00 8D F0', '01 85 02 C3 51'],
    ['a flash of coil 32', '01 05 02 20 00 07 8C 7A', '01 85 02 C3 51'],
    [
      'a read running past coil 31',
      { unit: 1, fn: 0x01, address: 30, quantity: 3 } as Request,
      '01 81 02 C1 91',
    ],
    ['a read of 0 coils', '01 01 00 00 00 00 3C 0A', '01 81 03 00 51'],
    [
      'a write of 33 coils',
      { unit: 1, fn: 0x0f, address: 0, values: new Array<boolean>(33).fill(true) } as Request,
      '01 8F 02 C5 F1',
    ],
    [
      'a coil value that is neither on nor off',
      { unit: 1, fn: 0x05, address: 0, value: 0x1234 } as Request,
      '01 85 03 02 91',
    ],
    ['a flash of 0 units', '01 05 02 00 00 00 CC 72', '01 85 03 02 91'],
    [
      'a flash of 0x8000 units',
      { unit: 1, fn: 0x05, address: 0x0200, value: 0x8000 } as Request,
      '01 85 03 02 91',
    ],
    ['unknown function 0x2B', '01 2B 0E 01 00 70 77', '01 AB 01 9E F0'],
    [
      'a write multiple with a byte count that does not fit',
      '01 0F 00 00 00 08 02 FF 00 A5 70',
      '01 8F 03 04 31',
    ],
  ])('answers %s with an exception', (_, request, exception) => {
    makeBoard()
    expect(ask(request)).toBe(exception)
    expect(board.record).toEqual([])
  })

  it('answers flash on and flash off with 0x02 on a unit without them, as a standard board', () => {
    makeBoard({ unitsWithoutFlash: [1] })
    expect(ask(FLASH_ON_RELAY_0_700_MS)).toBe('01 85 02 C3 51')
    expect(ask(flashOff(1, 0, 700))).toBe('01 85 02 C3 51')
    expect(board.record).toEqual([])
    // Plain writes work as ever, and other units keep their flashes.
    expect(ask(RELAY_0_ON)).toBe(RELAY_0_ON)
    expect(ask(flashOn(2, 0, 700))).not.toBe('')
    expect(changes()).toEqual(['1:0 on (write)', '2:0 on (flash)'])
  })

  it('stays silent for a unit it does not have', () => {
    makeBoard()
    expect(ask({ unit: 9, fn: 0x05, address: 0, value: 0xff00 })).toBe('')
  })

  it('ignores a frame with a bad CRC, as a real board does', () => {
    makeBoard()
    expect(ask('01 05 00 00 FF 00 8C 3B')).toBe('')
    expect(board.coil(1, 0)).toBe(false)
  })

  it('refuses to tell the state of a coil or unit it does not have', () => {
    makeBoard()
    expect(() => board.coil(5, 0)).toThrow('unit 5 is not on this board')
    expect(() => board.coil(1, 32)).toThrow('coil must be an integer from 0 to 31 (got 32)')
  })
})

describe('faults', () => {
  it('makes a unit with no-answer neither act nor answer, leaving the others alone', () => {
    makeBoard()
    board.setFault({ kind: 'no-answer' }, 2)
    expect(ask({ unit: 2, fn: 0x05, address: 0, value: 0xff00 })).toBe('')
    expect(board.coil(2, 0)).toBe(false)
    expect(ask(RELAY_0_ON)).toBe(RELAY_0_ON)
  })

  it('corrupts the CRC of the answers of every unit, while still acting', () => {
    makeBoard()
    board.setFault({ kind: 'bad-crc' })
    const answer = ask(RELAY_0_ON)
    expect(answer).toBe('01 05 00 00 FF 00 8C C5')
    expect(() => decodeResponse(fromHex(answer))).toThrow('CRC mismatch')
    expect(board.coil(1, 0)).toBe(true)
  })

  it('clears every fault when told none for all units', () => {
    makeBoard()
    board.setFault({ kind: 'no-answer' }, 1)
    board.setFault({ kind: 'none' })
    expect(ask(RELAY_0_ON)).toBe(RELAY_0_ON)
  })

  it('answers a slow unit late through attach, but at once frame by frame', async () => {
    makeBoard()
    board.setFault({ kind: 'slow', delayMs: 400 }, 1)
    expect(ask(RELAY_0_OFF)).toBe(RELAY_0_OFF)
    const sent: string[] = []
    const connection = board.attach((bytes) => sent.push(toHex(bytes)))
    connection.receive(fromHex(RELAY_0_ON))
    expect(board.coil(1, 0)).toBe(true)
    await vi.advanceTimersByTimeAsync(399)
    expect(sent).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(sent).toEqual([RELAY_0_ON])
    connection.close()
  })

  it('ignores the next offs of one coil with deaf-to-off, and then hears them again', () => {
    makeBoard()
    ask(RELAY_0_ON)
    ask({ unit: 1, fn: 0x05, address: 1, value: 0xff00 })
    board.setFault({ kind: 'deaf-to-off', coil: 0, times: 2 }, 1)
    // Other coils, and an on of the same coil, are heard.
    expect(ask({ unit: 1, fn: 0x05, address: 1, value: 0x0000 })).not.toBe('')
    expect(ask(RELAY_0_ON)).toBe(RELAY_0_ON)
    expect(ask(RELAY_0_OFF)).toBe('')
    expect(ask({ unit: 1, fn: 0x0f, address: 0, values: [false, false] })).toBe('')
    expect(board.coil(1, 0)).toBe(true)
    expect(ask(RELAY_0_OFF)).toBe(RELAY_0_OFF)
    expect(board.coil(1, 0)).toBe(false)
  })

  it('refuses a deaf-to-off fault for no time at all', () => {
    makeBoard()
    expect(() => board.setFault({ kind: 'deaf-to-off', coil: 0, times: 0 })).toThrow(RangeError)
  })

  it('refuses a slow fault with a negative delay', () => {
    makeBoard()
    expect(() => board.setFault({ kind: 'slow', delayMs: -1 })).toThrow(RangeError)
  })
})
