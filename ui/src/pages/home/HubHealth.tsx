// The hub's health at a glance: warnings when blinds cannot move (bus offline, worded by
// BusNotice as on the Blinds page) or schedules are paused (clock not synchronised), and a
// small line with the bus state, always. The bus part follows `bus:status` pushes, which
// LiveUpdates patches into the cached status. Admins also see who times the relays' pulses,
// which boards refused to time them, and the MQTT link to Home Assistant when it is set up.
import { busProblem } from '../../../../hub/bus/bus-problem'
import { useHubStatus, useWhoAmI } from '../../api/hooks'
import type { HubStatus } from '../../api/types'
import { BusNotice } from '../../components/BusNotice'
import { AlertIcon } from '../../shell/icons'
import { MqttLine, MqttNotice } from './MqttHealth'

/** "unit 2", "units 1 and 3", "units 1, 2 and 3". */
function unitList(units: number[]): string {
  const last = units[units.length - 1]
  if (units.length === 1) return `unit ${last}`
  return `units ${units.slice(0, -1).join(', ')} and ${last}`
}

function pulseTiming({ pulseMode, hubTimedPulseUnits: units }: HubStatus): string {
  if (pulseMode === 'HUB') return 'hub-timed pulses'
  if (units.length === 0) return 'board-timed pulses'
  return `board-timed pulses, hub-timed on ${unitList(units)}`
}

function refusalNote(units: number[]): string {
  const list = unitList(units)
  const their = units.length === 1 ? 'its' : 'their'
  return (
    `${list[0]!.toUpperCase()}${list.slice(1)} refused board-timed pulses ("flash on"), so ` +
    `the hub switches ${their} relays off itself. For standard Modbus relay boards, set ` +
    'LAMELLA_PULSE=hub.'
  )
}

/** `busReasonId`: the id the bus notice's sentence gets, which the move buttons point to. */
export function HubHealth({ busReasonId }: { busReasonId: string }) {
  const { data: status, error } = useHubStatus()
  const { data: me } = useWhoAmI()
  if (!status) {
    return error ? (
      <p className="hub-line">
        <span className="hub-dot hub-dot-unknown" aria-hidden="true" />
        Hub status unavailable
      </p>
    ) : null
  }
  const { bus } = status
  const mqtt = me?.isAdmin ? status.mqtt : null
  return (
    <div className="hub-health">
      <BusNotice problem={busProblem(bus)} reasonId={busReasonId} />
      {status.clockSynchronized === false && (
        <p className="banner banner-warning" role="status">
          <AlertIcon />
          <span>The hub's clock is not synchronised, so schedules are paused until it is.</span>
        </p>
      )}
      {mqtt && <MqttNotice link={mqtt} />}
      <p className="hub-line">
        <span
          className={`hub-dot ${bus.online ? 'hub-dot-online' : 'hub-dot-offline'}`}
          aria-hidden="true"
        />
        <span>
          Relay bus {bus.online ? 'online' : 'offline'}
          <span className="muted">
            {' '}
            · {bus.path}
            {me?.isAdmin && ` · ${pulseTiming(status)}`}
          </span>
        </span>
      </p>
      {me?.isAdmin && status.hubTimedPulseUnits.length > 0 && (
        <p className="hub-note muted">{refusalNote(status.hubTimedPulseUnits)}</p>
      )}
      {mqtt && <MqttLine link={mqtt} />}
    </div>
  )
}
