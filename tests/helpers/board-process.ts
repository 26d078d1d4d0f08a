// The relay board with its motors as a process of its own (`lamella emulator --motors`), as a
// real board is a machine of its own: its timing never waits on the hub's event loop. The
// test reads the relays, the motors' true positions and, with a weather script, the weather
// sensor's readings from the lines it prints.
import type { ChildProcessWithoutNullStreams } from 'node:child_process'
import { tmpdir } from 'node:os'
import { startCli } from './cli'
import { runAsHardware } from './hardware-priority'
import type { MotorBlind } from './motors'
import type { Wire } from './pty'

export interface CoilLine {
  at: number
  unit: number
  coil: number
  on: boolean
  cause: string
}

export interface MotorLine {
  at: number
  relay: 'UP' | 'DOWN' | null
  position: number
  tilt: number
}

/** What the weather sensor unit answers from `at` on (each minute and at each script step). */
export interface WeatherLine {
  at: number
  unit: number
  wind: number
  rain: 0 | 1
  temperatureC: number
  step: string
}

export interface BoardProcessOptions {
  /** `calm`, `gusty`, `storm` or the path of a JSON file of steps (`--weather`). */
  weather?: string
  /** `--weather-unit`; the emulator's default is 10. */
  weatherUnit?: number
  /** More of `lamella emulator`'s flags, as given (`--fault noisy:7`, `--probe-unit 20`). */
  args?: string[]
}

export interface BoardProcess {
  /** Every coil change it printed, oldest first. */
  readonly coils: CoilLine[]
  /** Every weather line it printed, oldest first (none without a weather script). */
  readonly weather: WeatherLine[]
  /** Everything it said on stderr so far. */
  stderr(): string
  /** Where each motor stood at its last relay change (its starting pose before any). */
  motor(index: number): MotorLine
  close(): Promise<void>
}

/** `UNIT:UP/UNIT:DOWN@UP/DOWN/DELAY/TILT` for each blind, as `--motors` takes them. */
export function motorsArgument(blinds: MotorBlind[]): string {
  return blinds
    .map(
      (b) =>
        `${b.unit}:${b.coil}/${b.unit}:${b.coil + 1}@${b.travelTimeUpMs}/${b.travelTimeDownMs}/` +
        `${b.motorStartDelayMs ?? 0}/${b.tiltTimeMs ?? 0}`,
    )
    .join(',')
}

export async function startBoardProcess(
  wire: Wire,
  blinds: MotorBlind[],
  options: BoardProcessOptions = {},
): Promise<BoardProcess> {
  const names = blinds.map((b) => `${b.unit}:${b.coil}/${b.unit}:${b.coil + 1}`)
  const motors: MotorLine[] = blinds.map(() => ({ at: 0, relay: null, position: 100, tilt: 100 }))
  const coils: CoilLine[] = []
  const weather: WeatherLine[] = []
  const child: ChildProcessWithoutNullStreams = startCli(
    [
      'emulator',
      '--port',
      wire.boardPath,
      '--motors',
      motorsArgument(blinds),
      ...(options.weather === undefined ? [] : ['--weather', options.weather]),
      ...(options.weatherUnit === undefined ? [] : ['--weather-unit', String(options.weatherUnit)]),
      ...(options.args ?? []),
    ],
    {},
    tmpdir(),
  )
  runAsHardware(child.pid)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  let buffered = ''
  child.stdout.on('data', (chunk: Buffer) => {
    buffered += chunk.toString('utf8')
    const lines = buffered.split('\n')
    buffered = lines.pop()!
    for (const line of lines) {
      const parsed = JSON.parse(line) as Record<string, unknown>
      const at = Date.parse(parsed.at as string)
      if (typeof parsed.motor === 'string') {
        const index = names.indexOf(parsed.motor)
        motors[index] = {
          at,
          relay: parsed.relay as MotorLine['relay'],
          position: parsed.position as number,
          tilt: (parsed.tilt as number | undefined) ?? 0,
        }
      } else if (typeof parsed.wind === 'number') {
        weather.push({ ...(parsed as unknown as WeatherLine), at })
      } else {
        coils.push({ ...(parsed as unknown as CoilLine), at })
      }
    }
  })
  // Ready once it says which port it listens on.
  let said = ''
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the emulator did not start: ${said}`)), 10_000)
    child.stderr.on('data', (chunk: Buffer) => {
      said += chunk.toString('utf8')
      if (said.includes('lamella emulator: units')) {
        clearTimeout(timer)
        resolve()
      }
    })
    void exited.then(() => reject(new Error(`the emulator exited: ${said}`)))
  })
  return {
    coils,
    weather,
    stderr: () => said,
    motor: (index) => motors[index]!,
    close: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
      await exited
    },
  }
}
