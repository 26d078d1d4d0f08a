// What the relay driver tells whoever tracks where blinds are (hub/position): every moment a
// side went on or off as the board acknowledged it. Every time is the hub clock's monotonic ms
// (hub/clock/clock.ts: on the epoch's scale, performance.timeOrigin + performance.now() for the
// system's), so a record written by one process can be read by the next.
import type { Side } from './side'

export interface RelayObserver {
  /** Right before the frame that switches a side on: what is written here is on disk first. */
  starting(blindId: string, side: Side, relayMs: number, boardTimed: boolean): void
  /** The run written ahead never went out: a newer command took the blind first. */
  notStarted(blindId: string): void
  /**
   * Before a frame that switches `side` of these blinds off (both sides: null): resolves once
   * what it wrote is on disk, so the next start knows of the off if its answer is lost; the
   * frame waits for it. Offs asked in one turn of the event loop may share one commit. Never
   * rejects: an off goes out whatever the disk says.
   */
  stopping(blindIds: readonly string[], side: Side | null): Promise<void>
  /** The board switched the side on at `at`; it stays on `relayMs`, or until an off. */
  on(blindId: string, side: Side, at: number, relayMs: number, boardTimed: boolean): void
  /** The side went off at `at`: an acknowledged off, or the end of a board-timed pulse. */
  off(blindId: string, side: Side, at: number): void
  /** A frame switching a side on failed: the board may or may not have acted on it. */
  unsure(blindId: string, side: Side): void
  /** The blind waits out the dead time until `until` before it reverses. */
  reversing(blindId: string, side: Side, until: number): void
  /** Every relay of these blinds was switched off, acknowledged at `at` (the safe state). */
  allOff(blindIds: readonly string[], at: number): void
}
