// Cuts frames out of a byte stream that arrives in chunks of any size, as a serial port
// delivers it. A frame ends where its length says (`requestLength` / `responseLength`), so no
// need to wait for the silence after it. Garbage is dropped: bytes that cannot start a valid
// frame are discarded (frame-scan.ts), and whatever is left when the line falls silent goes.
import { hasValidCrc } from './crc'
import { inspectFrame, scanFrames, type FrameLength } from './frame-scan'

export interface FrameAssemblerOptions {
  frameLength: FrameLength
  /** The inter-frame silence: after it, a partial frame is garbage. */
  silenceMs: number
  /** Each frame with a valid CRC, in order. */
  onFrame: (frame: Uint8Array) => void
}

export class FrameAssembler {
  private buffer: Uint8Array = new Uint8Array(0)
  private silenceTimer: ReturnType<typeof setTimeout> | undefined

  constructor(private readonly options: FrameAssemblerOptions) {}

  push(chunk: Uint8Array): void {
    const joined = new Uint8Array(this.buffer.length + chunk.length)
    joined.set(this.buffer)
    joined.set(chunk, this.buffer.length)
    const scan = scanFrames(joined, this.options.frameLength)
    this.buffer = scan.rest
    for (const frame of scan.frames) this.options.onFrame(frame.bytes)
    clearTimeout(this.silenceTimer)
    this.silenceTimer = undefined
    if (this.buffer.length === 0) return
    // Timers count whole ms; rounding up keeps the silence at least as long as the spec's.
    this.silenceTimer = setTimeout(() => this.onSilence(), Math.ceil(this.options.silenceMs))
  }

  /** Forgets buffered bytes and stops the silence timer. */
  close(): void {
    clearTimeout(this.silenceTimer)
    this.silenceTimer = undefined
    this.buffer = new Uint8Array(0)
  }

  /** After the silence: a frame of an unknown function ends here; anything else is garbage. */
  private onSilence(): void {
    this.silenceTimer = undefined
    const frame = this.buffer
    this.buffer = new Uint8Array(0)
    const unknown = inspectFrame(frame, 0, this.options.frameLength) === 'unknown-function'
    if (unknown && hasValidCrc(frame)) this.options.onFrame(frame)
  }
}
