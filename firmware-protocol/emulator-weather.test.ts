// The weather sensor unit of the emulated bus, frame by frame: what a hub reading unit 10's
// registers gets, and what it gets for a request the unit does not serve.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RelayBoardEmulator, type RelayBoardEmulatorOptions } from './emulator'
import { registerValue } from './register-value'
import {
  checkReply,
  decodeResponse,
  encodeRequest,
  encodeResponse,
  fromHex,
  toHex,
  withCrc,
  type ReadRegistersRequest,
  type Request,
} from './rtu'
import { WEATHER_REGISTER_FORMATS, weatherRegisters } from './emulator-weather'
import { builtInWeather } from './weather-script'
import { parseWeatherFile } from './weather-file'

const START = 1_000_000
const FROST = parseWeatherFile(
  `[{ "atS": 0, "wind": 14.2, "rain": 0, "temperatureC": -5 },
    { "atS": 60, "wind": 3.5, "rain": 1, "temperatureC": 21.5 }]`,
  'frost.json',
)

let board: RelayBoardEmulator
let now: number

function makeBoard(options: RelayBoardEmulatorOptions = {}): RelayBoardEmulator {
  board = new RelayBoardEmulator({
    now: () => now,
    weather: { script: FROST },
    ...options,
  })
  return board
}

/** The answer's bytes in hex, '' for none. */
function ask(request: string | Request): string {
  const frame = typeof request === 'string' ? fromHex(request) : encodeRequest(request)
  const answer = board.handleFrame(frame)
  return answer ? toHex(answer) : ''
}

/** Registers 0-2 of unit 10 read by `fn`, checked as the hub checks them. */
function readWeather(fn: 0x03 | 0x04 = 0x03): number[] {
  const request: ReadRegistersRequest = { unit: 10, fn, address: 0, quantity: 3 }
  const answer = board.handleFrame(encodeRequest(request))
  if (!answer) throw new Error('unit 10 did not answer')
  return checkReply(request, decodeResponse(answer)).registers
}

beforeEach(() => {
  now = START
})

afterEach(() => board.stop())

describe('the weather sensor unit', () => {
  it('answers 0x03 at unit 10 with wind x10, rain and temperature x10 as int16', () => {
    makeBoard()
    expect(ask('0A 03 00 00 00 03 04 B0')).toBe('0A 03 06 00 8E 00 00 FF CE FA 3E')
    const [wind, rain, temperature] = readWeather()
    expect(registerValue(wind!, WEATHER_REGISTER_FORMATS.wind)).toBe(14.2)
    expect(rain).toBe(0)
    expect(registerValue(temperature!, WEATHER_REGISTER_FORMATS.temperature)).toBe(-5)
  })

  it('answers 0x04 with the same registers, and follows its script as time goes on', () => {
    makeBoard()
    expect(readWeather(0x04)).toEqual(readWeather(0x03))
    now = START + 60_000
    expect(ask('0A 04 00 00 00 03 B1 70')).toBe('0A 04 06 00 23 00 01 00 D7 C7 FA')
    expect(board.weather!.reading()).toEqual({
      wind: 3.5,
      rain: 1,
      temperatureC: 21.5,
      step: 'entry 2',
    })
  })

  it('reads a single register, and any run of them within 0-2', () => {
    makeBoard()
    expect(ask({ unit: 10, fn: 0x03, address: 1, quantity: 1 })).toBe(
      toHex(encodeResponse({ unit: 10, fn: 0x03, registers: [0] })),
    )
    expect(readRange(2, 1)).toEqual([0xffce])
    expect(readRange(1, 2)).toEqual([0, 0xffce])
  })

  it('counts time from when the board was made, or from the start it is given', () => {
    makeBoard({ weather: { script: FROST, startedAt: START - 60_000 } })
    expect(board.weather!.reading().step).toBe('entry 2')
    expect(board.weather!.elapsedMs()).toBe(60_000)
  })

  it('reports its wind and temperature as its registers carry them, to 0.1', () => {
    makeBoard({ weather: { script: builtInWeather('gusty') } })
    for (let t = 0; t < 60_000; t += 250) {
      now = START + t
      const reading = board.weather!.reading()
      const [wind, , temperature] = weatherRegisters(builtInWeather('gusty').at(t))
      expect(reading.wind).toBe(wind! / 10)
      expect(reading.temperatureC).toBe(temperature! / 10)
      expect(readWeather()[0]).toBe(wind)
    }
  })

  it.each([
    ['a read past register 2', { unit: 10, fn: 0x03, address: 0, quantity: 4 }, '0A 83 02'],
    ['a read of register 3', { unit: 10, fn: 0x04, address: 3, quantity: 1 }, '0A 84 02'],
    ['a read of 0 registers', '0A 03 00 00 00 00', '0A 83 03'],
    ['a read of 126 registers', '0A 04 00 00 00 7E', '0A 84 03'],
    ['a write single coil', { unit: 10, fn: 0x05, address: 0, value: 0xff00 }, '0A 85 01'],
    [
      'a write multiple coils',
      { unit: 10, fn: 0x0f, address: 0, values: [true, false] },
      '0A 8F 01',
    ],
    ['a read of coils', { unit: 10, fn: 0x01, address: 0, quantity: 8 }, '0A 81 01'],
    ['an unknown function', '0A 2B 0E 01 00', '0A AB 01'],
  ] satisfies [string, string | Request, string][])(
    'answers %s with an exception',
    (_, request, exception) => {
      makeBoard()
      // Frames the encoder refuses to make are given without their CRC.
      const frame = typeof request === 'string' ? toHex(withCrc(fromHex(request))) : request
      expect(ask(frame)).toBe(toHex(withCrc(fromHex(exception))))
      expect(board.record).toEqual([])
    },
  )

  it('is silent under a no-answer fault, answers with a broken CRC under bad-crc', () => {
    makeBoard()
    board.setFault({ kind: 'no-answer' }, 10)
    expect(ask('0A 03 00 00 00 03 04 B0')).toBe('')
    board.setFault({ kind: 'bad-crc' }, 10)
    expect(ask('0A 03 00 00 00 03 04 B0')).toBe('0A 03 06 00 8E 00 00 FF CE FA C1')
    board.setFault({ kind: 'no-answer' })
    expect(ask('0A 03 00 00 00 03 04 B0')).toBe('')
    board.setFault({ kind: 'none' })
    expect(ask('0A 03 00 00 00 03 04 B0')).toBe('0A 03 06 00 8E 00 00 FF CE FA 3E')
  })

  it('answers late under a slow fault through attach, the relay units on time', async () => {
    vi.useFakeTimers()
    try {
      makeBoard()
      board.setFault({ kind: 'slow', delayMs: 300 }, 10)
      const sent: string[] = []
      const connection = board.attach((bytes) => sent.push(toHex(bytes)))
      connection.receive(fromHex('0A 03 00 00 00 03 04 B0'))
      connection.receive(fromHex('01 05 00 00 FF 00 8C 3A'))
      await vi.advanceTimersByTimeAsync(299)
      expect(sent).toEqual(['01 05 00 00 FF 00 8C 3A'])
      await vi.advanceTimersByTimeAsync(1)
      expect(sent).toEqual(['01 05 00 00 FF 00 8C 3A', '0A 03 06 00 8E 00 00 FF CE FA 3E'])
      connection.close()
    } finally {
      vi.useRealTimers()
    }
  })

  it('answers at the unit it is given, and only there', () => {
    makeBoard({ weather: { unit: 20, script: FROST } })
    expect(ask('0A 03 00 00 00 03 04 B0')).toBe('')
    expect(ask({ unit: 20, fn: 0x03, address: 0, quantity: 1 })).toBe(
      toHex(encodeResponse({ unit: 20, fn: 0x03, registers: [142] })),
    )
  })

  it('stays out of broadcasts, which only relay units act on', () => {
    makeBoard()
    expect(ask('00 05 00 03 FF 00 7D EB')).toBe('')
    expect(board.coil(1, 3)).toBe(true)
    expect(ask('0A 03 00 00 00 03 04 B0')).toBe('0A 03 06 00 8E 00 00 FF CE FA 3E')
  })

  it('refuses a weather unit that is also a relay unit, or outside 1-247', () => {
    expect(() => makeBoard({ units: [1, 10], weather: { script: FROST } })).toThrow(
      'the weather unit 10 is also a relay unit (1, 10): give it an address of its own',
    )
    expect(() => makeBoard({ weather: { unit: 248, script: FROST } })).toThrow(
      'weather unit must be an integer from 1 to 247 (got 248)',
    )
  })
})

describe('a board without a weather unit', () => {
  it('stays silent at unit 10, and its relay units refuse register reads with 0x01', () => {
    makeBoard({ weather: undefined })
    expect(board.weather).toBeUndefined()
    expect(ask('0A 03 00 00 00 03 04 B0')).toBe('')
    expect(ask({ unit: 1, fn: 0x03, address: 0, quantity: 1 })).toBe(
      toHex(withCrc(fromHex('01 83 01'))),
    )
    expect(ask({ unit: 1, fn: 0x04, address: 0, quantity: 1 })).toBe(
      toHex(withCrc(fromHex('01 84 01'))),
    )
  })
})

function readRange(address: number, quantity: number): number[] {
  const request: ReadRegistersRequest = { unit: 10, fn: 0x03, address, quantity }
  return checkReply(request, decodeResponse(board.handleFrame(encodeRequest(request))!)).registers
}

describe('the registers of a sample', () => {
  it('saturate at the ends of what they hold, as a transmitter at the end of its range', () => {
    expect(weatherRegisters({ wind: -3, rain: 0, temperatureC: -4000, step: 'x' })).toEqual([
      0, 0, 0x8000,
    ])
    expect(weatherRegisters({ wind: 9999, rain: 1, temperatureC: 4000, step: 'x' })).toEqual([
      0xffff, 1, 0x7fff,
    ])
  })
})
