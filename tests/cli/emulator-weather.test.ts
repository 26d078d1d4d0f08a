// `lamella emulator --weather` as a person runs it to try weather protection: the built command
// in a real process on one end of a pseudo-terminal pair, its weather sensor unit read over the
// other end through the hub's own serial link and transport, its weather lines on stdout, and
// one clear line for a bad flag.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { registerValue } from '../../firmware-protocol/register-value'
import type { ReadRegistersRequest, ReadRegistersResponse } from '../../firmware-protocol/rtu'
import { SerialLink } from '../../hub/bus/link-serial'
import { BusError, Transport } from '../../hub/bus/transport'
import { startBoardProcess, type BoardProcess } from '../helpers/board-process'
import { runCli } from '../helpers/cli'
import { BAUD, startWire, type Wire } from '../helpers/pty'
import { temporaryFolders } from '../helpers/temporary-folders'
import { waitFor } from '../bus/polling'

const temporaryFolder = temporaryFolders('lamella-weather-')
const quiet = { info() {}, warn() {} }
const WIND = { signed: false, scale: 0.1 }
const TEMPERATURE = { signed: true, scale: 0.1 }

/** A gust of 14.2 m/s in frost, then after 3 s a mild shower. */
const STEP_2_MS = 3000
const STEPS = `[
  { "atS": 0, "wind": 14.2, "rain": 0, "temperatureC": -5 },
  { "atS": ${STEP_2_MS / 1000}, "wind": 3.5, "rain": 1, "temperatureC": 21.5 }
]`

interface Rig {
  board: BoardProcess
  transport: Transport
}

let wire: Wire | undefined
let rig: Rig | undefined
afterEach(async () => {
  await rig?.transport.stop()
  await rig?.board.close()
  await wire?.close()
  rig = undefined
  wire = undefined
})

/** The emulator with `weather` on one end of a wire, the hub's transport on the other. */
async function start(weather: string, weatherUnit?: number): Promise<Rig> {
  wire = await startWire()
  const board = await startBoardProcess(wire, [], { weather, weatherUnit })
  const link = new SerialLink({ path: wire.hubPath, baud: BAUD, parity: 'none' })
  const transport = new Transport({ link, baud: BAUD, parity: 'none', log: quiet, retries: 0 })
  await transport.start()
  rig = { board, transport }
  return rig
}

/** Registers `address`.. of `unit`, read over the wire as the hub reads a sensor. */
async function read(unit: number, fn: 0x03 | 0x04, address = 0, quantity = 3): Promise<number[]> {
  const request: ReadRegistersRequest = { unit, fn, address, quantity }
  const response = (await rig!.transport.transact(request)) as ReadRegistersResponse
  return response.registers
}

describe('lamella emulator --weather', () => {
  it("answers registers 0-2 at unit 10 with the file's weather and prints a line at each step", async () => {
    const file = join(temporaryFolder(), 'gust.json')
    writeFileSync(file, STEPS)
    const { board } = await start(file)
    expect(board.stderr()).toContain(`units 1,2,3,4 and weather unit 10 (${file}) on`)

    const frost = await read(10, 0x03)
    const frostReadBy = Date.now()
    const byInputRegisters = await read(10, 0x04)
    await waitFor('the line of the second step', () => board.weather.length >= 2, 10_000)
    const [first, second] = board.weather
    expect(first).toMatchObject({
      unit: 10,
      wind: 14.2,
      rain: 0,
      temperatureC: -5,
      step: 'entry 1',
    })
    expect(second).toMatchObject({
      unit: 10,
      wind: 3.5,
      rain: 1,
      temperatureC: 21.5,
      step: 'entry 2',
    })
    expect(second!.at - first!.at).toBe(STEP_2_MS)
    // Read after the second step's line: the shower is what the unit answers now.
    const shower = await read(10, 0x03)
    expect(shower).toEqual([35, 1, 215])
    expect(await read(10, 0x04, 1, 2)).toEqual([1, 215])

    // The first reads came within the first step, unless this machine stalled for seconds.
    if (frostReadBy < second!.at) {
      const [wind, rain, temperature] = frost
      expect(registerValue(wind!, WIND)).toBe(14.2)
      expect(rain).toBe(0)
      expect(registerValue(temperature!, TEMPERATURE)).toBe(-5)
      expect(frost).toEqual([142, 0, 0xffce])
    } else {
      expect(frost).toEqual(shower)
    }
    expect([frost, shower]).toContainEqual(byInputRegisters)
  })

  it('answers beside the relay units at the unit --weather-unit names, with a storm that rains', async () => {
    const { board } = await start('storm', 12)
    const [wind, rain, temperature] = await read(12, 0x04)
    expect(registerValue(wind!, WIND)).toBeGreaterThanOrEqual(9)
    expect(registerValue(wind!, WIND)).toBeLessThanOrEqual(21)
    expect(rain).toBe(1)
    expect(registerValue(temperature!, TEMPERATURE)).toBe(8)
    expect(board.weather[0]).toMatchObject({ unit: 12, rain: 1, temperatureC: 8, step: 'rising' })

    // The relays answer as before, and their lines are no weather lines.
    await rig!.transport.transact({ unit: 1, fn: 0x05, address: 0, value: 0xff00 })
    await waitFor('the coil line', () => board.coils.length === 1)
    expect(board.coils[0]).toMatchObject({ unit: 1, coil: 0, on: true, cause: 'write' })
    expect(board.weather.every((line) => line.unit === 12)).toBe(true)
  })

  it('refuses a read past register 2 with exception 0x02, and is silent at unit 10', async () => {
    await start('calm', 12)
    await expect(read(12, 0x03, 0, 4)).rejects.toMatchObject({ exception: 0x02 })
    await expect(read(12, 0x03, 3, 1)).rejects.toThrow(
      'exception 0x02 (illegal data address) from unit 12 for function 0x03',
    )
    await expect(read(10, 0x03)).rejects.toThrow(BusError)
    await expect(read(10, 0x03)).rejects.toThrow('unit 10 did not answer')
    const [wind, rain, temperature] = await read(12, 0x03)
    expect(registerValue(wind!, WIND)).toBeGreaterThanOrEqual(1)
    expect(registerValue(wind!, WIND)).toBeLessThanOrEqual(3)
    expect([rain, temperature]).toEqual([0, 120])
  })

  it.each([
    [
      ['--weather', 'windy'],
      '--weather must be calm, gusty, storm or a JSON file of steps; cannot read "windy"',
    ],
    [
      ['--weather', 'calm', '--weather-unit', '4'],
      '--weather-unit must be a unit from 1 to 247 other than the relay units 1,2,3,4 (got "4")',
    ],
    [['--weather', 'calm', '--weather-unit', '0'], '--weather-unit must be a unit from 1 to 247'],
    [['--weather-unit', '12'], '--weather-unit needs --weather'],
  ])('refuses %j with one line saying what it takes', async (args, message) => {
    const done = await runCli(
      ['emulator', '--port', '/tmp/lamella-no-such-port', ...args],
      {},
      temporaryFolder(),
    )
    expect(done.code).toBe(1)
    expect(done.stderr.trim().split('\n')[0]).toContain(`lamella: ${message}`)
  })

  it('refuses a weather file naming the entry, its line and the field', async () => {
    const file = join(temporaryFolder(), 'typo.json')
    writeFileSync(file, STEPS.replace('"rain": 1', '"rain": "yes"'))
    const done = await runCli(
      ['emulator', '--port', '/tmp/lamella-no-such-port', '--weather', file],
      {},
      temporaryFolder(),
    )
    expect(done.code).toBe(1)
    expect(done.stderr.trim()).toBe(
      `lamella: ${file}, entry 2 (line 3): "rain" must be 0 (dry) or 1 (raining) (got "yes")`,
    )
  })
})
