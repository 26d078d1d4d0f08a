// SunSpec over Modbus: finding a device's models and decoding the ones Lamella reads.

export const SUNSPEC_BASES = [40000, 0, 50000] as const

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

export interface SunSpecCommon {
  manufacturer: string | null
  model: string | null
  options: string | null
  version: string | null
  serial: string | null
  deviceAddress: number | null
}

export type InverterState =
  | 'OFF'
  | 'SLEEPING'
  | 'STARTING'
  | 'MPPT'
  | 'THROTTLED'
  | 'SHUTTING_DOWN'
  | 'FAULT'
  | 'STANDBY'

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

/** Reads "SunS" at each base in turn, then walks id/length headers until id 0xFFFF. A last
 *  model whose length is missing (0xFFFF id with no length, or a read error right after the
 *  end id) ends the walk cleanly. `read` is the I/O; discovery itself is pure. */
export async function discoverModels(
  read: (address: number, count: number) => Promise<number[]>,
): Promise<{ base: number; models: ModelBlock[] }> {
  await read(SUNSPEC_BASES[0], 2)
  throw new SunSpecError('not yet')
}

/** Model 1 (length 65 or 66). */
export function decodeCommon(regs: number[]): SunSpecCommon {
  throw new Error(`not yet: ${regs.length}`)
}

/** Models 101-103 (integer + scale factors) and 111-113 (float32). */
export function decodeInverter(id: number, regs: number[]): SunSpecInverter {
  throw new Error(`not yet: ${id} ${regs.length}`)
}

/** Model 160. */
export function decodeMppt(regs: number[]): SunSpecMppt {
  throw new Error(`not yet: ${regs.length}`)
}

/** Models 201-204. */
export function decodeMeter(id: number, regs: number[]): SunSpecMeter {
  throw new Error(`not yet: ${id} ${regs.length}`)
}
