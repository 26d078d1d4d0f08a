// Puts a relay board in software on a byte stream: assembles requests from chunks, and with a
// baud rate answers when a real board on that line would.
import type { Delivery } from './emulator-faults'
import { FrameAssembler } from './frame-assembler'
import { requestLength } from './rtu-request'
import { frameTimeMs, interFrameSilenceMs, type Parity } from './timing'

/** Time a board takes between the end of a request and the start of its answer. */
export const DEFAULT_TURNAROUND_MS = 1.5
/** Without a baud rate, frames are still delimited by the silence of a 9600 baud line. */
const FRAMING_BAUD_WITHOUT_WIRE_TIMING = 9600

export interface BoardOnWire {
  /** Acts on one complete frame; the answer's bytes, or null for no answer. */
  handleFrame(frame: Uint8Array): Uint8Array | null
  /** How the answer to `unit` goes on the line (a slow or noisy fault changes it). */
  deliveries(unit: number, answer: Uint8Array, wireMs: (bytes: number) => number): Delivery[]
}

export interface WireTiming {
  /** Without it, requests act at once and answers follow as soon as possible. */
  baud: number | undefined
  parity: Parity
  turnaroundMs: number
  now: () => number
}

export interface EmulatorConnection {
  /** Bytes from the bus, in chunks of any size. */
  receive(chunk: Uint8Array): void
  /** Stops answering and clears the connection's timers (pending flashes still end). */
  close(): void
}

export function connectToWire(
  board: BoardOnWire,
  send: (bytes: Uint8Array) => void,
  timing: WireTiming,
): EmulatorConnection {
  const { baud, parity, turnaroundMs, now } = timing
  const timers = new Set<ReturnType<typeof setTimeout>>()
  let closed = false
  /** When the last request received has fully arrived, on a timed line. */
  let lineFreeAt = -Infinity

  // Rounded up to whole ms, as timers count: a board never answers before physics allows.
  const later = (delayMs: number, action: () => void): void => {
    const timer = setTimeout(
      () => {
        timers.delete(timer)
        if (!closed) action()
      },
      Math.ceil(Math.max(0, delayMs)),
    )
    timers.add(timer)
  }

  const answer = (frame: Uint8Array): void => {
    const response = board.handleFrame(frame)
    if (!response) return
    const wireMs = (bytes: number) => (baud === undefined ? 0 : frameTimeMs(bytes, baud, parity))
    const startMs = baud === undefined ? 0 : turnaroundMs
    for (const { doneMs, bytes } of board.deliveries(frame[0]!, response, wireMs)) {
      if (baud === undefined && doneMs === 0) {
        queueMicrotask(() => {
          if (!closed) send(bytes)
        })
      } else {
        later(startMs + doneMs, () => send(bytes))
      }
    }
  }

  const assembler = new FrameAssembler({
    frameLength: requestLength,
    silenceMs: interFrameSilenceMs(baud ?? FRAMING_BAUD_WITHOUT_WIRE_TIMING, parity),
    onFrame(frame) {
      if (baud === undefined) return answer(frame)
      // The request's bytes take their time on the line, one request after the other.
      lineFreeAt = Math.max(now(), lineFreeAt) + frameTimeMs(frame.length, baud, parity)
      later(lineFreeAt - now(), () => answer(frame))
    },
  })

  return {
    receive(chunk) {
      if (!closed) assembler.push(chunk)
    },
    close() {
      closed = true
      assembler.close()
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
    },
  }
}
