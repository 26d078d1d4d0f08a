// CRC-16/MODBUS: polynomial 0x8005 reflected (0xA001), initial value 0xFFFF, no final XOR.
// On the wire the low byte of the CRC goes first, so `01 05 00 00 FF 00` carries `8C 3A`
// for the CRC 0x3A8C.

const TABLE = buildTable()

function buildTable(): Uint16Array {
  const table = new Uint16Array(256)
  for (let n = 0; n < 256; n++) {
    let crc = n
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xa001 : crc >>> 1
    table[n] = crc
  }
  return table
}

/** The CRC-16/MODBUS of `bytes`, as a number 0..0xFFFF. */
export function crc16modbus(bytes: Uint8Array): number {
  let crc = 0xffff
  for (const byte of bytes) crc = (crc >>> 8) ^ TABLE[(crc ^ byte) & 0xff]!
  return crc
}

/** `body` followed by its CRC, low byte first: a complete RTU frame. */
export function withCrc(body: Uint8Array): Uint8Array {
  const frame = new Uint8Array(body.length + 2)
  frame.set(body)
  const crc = crc16modbus(body)
  frame[body.length] = crc & 0xff
  frame[body.length + 1] = crc >>> 8
  return frame
}

/** The CRC a frame carries in its last two bytes (low byte first). */
export function crcCarried(frame: Uint8Array): number {
  return frame[frame.length - 2]! | (frame[frame.length - 1]! << 8)
}

/** Whether a frame of at least 4 bytes ends in the CRC of the bytes before it. */
export function hasValidCrc(frame: Uint8Array): boolean {
  return frame.length >= 4 && crcCarried(frame) === crc16modbus(frame.subarray(0, -2))
}
