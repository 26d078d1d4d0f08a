// Cuts frames out of a byte stream that arrives in chunks of any size, as a serial port
// delivers it. A frame ends where its length says (`requestLength` / `responseLength`), so no
// need to wait for the silence after it. Garbage is dropped: bytes that cannot start a valid
// frame are discarded one at a time, and whatever is left when the line falls silent goes.
import { hasValidCrc } from './crc'
import { ProtocolError } from './protocol-error'
import { MIN_FRAME_BYTES } from './rtu-frame'
import { MAX_FRAME_BYTES } from './rtu-types'

export interface FrameAssemblerOptions {
  /** `requestLength` or `responseLength`. */
  frameLength: (firstBytes: Uint8Array) => number | undefined
  /** The inter-frame silence: after it, a partial frame is garbage. */
  silenceMs: number
  /** Each frame with a valid CRC, in order. */
  onFrame: (frame: Uint8Array) => void
}

type Head = { length: number } | 'incomplete' | 'unknown-function' | 'bad-crc'

export class FrameAssembler {
  private buffer = new Uint8Array(0)
  private silenceTimer: ReturnType<typeof setTimeout> | undefined

  constructor(private readonly options: FrameAssemblerOptions) {}

  push(chunk: Uint8Array): void {
    const joined = new Uint8Array(this.buffer.length + chunk.length)
    joined.set(this.buffer)
    joined.set(chunk, this.buffer.length)
    this.buffer = joined
    this.drain()
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

  private drain(): void {
    while (this.buffer.length > 0) {
      const head = this.inspect(0)
      if (typeof head === 'object') {
        this.emit(head.length)
        continue
      }
      const next = this.findFrame(1)
      if (next !== undefined) {
        this.discard(next)
        continue
      }
      // A frame that failed its CRC, or more bytes than any frame has: resynchronise.
      if (head === 'bad-crc' || this.buffer.length >= MAX_FRAME_BYTES) {
        this.discard(1)
        continue
      }
      return // wait for more bytes, or for the silence
    }
  }

  /** After the silence: a frame of an unknown function ends here; anything else is garbage. */
  private onSilence(): void {
    this.silenceTimer = undefined
    if (this.inspect(0) === 'unknown-function' && hasValidCrc(this.buffer)) {
      this.emit(this.buffer.length)
    } else {
      this.discard(this.buffer.length)
    }
  }

  private inspect(offset: number): Head {
    const rest = this.buffer.subarray(offset)
    let length: number | undefined
    try {
      length = this.options.frameLength(rest)
    } catch (error) {
      if (error instanceof ProtocolError) return 'unknown-function'
      throw error
    }
    if (length === undefined || length > rest.length) return 'incomplete'
    return hasValidCrc(rest.subarray(0, length)) ? { length } : 'bad-crc'
  }

  private findFrame(from: number): number | undefined {
    for (let offset = from; offset + MIN_FRAME_BYTES <= this.buffer.length; offset++) {
      if (typeof this.inspect(offset) === 'object') return offset
    }
    return undefined
  }

  private emit(length: number): void {
    const frame = this.buffer.slice(0, length)
    this.discard(length)
    this.options.onFrame(frame)
  }

  private discard(count: number): void {
    this.buffer = this.buffer.slice(count)
  }
}
