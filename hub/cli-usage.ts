// What `lamella --help` and `lamella COMMAND --help` print. The flags of serve are listed from
// config.ts's own table, so a new setting cannot be missing here.
import { SETTING_LIST } from './config'
import type { Command } from './usage-error'

const EMULATOR_USAGE = `lamella emulator --port PATH [--baud N] [--parity none|even|odd]
                 [--units 1,2,3,4] [--coils 32]
                 [--fault none|no-answer|bad-crc|slow:MS|noisy:SEED] [--probe-unit N]
                 [--motors UNIT:UP/UNIT:DOWN@TRAVEL_UP[/TRAVEL_DOWN[/START_DELAY[/TILT]]],...]
                 [--weather calm|gusty|storm|FILE.json [--weather-unit 10]]`

const SUNSPEC_EMULATOR_USAGE = `lamella emulator --sunspec HOST:PORT [--float] [--speed N] [--peak-w N]
                 [--serial S] [--max-clients N] [--start ISO-TIME] [--lat DEG --lon DEG]`

const LINES: Record<Command, string[]> = {
  serve: ['lamella [serve] [FLAG VALUE ...]          run the hub; the flags are below'],
  user: [
    'lamella user add NAME [--admin] [--db FILE]   create a user; password from stdin or a prompt',
    "lamella user passwd NAME [--db FILE]          set a user's password and end their sessions",
  ],
  backup: [
    'lamella backup FILE [--force] [--db FILE]     copy the database to FILE, also while the hub runs',
  ],
  restore: [
    'lamella restore FILE [--db FILE]              put a backup in place; only while the hub is stopped',
  ],
  emulator: [
    `${EMULATOR_USAGE}\n      a relay board on a serial device or pseudo-terminal`,
    `${SUNSPEC_EMULATOR_USAGE}\n      a SunSpec PV inverter on Modbus TCP`,
  ],
}

function serveFlags(): string {
  const rows = SETTING_LIST.map((s) => [`--${s.flag} ${s.value}`, s.env, s.fallback || '(none)'])
  const width = (i: number) => Math.max(...rows.map((r) => r[i]!.length))
  const [a, b] = [width(0), width(1)]
  return rows
    .map(([flag, env, fallback]) => `  ${flag!.padEnd(a)}  ${env!.padEnd(b)}  ${fallback}`)
    .join('\n')
}

const SERVE_FLAGS_HEADING =
  'Flags of serve, each with its variable and default (a flag wins over its variable):'

/** The usage of one command, or of all of them. */
export function usage(command?: Command): string {
  const commands = command ? [command] : (Object.keys(LINES) as Command[])
  const lines = commands.flatMap((c) => LINES[c]).map((l) => `  ${l.replaceAll('\n', '\n  ')}`)
  if (!command)
    lines.push('  lamella help, lamella --help, lamella COMMAND --help, lamella --version')
  let text = `Usage:\n${lines.join('\n')}`
  if (!command || command === 'serve') text += `\n\n${SERVE_FLAGS_HEADING}\n${serveFlags()}`
  if (!command || command === 'serve') {
    text += '\n\nThe variables are explained in README.md, under Configuration.'
  }
  return text
}

export function isCommand(word: string): word is Command {
  return word in LINES
}
