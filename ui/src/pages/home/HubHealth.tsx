// The hub's health at a glance: warnings when blinds cannot move (bus offline, worded by
// BusNotice as on the Blinds page) or schedules are paused (clock not synchronised), and a
// small line with the bus state, always. The bus part follows `bus:status` pushes, which
// LiveUpdates patches into the cached status. Admins also see who times the relays' pulses,
// which boards refused to time them, and the MQTT link to Home Assistant when it is set up.
import { useT } from '../../i18n/I18nProvider'
import { intlLocale } from '../../i18n/intl-locale'
import { formatNumber, type Translate } from '../../i18n/translate'
import { homeMessages as m } from './home.messages'
import { busProblem } from '../../../../hub/bus/bus-problem'
import { useHubStatus, useWhoAmI } from '../../api/hooks'
import type { HubStatus } from '../../api/types'
import { BusNotice } from '../../components/BusNotice'
import { AlertIcon } from '../../shell/icons'
import { MqttLine, MqttNotice } from './MqttHealth'

/** "unit 2", "units 1 and 3", "units 1, 2 and 3". */
/** "2", "1 and 3", "1, 2 and 3" in the language shown. */
function unitList(units: number[]): string {
  const locale = intlLocale() ?? 'en-GB'
  return new Intl.ListFormat(locale, { type: 'conjunction' }).format(
    units.map((unit) => formatNumber(locale, unit)),
  )
}

function pulseTiming({ pulseMode, hubTimedPulseUnits: units }: HubStatus, t: Translate): string {
  if (pulseMode === 'HUB') return t(m.hubTimedPulses)
  if (units.length === 0) return t(m.boardTimedPulses)
  return t(m.boardTimedExcept, { count: units.length, units: unitList(units) })
}

function refusalNote(units: number[], t: Translate): string {
  return t(m.refusedPulses, { count: units.length, units: unitList(units) })
}

/** `busReasonId`: the id the bus notice's sentence gets, which the move buttons point to. */
export function HubHealth({ busReasonId }: { busReasonId: string }) {
  const { data: status, error } = useHubStatus()
  const { data: me } = useWhoAmI()
  const t = useT()
  if (!status) {
    return error ? (
      <p className="hub-line">
        <span className="hub-dot hub-dot-unknown" aria-hidden="true" />
        {t(m.hubStatusUnavailable)}
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
          <span>{t(m.clockNotSynchronised)}</span>
        </p>
      )}
      {mqtt && <MqttNotice link={mqtt} />}
      <p className="hub-line">
        <span
          className={`hub-dot ${bus.online ? 'hub-dot-online' : 'hub-dot-offline'}`}
          aria-hidden="true"
        />
        <span>
          {t(bus.online ? m.busOnline : m.busOffline)}
          <span className="muted">
            {' '}
            · {bus.path}
            {me?.isAdmin && ` · ${pulseTiming(status, t)}`}
          </span>
        </span>
      </p>
      {me?.isAdmin && status.hubTimedPulseUnits.length > 0 && (
        <p className="hub-note muted">{refusalNote(status.hubTimedPulseUnits, t)}</p>
      )}
      {mqtt && <MqttLine link={mqtt} />}
    </div>
  )
}
