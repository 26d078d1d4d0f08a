// An inverter as the hub reports it, for the photovoltaics tests: producing, with two strings,
// read a moment ago; each test changes what it is about.
import type { HubStatus, PvDay, PvStatus } from '../../api/types'

export const HUB_ZONE = 'Europe/Berlin'

export const hubStatus: HubStatus = {
  version: '0.1.0',
  uptimeSeconds: 100,
  now: new Date().toISOString(),
  timeZone: HUB_ZONE,
  clockSynchronized: true,
  locationConfigured: true,
  bus: { online: true, path: 'emulator', error: null, strayFrames: 0 },
  pulseMode: 'DEVICE',
  hubTimedPulseUnits: [],
  mqtt: null,
}

export function producing(extra: Partial<PvStatus> = {}): PvStatus {
  return {
    configured: true,
    online: true,
    error: null,
    offlineSince: null,
    device: {
      manufacturer: 'Lamella',
      model: 'Emulated inverter',
      serial: 'EMU-0001',
      version: '1.0.0',
    },
    powerW: 3420,
    dcPowerW: 3550,
    todayWh: 12_340,
    lifetimeWh: 1_234_000,
    state: 'MPPT',
    mppt: [],
    updatedAt: new Date().toISOString(),
    ...extra,
  }
}

export const notConfigured: PvStatus = {
  configured: false,
  online: false,
  error: null,
  offlineSince: null,
  device: null,
  powerW: null,
  dcPowerW: null,
  todayWh: null,
  lifetimeWh: null,
  state: null,
  mppt: [],
  updatedAt: null,
}

/** `count` days ending today, oldest first, each `wh(i)`. */
export function energyDays(count: number, wh: (i: number) => number): PvDay[] {
  const today = Date.UTC(2025, 5, 30)
  return Array.from({ length: count }, (_, i) => ({
    day: new Date(today - (count - 1 - i) * 86_400_000).toISOString().slice(0, 10),
    wh: wh(i),
  }))
}
