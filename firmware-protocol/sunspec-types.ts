// SunSpec as plain data: the model blocks a device has and what Lamella decodes from them.

/** Where a SunSpec device's "SunS" marker may start, in the order discovery tries them. */
export const SUNSPEC_BASES = [40000, 0, 50000] as const
/** "SunS" in two registers. */
export const SUNS_MARKER = [0x5375, 0x6e53] as const
/** The id of the end model, after the last model block. */
export const END_MODEL_ID = 0xffff

export interface ModelBlock {
  id: number
  /** first register of the block's body, after id and length */
  address: number
  length: number
}

/** Discovery found no SunSpec device, or a model block makes no sense. */
export class SunSpecError extends Error {
  override readonly name = 'SunSpecError'
}

/** Operating states 1-8 (St of models 101-113, DCSt of model 160), index + 1. */
export const INVERTER_STATES = [
  'OFF',
  'SLEEPING',
  'STARTING',
  'MPPT',
  'THROTTLED',
  'SHUTTING_DOWN',
  'FAULT',
  'STANDBY',
] as const

export interface SunSpecCommon {
  manufacturer: string | null
  model: string | null
  options: string | null
  version: string | null
  serial: string | null
  deviceAddress: number | null
}

export type InverterState = (typeof INVERTER_STATES)[number]

export interface SunSpecInverter {
  phases: 1 | 2 | 3
  acPowerW: number | null
  acCurrentA: number | null
  acVoltageV: number | null
  acFrequencyHz: number | null
  dcPowerW: number | null
  dcVoltageV: number | null
  dcCurrentA: number | null
  lifetimeWh: number | null
  cabinetTempC: number | null
  state: InverterState | null
}

export interface SunSpecMpptModule {
  id: number
  label: string | null
  dcCurrentA: number | null
  dcVoltageV: number | null
  dcPowerW: number | null
  lifetimeWh: number | null
  temperatureC: number | null
  state: InverterState | null
}

export interface SunSpecMppt {
  modules: SunSpecMpptModule[]
}

export interface SunSpecMeter {
  phases: 1 | 2 | 3
  acPowerW: number | null
  frequencyHz: number | null
  exportedWh: number | null
  importedWh: number | null
}
