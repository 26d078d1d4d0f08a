// What a sensor's 16-bit register means: a word as sent, read unsigned or as two's complement,
// times a scale. A wind transmitter sends 142 for 14.2 m/s (scale 0.1); a temperature
// transmitter sends 0xFFCE for -5.0 degC (signed, scale 0.1).

/** How to read one register. */
export interface RegisterFormat {
  /** Two's complement int16 (-32768..32767) rather than unsigned (0..65535). */
  signed: boolean
  /** value = raw x scale; any finite number but 0. */
  scale: number
}

/** Significant digits a value keeps: enough for any word times any sane scale. */
const SIGNIFICANT_DIGITS = 12

/**
 * The value of register word `raw` (0..0xFFFF as sent): raw x scale, with raw read as int16
 * when `signed`. Rounded to 12 significant digits, so 215 x 0.1 is 21.5 and not
 * 21.500000000000004. Throws a RangeError for a word outside 0..0xFFFF or a scale that is 0
 * or not finite.
 */
export function registerValue(raw: number, format: RegisterFormat): number {
  if (!Number.isInteger(raw) || raw < 0 || raw > 0xffff) {
    throw new RangeError(`a register word must be an integer from 0 to 65535 (got ${raw})`)
  }
  checkScale(format.scale)
  const number = format.signed && raw >= 0x8000 ? raw - 0x10000 : raw
  return Number((number * format.scale).toPrecision(SIGNIFICANT_DIGITS))
}

/**
 * The register word that carries `value` (the inverse of `registerValue`): value / scale
 * rounded to the nearest integer, as int16 in two's complement when `signed`. Throws a
 * RangeError for a value that does not fit: below 0 or above 65535 x scale unsigned,
 * outside -32768..32767 x scale signed.
 */
export function registerWord(value: number, format: RegisterFormat): number {
  checkScale(format.scale)
  const number = Math.round(value / format.scale)
  const [min, max] = format.signed ? [-0x8000, 0x7fff] : [0, 0xffff]
  if (!Number.isFinite(value) || number < min || number > max) {
    const low = registerValue(format.signed ? 0x8000 : 0, format)
    const high = registerValue(format.signed ? 0x7fff : 0xffff, format)
    throw new RangeError(
      `${value} does not fit a${format.signed ? ' signed' : 'n unsigned'} register with scale ${format.scale}: it holds ${Math.min(low, high)} to ${Math.max(low, high)}`,
    )
  }
  return number & 0xffff
}

function checkScale(scale: number): void {
  if (!Number.isFinite(scale) || scale === 0) {
    throw new RangeError(`a register's scale must be a finite number other than 0 (got ${scale})`)
  }
}
