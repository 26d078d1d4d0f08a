// CRC-16/MODBUS bit by bit, straight from the Modbus over serial line spec (section 6.2.2):
// the slow definition that tests hold `crc.ts`'s table and the vectors' CRCs against.

export function crcBitByBit(bytes: Uint8Array): number {
  let crc = 0xffff
  for (const byte of bytes) {
    crc ^= byte
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >> 1) ^ 0xa001 : crc >> 1
  }
  return crc
}
