// Bytes as people read them in datasheets and logs: `01 05 00 00 FF 00 8C 3A`.

/** `01 05 00 00 FF 00 8C 3A`: upper-case byte pairs separated by single spaces. */
export function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).toUpperCase().padStart(2, '0')).join(' ')
}

/** Reads byte pairs, with or without spaces between them (`01 05 00 00`, `01050000`). */
export function fromHex(text: string): Uint8Array {
  const digits = text.replace(/\s+/g, '')
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(digits)) {
    throw new RangeError(`not hex bytes: ${JSON.stringify(text)}`)
  }
  const bytes = new Uint8Array(digits.length / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(digits.slice(i * 2, i * 2 + 2), 16)
  return bytes
}

/** `0x05`, as function codes and exception codes are written. */
export function hexByte(value: number): string {
  return `0x${value.toString(16).toUpperCase().padStart(2, '0')}`
}

/** `0x3A8C`, as 16-bit addresses, values and CRCs are written. */
export function hexWord(value: number): string {
  return `0x${value.toString(16).toUpperCase().padStart(4, '0')}`
}
