// What the relay driver asks before it carries out any command for a blind's relays, so a
// lock (weather protection, hub/weather) holds whoever sends the command: Positions, an
// automation's timed step, calibration, MQTT, Matter. The driver's safe state (all off) is
// never asked.
import type { Side } from './side'

export type GateRequest =
  /** A relay run; `target`: the position a move aims for, null for a run to the end stop. */
  { kind: 'RUN'; side: Side; target: number | null } | { kind: 'STOP' }

export interface RelayGate {
  /** The error that refuses the request, or null to let it go on. */
  refuse(blindId: string, request: GateRequest): Error | null
}
