// Processes that stand for hardware (the relay board with its motors, the RS-485 wire) run at
// a higher priority where the test may raise it (as root, as in CI): a real board keeps its
// timing whatever the Pi is doing, and an emulator starved of the CPU by a busy test machine
// would answer late, run pulses long and move its motors where no board would.
import { setPriority } from 'node:os'

const HARDWARE_NICENESS = -10

export function runAsHardware(pid: number | undefined): void {
  if (pid === undefined) return
  try {
    setPriority(pid, HARDWARE_NICENESS)
  } catch {
    // Not allowed here (not root): the emulator keeps the priority it has.
  }
}
