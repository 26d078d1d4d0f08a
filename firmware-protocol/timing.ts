// How long bytes take on a serial line, and the silences that delimit Modbus RTU frames
// (Modbus over Serial Line, section 2.5.1.1).

export type Parity = 'none' | 'even' | 'odd'

/** Above this rate the spec fixes the silences instead of counting characters. */
export const FIXED_TIMING_ABOVE_BAUD = 19200
/** Inter-frame silence above 19200 baud. */
export const FIXED_INTER_FRAME_SILENCE_MS = 1.75
/** Inter-character limit above 19200 baud. */
export const FIXED_INTER_CHARACTER_LIMIT_MS = 0.75

/**
 * Bits one byte takes on the line: start bit, 8 data bits, parity bit if any, 1 stop bit.
 * (The spec asks for 2 stop bits without parity; boards such as Waveshare's use 8N1, 10 bits.)
 */
export function bitsPerCharacter(parity: Parity = 'none'): number {
  return parity === 'none' ? 10 : 11
}

/** Time one byte takes on the line, in ms: 1.0417 ms at 9600 baud 8N1. */
export function characterTimeMs(baud: number, parity: Parity = 'none'): number {
  if (!Number.isFinite(baud) || baud <= 0)
    throw new RangeError(`baud must be above 0 (got ${baud})`)
  return (bitsPerCharacter(parity) * 1000) / baud
}

/** Time `bytes` bytes take back to back on the line, in ms: 8.33 ms for 8 bytes at 9600 8N1. */
export function frameTimeMs(bytes: number, baud: number, parity: Parity = 'none'): number {
  return bytes * characterTimeMs(baud, parity)
}

/** The silence that ends a frame: 3.5 characters, or a fixed 1.75 ms above 19200 baud. */
export function interFrameSilenceMs(baud: number, parity: Parity = 'none'): number {
  if (baud > FIXED_TIMING_ABOVE_BAUD) return FIXED_INTER_FRAME_SILENCE_MS
  return 3.5 * characterTimeMs(baud, parity)
}

/**
 * The longest gap allowed between two bytes of one frame: 1.5 characters, or a fixed 0.75 ms
 * above 19200 baud. A longer gap makes the frame incomplete.
 */
export function interCharacterLimitMs(baud: number, parity: Parity = 'none'): number {
  if (baud > FIXED_TIMING_ABOVE_BAUD) return FIXED_INTER_CHARACTER_LIMIT_MS
  return 1.5 * characterTimeMs(baud, parity)
}
