// The relay bus's state in words a person understands. transport.ts reports what the operating
// system and the boards said ("cannot open /dev/ttyUSB0: Error: No such file or directory,
// ..."); this turns each kind of report into one sentence saying what is wrong and what to
// check, and keeps the raw text for a details line. Pure: the web UI imports it, and
// bus-problem.test.ts drives the real transport to produce every report it words.
import type { BusStatusEvent } from '../realtime/events'

export interface BusProblem {
  /** Whether blinds cannot move at all: the link to the bus is not open. */
  offline: boolean
  /** One sentence: what is wrong, and what to check. */
  sentence: string
  /** The hub's own report, for a details line; null when it gave none. */
  detail: string | null
}

type BusState = Pick<BusStatusEvent, 'online' | 'path'> & { error?: string | null | undefined }

/** What is wrong with the bus, or null when it is online and the last command went through. */
export function busProblem(status: BusState): BusProblem | null {
  const error = status.error ?? null
  if (status.online && error === null) return null
  return {
    offline: !status.online,
    sentence: error === null ? notOpenYet(status.path) : sentenceFor(error, status.path),
    detail: error,
  }
}

/** What to check, as one sentence, for a log line about `error` on the bus at `path`. */
export function busHint(path: string, error: string): string | undefined {
  return busProblem({ online: false, path, error })?.sentence
}

function notOpenYet(path: string): string {
  return `The hub has not opened the relay bus on ${path} yet.`
}

/** The adapter as a sentence names it. */
function adapter(path: string): string {
  return path === 'emulator'
    ? 'The built-in relay-board emulator'
    : `The USB RS-485 adapter ${path}`
}

function sentenceFor(error: string, path: string): string {
  const cannotOpen = /^cannot open .*?: (.*)$/s.exec(error)
  if (cannotOpen) return openFailure(cannotOpen[1]!, path)
  if (error.startsWith('link lost:')) {
    return `${adapter(path)} was unplugged or stopped working; the hub keeps trying to open it again.`
  }
  if (error.startsWith('write failed:')) {
    return `The hub could not send to ${path}; the adapter may have been unplugged.`
  }
  const silent = /unit (\d+) did not answer/.exec(error)
  if (silent) {
    const unit = silent[1]
    return `Relay board unit ${unit} did not answer: check that it has power, that its A and B wires are connected, and that its address is ${unit}.`
  }
  const garbled = /bad answer from unit (\d+)/.exec(error)
  if (garbled) {
    return `Relay board unit ${garbled[1]} answered with garbled data: check the A and B wires, and that the board's baud rate and parity match LAMELLA_BAUD and LAMELLA_PARITY.`
  }
  const refused = /exception \S+ \(([^)]+)\) from unit (\d+)/.exec(error)
  if (refused) {
    return `Relay board unit ${refused[2]} refused a command (${refused[1]}): the relay may not exist on that board, so check the blind's addresses.`
  }
  return `The relay bus on ${path} reported a problem.`
}

/** Why the operating system would not open the device, from serialport's message. */
function openFailure(reason: string, path: string): string {
  if (/No such file or directory|ENOENT/i.test(reason)) {
    return `${adapter(path)} is not plugged in, or LAMELLA_SERIAL names the wrong device.`
  }
  if (/Permission denied|EACCES|EPERM/i.test(reason)) {
    return `The hub has no permission to open ${path} (is the hub's user in group dialout?).`
  }
  if (/Cannot lock port|Resource temporarily unavailable|busy|EBUSY/i.test(reason)) {
    return `Another program is using ${path}: a second hub, or the lamella emulator command?`
  }
  if (/Inappropriate ioctl|ENOTTY|Is a directory|EISDIR/i.test(reason)) {
    return `${path} is not a serial port: LAMELLA_SERIAL must name the RS-485 adapter.`
  }
  return `The hub cannot open ${path}.`
}
