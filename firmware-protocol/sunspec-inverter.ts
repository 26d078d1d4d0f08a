// The emulated SunSpec inverter's registers, and answering Modbus TCP requests from them.
import type { InverterState } from './sunspec'

export interface InverterReading {
  acPowerW: number
  dcPowerW: number
  lifetimeWh: number
  state: InverterState
  acVoltageV: number
  acFrequencyHz: number
  mppt: Array<{ dcVoltageV: number; dcCurrentA: number; dcPowerW: number; lifetimeWh: number }>
}

/** The register image from `base` (40000): "SunS", model 1 (manufacturer "Lamella", model
 *  "Emulated inverter", serial given), then 103 (int + scale factors) or 113 (float32), then 160
 *  with the given modules (omitted when float), then the end model. */
export function inverterImage(opts: {
  base?: number
  float?: boolean
  serial: string
  reading: InverterReading
}): Map<number, number> {
  throw new Error(`not yet: ${opts.serial}`)
}

/** Answers one Modbus TCP request frame against an image: 0x03 within the image gives the
 *  registers, an address outside gives exception 2, another function exception 1. Throws
 *  ProtocolError on a frame it cannot decode. */
export function answerTcpRequest(
  frame: Uint8Array,
  read: (address: number) => number | undefined,
): Uint8Array {
  throw new Error(`not yet: ${frame.length} ${String(read(0))}`)
}
