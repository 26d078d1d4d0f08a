// What the API reads of the PV inverter (GraphQL's pv, pvHistory and pvEnergy), and the
// answers while LAMELLA_PV is not set.
import type { PvState } from '../realtime/events'

export interface PvDevice {
  manufacturer: string | null
  model: string | null
  serial: string | null
  version: string | null
}

export interface PvMppt {
  id: number
  label: string | null
  powerW: number | null
  voltageV: number | null
  currentA: number | null
}

export interface PvStatus {
  configured: boolean
  online: boolean
  error: string | null
  /** ISO-8601; null while online. */
  offlineSince: string | null
  device: PvDevice | null
  powerW: number | null
  dcPowerW: number | null
  todayWh: number | null
  lifetimeWh: number | null
  state: PvState | null
  mppt: PvMppt[]
  /** ISO-8601; null before the first good read. */
  updatedAt: string | null
}

export interface PvSample {
  at: string
  powerW: number | null
  dcPowerW: number | null
}

export interface PvDay {
  day: string
  wh: number
}

export interface PvService {
  status(): PvStatus
  /** 1-minute samples in [from, to) (epoch ms), oldest first. */
  history(from: number, to: number): PvSample[]
  /** Energy of the last `days` local days including today, oldest first. */
  energy(days: number): PvDay[]
}

const UNCONFIGURED_STATUS: PvStatus = {
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

export const unconfiguredPv: PvService = {
  status: () => UNCONFIGURED_STATUS,
  history: () => [],
  energy: () => [],
}
