import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { FrameAssembler } from './frame-assembler'
import { fromHex, requestLength, responseLength, toHex } from './rtu'

const RELAY_0_ON = '01 05 00 00 FF 00 8C 3A'
const READ_8 = '01 01 00 00 00 08 3D CC'

function assemble(frameLength = requestLength) {
  const frames: string[] = []
  const assembler = new FrameAssembler({
    frameLength,
    silenceMs: 4,
    onFrame: (frame) => frames.push(toHex(frame)),
  })
  return { frames, push: (hex: string) => assembler.push(fromHex(hex)), assembler }
}

describe('cutting frames out of a byte stream', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('puts a frame together from 1-byte chunks, the moment its last byte arrives', () => {
    const { frames, push } = assemble()
    const bytes = RELAY_0_ON.split(' ')
    bytes.slice(0, -1).forEach(push)
    expect(frames).toEqual([])
    push(bytes.at(-1)!)
    expect(frames).toEqual([RELAY_0_ON])
  })

  it('cuts two frames arriving in one chunk', () => {
    const { frames, push } = assemble()
    push(`${RELAY_0_ON} ${READ_8}`)
    expect(frames).toEqual([RELAY_0_ON, READ_8])
  })

  it('skips garbage before a frame', () => {
    const { frames, push } = assemble()
    push(`FF 00 13 ${RELAY_0_ON}`)
    expect(frames).toEqual([RELAY_0_ON])
  })

  it('drops a frame with a bad CRC and still finds the next', () => {
    const { frames, push } = assemble()
    push('01 05 00 00 FF 00 8C 3B')
    push(READ_8)
    expect(frames).toEqual([READ_8])
  })

  it('forgets a partial frame after the silence', () => {
    const { frames, push } = assemble()
    push('01 05 00 00')
    vi.advanceTimersByTime(4)
    push('FF 00 8C 3A')
    expect(frames).toEqual([])
    push(RELAY_0_ON)
    expect(frames).toEqual([RELAY_0_ON])
  })

  it('keeps a partial frame while the line is not silent', () => {
    const { frames, push } = assemble()
    push('01 05 00 00')
    vi.advanceTimersByTime(3)
    push('FF 00 8C 3A')
    expect(frames).toEqual([RELAY_0_ON])
  })

  it('ends a frame of an unknown function at the silence, if its CRC holds', () => {
    const { frames, push } = assemble()
    push('01 2B 0E 01 00 70 77')
    expect(frames).toEqual([])
    vi.advanceTimersByTime(4)
    expect(frames).toEqual(['01 2B 0E 01 00 70 77'])
  })

  it('cuts responses with responseLength, exceptions included', () => {
    const { frames, push } = assemble(responseLength)
    push('01 85 02 C3 51 01 01 01 00 51 88')
    expect(frames).toEqual(['01 85 02 C3 51', '01 01 01 00 51 88'])
  })

  it('forgets everything on close', () => {
    const { frames, push, assembler } = assemble()
    push('01 05 00 00')
    assembler.close()
    push(RELAY_0_ON)
    expect(frames).toEqual([RELAY_0_ON])
    expect(vi.getTimerCount()).toBe(0)
  })
})
