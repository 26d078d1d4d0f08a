// `lamella emulator --sunspec` as a person runs it to try the photovoltaics page: the built
// command in a real process, read over Modbus TCP on 127.0.0.1 by the hub's own reader, its
// minute lines on stdout, and one clear line for a bad flag.
import type { ChildProcessWithoutNullStreams } from 'node:child_process'
import { afterEach, describe, expect, it } from 'vitest'
import { InverterReader } from '../../hub/pv/reader'
import { runCli, startCli } from '../helpers/cli'
import { temporaryFolders } from '../helpers/temporary-folders'
import { until } from '../bus/polling'

const temporaryFolder = temporaryFolders('lamella-sunspec-')
const NOON = '2026-06-21T10:00:00Z'

interface MinuteLine {
  at: string
  powerW: number
  lifetimeWh: number
  state: string
}

const running: ChildProcessWithoutNullStreams[] = []
afterEach(() => {
  for (const child of running.splice(0)) child.kill('SIGKILL')
})

/** Starts the emulator and waits for the line saying where it listens. */
async function emulator(args: string[]) {
  const child = startCli(['emulator', '--sunspec', '127.0.0.1:0', ...args], {}, temporaryFolder())
  running.push(child)
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()))
  const port = await new Promise<number>((resolve, reject) => {
    child.stderr.on('data', (c: Buffer) => {
      stderr += c.toString()
      const m = / on 127\.0\.0\.1:(\d+),/.exec(stderr)
      if (m) resolve(Number(m[1]))
    })
    child.once('exit', (code) => reject(new Error(`exited with ${code}: ${stderr}`)))
  })
  const lines = () =>
    stdout
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as MinuteLine)
  return { child, port, stderr: () => stderr, lines }
}

const exited = (child: ChildProcessWithoutNullStreams) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))

describe('lamella emulator --sunspec', () => {
  it('serves an inverter with models 1, 103 and 160 that the hub reads, and prints each simulated minute', async () => {
    const e = await emulator(['--speed', '600', '--start', NOON, '--serial', 'CLI-1'])
    expect(e.stderr()).toContain('SunSpec inverter (models 1, 103 and 160) on 127.0.0.1:')
    const reading = await new InverterReader({ host: '127.0.0.1', port: e.port, unit: 1 }).read()
    expect(reading.device).toMatchObject({
      manufacturer: 'Lamella',
      model: 'Emulated inverter',
      serial: 'CLI-1',
    })
    expect(reading.inverter.acPowerW).toBeGreaterThan(3000)
    expect(reading.inverter.state).toBe('MPPT')
    expect(reading.mppt?.modules).toHaveLength(2)

    // 600 times faster: a simulated minute every 100 ms.
    const lines = await until('eight simulated minutes', () => e.lines().length >= 8 && e.lines())
    expect(lines.length).toBeGreaterThanOrEqual(8)
    expect(lines[0]!.at).toBe(NOON.replace('Z', '.000Z'))
    for (let i = 1; i < lines.length; i++) {
      expect(Date.parse(lines[i]!.at) - Date.parse(lines[i - 1]!.at)).toBe(60_000)
      // About 4.5 kW for a minute: some 75 Wh more each line.
      expect(lines[i]!.lifetimeWh - lines[i - 1]!.lifetimeWh).toBeGreaterThan(50)
      expect(lines[i]!.powerW).toBeGreaterThan(3000)
    }
    const exit = exited(e.child)
    e.child.kill('SIGTERM')
    expect(await exit).toBe(0)
  })

  it('serves the float model 113 without trackers with --float, and reports 0 Wh at night', async () => {
    const e = await emulator(['--float', '--start', '2026-06-21T23:00:00Z', '--peak-w', '8000'])
    expect(e.stderr()).toContain('(models 1 and 113)')
    const reading = await new InverterReader({ host: '127.0.0.1', port: e.port, unit: 1 }).read()
    expect(reading.mppt).toBeNull()
    // A float32 0 is a value (only NaN means "not implemented"); the hub ignores it all the same.
    expect(reading.inverter).toMatchObject({ acPowerW: 0, lifetimeWh: 0, state: 'SLEEPING' })
  })

  it.each([
    [['--sunspec', '127.0.0.1'], '--sunspec must be HOST:PORT'],
    [['--sunspec', '127.0.0.1:5020', '--speed', '0'], '--speed must be a number above 0'],
    [['--sunspec', '127.0.0.1:5020', '--serial', 'with space'], '--serial must be 1 to 32'],
    [['--sunspec', '127.0.0.1:5020', '--start', 'noon'], '--start must be a date and time'],
  ])('refuses %j with one line saying what it takes', async (args, message) => {
    const done = await runCli(['emulator', ...args], {}, temporaryFolder())
    expect(done.code).toBe(2)
    expect(done.stderr.trim().split('\n')).toEqual([expect.stringContaining(`lamella: ${message}`)])
  })
})
