// The emulated SunSpec inverter's registers, built from a reading, and the answer to a Modbus
// TCP request against them. Pure: `lamella emulator --sunspec` puts it behind a socket.
import {
  decodeMbap,
  decodeReadRequest,
  encodeTcpResponse,
  MAX_READ_REGISTERS,
  READ_HOLDING_REGISTERS,
} from './modbus-tcp'
import { hexByte } from './hex'
import {
  ILLEGAL_DATA_ADDRESS,
  ILLEGAL_DATA_VALUE,
  ILLEGAL_FUNCTION,
  ProtocolError,
} from './protocol-error'
import { readWord } from './rtu-frame'
import { encodePoint, encodeText } from './sunspec-points'
import { END_MODEL_ID, INVERTER_STATES, SUNS_MARKER, type InverterState } from './sunspec-types'

export interface InverterReading {
  acPowerW: number
  dcPowerW: number
  lifetimeWh: number
  state: InverterState
  acVoltageV: number
  acFrequencyHz: number
  mppt: Array<{ dcVoltageV: number; dcCurrentA: number; dcPowerW: number; lifetimeWh: number }>
}

export const EMULATED_MANUFACTURER = 'Lamella'
export const EMULATED_MODEL = 'Emulated inverter'
export const EMULATED_VERSION = '1.0'

const INT16_MAX = 0x7fff
const UINT16_MAX = 0xfffe
const ACC32_MAX = 0xffffffff
const PHASES = 3

/** The register image from `base` (40000): "SunS", model 1 (manufacturer "Lamella", model
 *  "Emulated inverter", serial given), then 103 (int + scale factors) or 113 (float32), then 160
 *  with the given modules (omitted when float), then the end model. */
export function inverterImage(opts: {
  base?: number
  float?: boolean
  serial: string
  reading: InverterReading
}): Map<number, number> {
  const { base = 40000, float = false, serial, reading } = opts
  const regs: number[] = [...SUNS_MARKER]
  const model = (id: number, body: number[]): void => {
    regs.push(id, body.length, ...body)
  }
  model(1, commonBody(serial))
  if (float) {
    model(113, floatInverterBody(reading))
  } else {
    model(103, integerInverterBody(reading))
    if (reading.mppt.length > 0) model(160, mpptBody(reading))
  }
  regs.push(END_MODEL_ID, 0)
  if (base < 0 || base + regs.length > 0x10000) {
    throw new RangeError(`an image of ${regs.length} registers does not fit from ${base}`)
  }
  return new Map(regs.map((value, i) => [base + i, value]))
}

/** Answers one Modbus TCP request frame against an image: 0x03 within the image gives the
 *  registers, an address outside gives exception 2, another function exception 1, a count
 *  of 0 or above 125 exception 3. Throws ProtocolError for a frame it cannot decode. */
export function answerTcpRequest(
  frame: Uint8Array,
  read: (address: number) => number | undefined,
): Uint8Array {
  const { transactionId, unit, pdu } = decodeMbap(frame)
  const fn = pdu[0]!
  if ((fn & 0x7f) === 0) {
    throw new ProtocolError('unknown-function', `unknown function ${hexByte(fn)}: no such code`)
  }
  const exception = (code: number): Uint8Array =>
    encodeTcpResponse({ transactionId, unit, fn: fn & 0x7f, exception: code })
  if (fn !== READ_HOLDING_REGISTERS) return exception(ILLEGAL_FUNCTION)
  // A 0x03 PDU is function, address, count: any other size is not a request to answer.
  if (pdu.length !== 5) decodeReadRequest(frame)
  const address = readWord(pdu, 1)
  const count = readWord(pdu, 3)
  if (count < 1 || count > MAX_READ_REGISTERS) return exception(ILLEGAL_DATA_VALUE)
  const registers: number[] = []
  for (let at = address; at < address + count; at++) {
    const value = at > 0xffff ? undefined : read(at)
    if (value === undefined) return exception(ILLEGAL_DATA_ADDRESS)
    registers.push(value)
  }
  return encodeTcpResponse({ transactionId, unit, fn: READ_HOLDING_REGISTERS, registers })
}

/** Model 1, 66 registers: Mn, Md, Opt, Vr, SN, DA and the pad. */
function commonBody(serial: string): number[] {
  return [
    ...encodeText(EMULATED_MANUFACTURER, 16),
    ...encodeText(EMULATED_MODEL, 16),
    ...encodeText('', 8),
    ...encodeText(EMULATED_VERSION, 8),
    ...encodeText(serial, 16),
    1,
    0x8000,
  ]
}

/** Model 103, 50 registers; VA, VAr, PF and the temperatures are not implemented. */
function integerInverterBody(reading: InverterReading): number[] {
  const { acPowerW, acVoltageV } = reading
  const totalA = acVoltageV > 0 ? Math.abs(acPowerW) / acVoltageV : 0
  const phaseA = totalA / PHASES
  const aSf = scaleFactor([totalA], -2, UINT16_MAX)
  const vSf = scaleFactor([acVoltageV], -1, UINT16_MAX)
  const wSf = scaleFactor([acPowerW], 0, INT16_MAX)
  const hzSf = scaleFactor([reading.acFrequencyHz], -2, UINT16_MAX)
  const whSf = scaleFactor([reading.lifetimeWh], 0, ACC32_MAX)
  const dc = dcTotals(reading)
  const dcaSf = scaleFactor([dc.currentA ?? 0], -2, UINT16_MAX)
  const dcvSf = scaleFactor([dc.voltageV ?? 0], -1, UINT16_MAX)
  const dcwSf = scaleFactor([reading.dcPowerW], 0, INT16_MAX)
  return [
    ...[totalA, phaseA, phaseA, phaseA].map((a) => raw(a, aSf)),
    aSf,
    0xffff, // PPVphAB
    0xffff, // PPVphBC
    0xffff, // PPVphCA
    ...[acVoltageV, acVoltageV, acVoltageV].map((v) => raw(v, vSf)),
    vSf,
    raw(acPowerW, wSf),
    wSf,
    raw(reading.acFrequencyHz, hzSf),
    hzSf,
    ...notImplementedInt16(6), // VA, VA_SF, VAr, VAr_SF, PF, PF_SF
    ...encodePoint('acc32', raw(reading.lifetimeWh, whSf)),
    whSf,
    dc.currentA === null ? 0xffff : raw(dc.currentA, dcaSf),
    dcaSf,
    dc.voltageV === null ? 0xffff : raw(dc.voltageV, dcvSf),
    dcvSf,
    raw(reading.dcPowerW, dcwSf),
    dcwSf,
    ...notImplementedInt16(5), // TmpCab, TmpSnk, TmpTrns, TmpOt, Tmp_SF
    stateCode(reading.state),
    0xffff, // StVnd
    ...new Array<number>(12).fill(0), // Evt1, Evt2, EvtVnd1-4
  ].map((value) => value & 0xffff)
}

/** Model 113, 60 registers of float32 (NaN where not implemented). */
function floatInverterBody(reading: InverterReading): number[] {
  const { acPowerW, acVoltageV } = reading
  const totalA = acVoltageV > 0 ? Math.abs(acPowerW) / acVoltageV : 0
  const dc = dcTotals(reading)
  const floats = [
    totalA,
    totalA / PHASES,
    totalA / PHASES,
    totalA / PHASES,
    null, // PPVphAB
    null,
    null,
    acVoltageV,
    acVoltageV,
    acVoltageV,
    acPowerW,
    reading.acFrequencyHz,
    null, // VA
    null, // VAr
    null, // PF
    reading.lifetimeWh,
    dc.currentA,
    dc.voltageV,
    reading.dcPowerW,
    null, // TmpCab
    null,
    null,
    null,
  ]
  return [
    ...floats.flatMap((value) => encodePoint('float32', value)),
    stateCode(reading.state),
    0xffff, // StVnd
    ...new Array<number>(12).fill(0), // Evt1, Evt2, EvtVnd1-4
  ]
}

/** Model 160: scale factors, events, N, TmsPer, then a module of 20 registers per tracker. */
function mpptBody(reading: InverterReading): number[] {
  const trackers = reading.mppt
  const aSf = scaleFactor(
    trackers.map((t) => t.dcCurrentA),
    -2,
    UINT16_MAX,
  )
  const vSf = scaleFactor(
    trackers.map((t) => t.dcVoltageV),
    -1,
    UINT16_MAX,
  )
  const wSf = scaleFactor(
    trackers.map((t) => t.dcPowerW),
    0,
    UINT16_MAX,
  )
  const whSf = scaleFactor(
    trackers.map((t) => t.lifetimeWh),
    0,
    ACC32_MAX,
  )
  const body = [aSf, vSf, wSf, whSf, 0, 0, trackers.length, 0].map((value) => value & 0xffff)
  trackers.forEach((tracker, i) => {
    body.push(
      i + 1,
      ...encodeText(`MPPT ${i + 1}`, 8),
      ...encodePoint('uint16', raw(tracker.dcCurrentA, aSf)),
      ...encodePoint('uint16', raw(tracker.dcVoltageV, vSf)),
      ...encodePoint('uint16', raw(tracker.dcPowerW, wSf)),
      ...encodePoint('acc32', raw(tracker.lifetimeWh, whSf)),
      ...encodePoint('uint32', null), // Tms
      ...encodePoint('int16', null), // Tmp
      stateCode(reading.state),
      0,
      0, // DCEvt
    )
  })
  return body
}

/** DC current summed and voltage averaged over the trackers; null without trackers. */
function dcTotals(reading: InverterReading): { currentA: number | null; voltageV: number | null } {
  const { mppt } = reading
  if (mppt.length === 0) return { currentA: null, voltageV: null }
  return {
    currentA: mppt.reduce((sum, t) => sum + t.dcCurrentA, 0),
    voltageV: mppt.reduce((sum, t) => sum + t.dcVoltageV, 0) / mppt.length,
  }
}

/**
 * The smallest scale factor from `preferred` up at which every value fits in `max`: 0 for a
 * lifetime counter that fits in 32 bits, 1 (tens of Wh) above.
 */
export function scaleFactor(values: number[], preferred: number, max: number): number {
  const bad = values.find((value) => !Number.isFinite(value))
  if (bad !== undefined) throw new RangeError(`a reading must be a finite number (got ${bad})`)
  let sf = preferred
  while (values.some((value) => Math.abs(raw(value, sf)) > max)) sf++
  return sf
}

/** `value` in units of 10^sf, rounded to an integer. */
function raw(value: number, sf: number): number {
  return Math.round(sf < 0 ? value * 10 ** -sf : value / 10 ** sf)
}

function stateCode(state: InverterState): number {
  return INVERTER_STATES.indexOf(state) + 1
}

function notImplementedInt16(count: number): number[] {
  return new Array<number>(count).fill(0x8000)
}
