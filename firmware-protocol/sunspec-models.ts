// Decoders for the SunSpec models Lamella reads: common (1), inverters (101-103 integer with
// scale factors, 111-113 float32), multiple MPPT (160) and meters (201-204). Each takes a
// block's body: the registers after its id and length. Offsets are those of the SunSpec
// information model (SMDX); README section 13 lists them.
import { acc32, float32, int16, scaled, state, sunssf, text, uint16 } from './sunspec-points'
import {
  SunSpecError,
  type SunSpecCommon,
  type SunSpecInverter,
  type SunSpecMeter,
  type SunSpecMppt,
  type SunSpecMpptModule,
} from './sunspec-types'

export const COMMON_MODEL = 1
export const MPPT_MODEL = 160
export const INTEGER_INVERTER_MODELS = [101, 102, 103] as const
export const FLOAT_INVERTER_MODELS = [111, 112, 113] as const
export const INVERTER_MODELS = [...INTEGER_INVERTER_MODELS, ...FLOAT_INVERTER_MODELS] as const
export const METER_MODELS = [201, 202, 203, 204] as const

/** Model 1 is 66 registers in the standard (with a pad); Fronius leaves the pad out. */
export const COMMON_MIN_LENGTH = 65
export const INTEGER_INVERTER_LENGTH = 50
export const FLOAT_INVERTER_LENGTH = 60
export const MPPT_FIXED_LENGTH = 8
export const MPPT_MODULE_LENGTH = 20
export const METER_LENGTH = 105

export function isInverterModel(id: number): boolean {
  return (INVERTER_MODELS as readonly number[]).includes(id)
}

export function isMeterModel(id: number): boolean {
  return (METER_MODELS as readonly number[]).includes(id)
}

/** Model 1 (length 65 or 66). */
export function decodeCommon(regs: number[]): SunSpecCommon {
  checkLength(COMMON_MODEL, regs, COMMON_MIN_LENGTH)
  return {
    manufacturer: text(regs, 0, 16),
    model: text(regs, 16, 16),
    options: text(regs, 32, 8),
    version: text(regs, 40, 8),
    serial: text(regs, 48, 16),
    deviceAddress: uint16(regs, 64),
  }
}

/** Models 101-103 (integer + scale factors) and 111-113 (float32). */
export function decodeInverter(id: number, regs: number[]): SunSpecInverter {
  if (!isInverterModel(id)) {
    throw new SunSpecError(`model ${id} is not an inverter model (101-103, 111-113)`)
  }
  const phases = (id % 10) as 1 | 2 | 3
  return id < 110 ? decodeIntegerInverter(phases, id, regs) : decodeFloatInverter(phases, id, regs)
}

function decodeIntegerInverter(phases: 1 | 2 | 3, id: number, regs: number[]): SunSpecInverter {
  checkLength(id, regs, INTEGER_INVERTER_LENGTH)
  const vSf = sunssf(regs, 11)
  return {
    phases,
    acCurrentA: scaled(uint16(regs, 0), sunssf(regs, 4)),
    // Phase A to neutral; a single-phase inverter wired line to line has only AB.
    acVoltageV: scaled(uint16(regs, 8), vSf) ?? scaled(uint16(regs, 5), vSf),
    acPowerW: scaled(int16(regs, 12), sunssf(regs, 13)),
    acFrequencyHz: scaled(uint16(regs, 14), sunssf(regs, 15)),
    lifetimeWh: scaled(acc32(regs, 22), sunssf(regs, 24)),
    dcCurrentA: scaled(uint16(regs, 25), sunssf(regs, 26)),
    dcVoltageV: scaled(uint16(regs, 27), sunssf(regs, 28)),
    dcPowerW: scaled(int16(regs, 29), sunssf(regs, 30)),
    cabinetTempC: scaled(int16(regs, 31), sunssf(regs, 35)),
    state: state(regs, 36),
  }
}

function decodeFloatInverter(phases: 1 | 2 | 3, id: number, regs: number[]): SunSpecInverter {
  checkLength(id, regs, FLOAT_INVERTER_LENGTH)
  return {
    phases,
    acCurrentA: float32(regs, 0),
    acVoltageV: float32(regs, 14) ?? float32(regs, 8),
    acPowerW: float32(regs, 20),
    acFrequencyHz: float32(regs, 22),
    lifetimeWh: float32(regs, 30),
    dcCurrentA: float32(regs, 32),
    dcVoltageV: float32(regs, 34),
    dcPowerW: float32(regs, 36),
    cabinetTempC: float32(regs, 38),
    state: state(regs, 46),
  }
}

/**
 * Model 160: 8 registers of scale factors and count, then N modules of 20. An N that is not
 * implemented is taken from the length; an N that does not fit is an error.
 */
export function decodeMppt(regs: number[]): SunSpecMppt {
  checkLength(MPPT_MODEL, regs, MPPT_FIXED_LENGTH)
  const fitting = Math.floor((regs.length - MPPT_FIXED_LENGTH) / MPPT_MODULE_LENGTH)
  const n = uint16(regs, 6) ?? fitting
  if (n > fitting) {
    throw new SunSpecError(
      `model 160 says ${n} modules (${MPPT_FIXED_LENGTH + n * MPPT_MODULE_LENGTH} registers), ` +
        `the block has ${regs.length}`,
    )
  }
  const aSf = sunssf(regs, 0)
  const vSf = sunssf(regs, 1)
  const wSf = sunssf(regs, 2)
  const whSf = sunssf(regs, 3)
  const modules: SunSpecMpptModule[] = []
  for (let i = 0; i < n; i++) {
    const at = MPPT_FIXED_LENGTH + i * MPPT_MODULE_LENGTH
    modules.push({
      id: uint16(regs, at) ?? i + 1,
      label: text(regs, at + 1, 8),
      dcCurrentA: scaled(uint16(regs, at + 9), aSf),
      dcVoltageV: scaled(uint16(regs, at + 10), vSf),
      dcPowerW: scaled(uint16(regs, at + 11), wSf),
      lifetimeWh: scaled(acc32(regs, at + 12), whSf),
      temperatureC: int16(regs, at + 16),
      state: state(regs, at + 17),
    })
  }
  return { modules }
}

/**
 * Models 201-204 (single phase, split phase, wye, delta). W is the total real power as the
 * meter reports it (meters differ in which direction they count as positive).
 */
export function decodeMeter(id: number, regs: number[]): SunSpecMeter {
  if (!isMeterModel(id)) {
    throw new SunSpecError(`model ${id} is not a meter model (201-204)`)
  }
  checkLength(id, regs, METER_LENGTH)
  const whSf = sunssf(regs, 52)
  return {
    phases: id === 201 ? 1 : id === 202 ? 2 : 3,
    acPowerW: scaled(int16(regs, 16), sunssf(regs, 20)),
    frequencyHz: scaled(int16(regs, 14), sunssf(regs, 15)),
    exportedWh: scaled(acc32(regs, 36), whSf),
    importedWh: scaled(acc32(regs, 44), whSf),
  }
}

function checkLength(id: number, regs: number[], min: number): void {
  if (regs.length < min) {
    throw new SunSpecError(`model ${id} has ${regs.length} registers, it needs at least ${min}`)
  }
}
