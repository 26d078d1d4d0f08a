// Cuts frames out of bytes as they stand now, with no timing: every frame whose length (from
// its function) and CRC hold, in order, and the bytes that start none dropped, one run at a
// time. What is left may be the beginning of a frame still coming. Shared by the emulator's
// assembler (requests) and the hub's transport (answers), so both resynchronise alike.
import { hasValidCrc } from './crc'
import { ProtocolError } from './protocol-error'
import { MIN_FRAME_BYTES } from './rtu-frame'
import { MAX_FRAME_BYTES } from './rtu-types'

/** `requestLength` or `responseLength`: the length the first bytes say, if they say one yet. */
export type FrameLength = (firstBytes: Uint8Array) => number | undefined

export type Head = { length: number } | 'incomplete' | 'unknown-function' | 'bad-crc'

export interface Scan {
  /** Each frame with a valid CRC, in order, with where it ends in the bytes scanned. */
  frames: { bytes: Uint8Array; end: number }[]
  /** Runs of bytes that start no frame, dropped (a frame that failed its CRC is one). */
  droppedRuns: number
  /** What is left: the beginning of a frame, or a frame of an unknown function. */
  rest: Uint8Array
  /** How `rest` starts. */
  head: Head
}

/** What the bytes at `offset` start: a whole frame, part of one, or none. */
export function inspectFrame(bytes: Uint8Array, offset: number, frameLength: FrameLength): Head {
  const rest = bytes.subarray(offset)
  let length: number | undefined
  try {
    length = frameLength(rest)
  } catch (error) {
    if (error instanceof ProtocolError) return 'unknown-function'
    throw error
  }
  if (length === undefined || length > rest.length) return 'incomplete'
  return hasValidCrc(rest.subarray(0, length)) ? { length } : 'bad-crc'
}

export function scanFrames(bytes: Uint8Array, frameLength: FrameLength): Scan {
  const frames: Scan['frames'] = []
  let droppedRuns = 0
  let at = 0
  let dropping = false
  const drop = (count: number) => {
    if (!dropping) droppedRuns++
    dropping = true
    at += count
  }
  while (at < bytes.length) {
    const head = inspectFrame(bytes, at, frameLength)
    if (typeof head === 'object') {
      frames.push({ bytes: bytes.slice(at, at + head.length), end: at + head.length })
      at += head.length
      dropping = false
      continue
    }
    const next = findFrame(bytes, at + 1, frameLength)
    if (next !== undefined) {
      drop(next - at)
      continue
    }
    // A frame that failed its CRC, or more bytes than any frame has: resynchronise.
    if (head === 'bad-crc' || bytes.length - at >= MAX_FRAME_BYTES) {
      drop(1)
      continue
    }
    return { frames, droppedRuns, rest: bytes.slice(at), head }
  }
  return { frames, droppedRuns, rest: new Uint8Array(0), head: 'incomplete' }
}

function findFrame(bytes: Uint8Array, from: number, frameLength: FrameLength): number | undefined {
  for (let offset = from; offset + MIN_FRAME_BYTES <= bytes.length; offset++) {
    if (typeof inspectFrame(bytes, offset, frameLength) === 'object') return offset
  }
  return undefined
}
